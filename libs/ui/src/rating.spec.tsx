import { screen } from '@testing-library/react';
import { renderWithTheme } from './testing/render.js';
import { Rating, toHalfStars } from './rating.js';

describe('Rating', () => {
  it.each([
    [0, 'Rated 0 out of 5'],
    [3.5, 'Rated 3.5 out of 5'],
    [5, 'Rated 5 out of 5'],
  ])('reads %s stars as "%s"', (value, label) => {
    renderWithTheme(<Rating value={value} />);
    expect(screen.getByRole('img', { name: label })).toBeInTheDocument();
  });

  it('shows the review count text beside the stars', () => {
    renderWithTheme(<Rating value={4.5} text="12 reviews" />);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('12 reviews')).toBeInTheDocument();
  });

  it('rounds an average to the nearest half star and keeps it within 0..5', () => {
    expect(toHalfStars(4.3)).toBe(4.5);
    expect(toHalfStars(4.2)).toBe(4);
    expect(toHalfStars(7)).toBe(5);
    expect(toHalfStars(-1)).toBe(0);
    expect(toHalfStars(Number.NaN)).toBe(0);
  });
});
