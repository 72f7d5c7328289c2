import { render, screen } from '@testing-library/react';
import HomePage from './home-page.js';

describe('HomePage', () => {
  it("is titled 'Latest Products'", () => {
    render(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Latest Products' })).toBeInTheDocument();
  });
});
