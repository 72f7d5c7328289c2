import { screen } from '@testing-library/react';
import { mockApi } from '@shop/web-testing';
import { renderPage } from './testing/render-page.js';

describe('the catalog running alone', () => {
  it.each(['/', '/page/2', '/search/phone', '/search/phone/page/2'])('shows the home list at %s', (path) => {
    mockApi({ 'GET /api/products': 'pending', 'GET /api/products/top': 'pending' });
    renderPage(path);
    expect(screen.getByRole('heading', { name: 'Latest Products' })).toBeInTheDocument();
  });

  it('shows the product detail at /product/:id', () => {
    mockApi({ 'GET /api/products/p1': 'pending' });
    renderPage('/product/p1');
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/');
  });
});
