import { screen } from '@testing-library/react';
import { MemoryRouter, Link } from 'react-router-dom';
import { renderWithTheme } from './testing/render.js';
import { Card, CardBody, CardMedia } from './card.js';

describe('Card', () => {
  it('shows a lazily loaded image with alt text above the body', () => {
    renderWithTheme(
      <Card>
        <CardMedia src="/images/phone.jpg" alt="iPhone 11 Pro" />
        <CardBody>
          <h3>iPhone 11 Pro</h3>
        </CardBody>
      </Card>,
    );
    const image = screen.getByRole('img', { name: 'iPhone 11 Pro' });
    expect(image).toHaveAttribute('src', '/images/phone.jpg');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('article')).toContainElement(screen.getByRole('heading', { name: 'iPhone 11 Pro' }));
  });

  it('fetches a priority image (above the fold) at once and first, not lazily', () => {
    renderWithTheme(<CardMedia src="/images/phone.jpg" alt="iPhone 11 Pro" priority />);

    const image = screen.getByRole('img', { name: 'iPhone 11 Pro' });
    expect(image).not.toHaveAttribute('loading');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('can wrap the image in a link to the product', () => {
    renderWithTheme(
      <MemoryRouter>
        <CardMedia src="/images/phone.jpg" alt="iPhone 11 Pro" wrap={(image) => <Link to="/product/7">{image}</Link>} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'iPhone 11 Pro' })).toHaveAttribute('href', '/product/7');
  });
});
