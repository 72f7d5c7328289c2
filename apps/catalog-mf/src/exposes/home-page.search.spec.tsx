import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductFacetsDto } from '@shop/contracts';
import { aProduct, mockApi } from '@shop/web-testing';
import { renderPage } from '../testing/render-page.js';

const phone = aProduct({ _id: 'p2', name: 'iPhone 15 Pro', brand: 'Apple', category: 'Electronics', price: 1099.99 });
const facets: ProductFacetsDto = {
  categories: [{ value: 'Electronics', count: 3 }, { value: 'Audio', count: 1 }],
  brands: [{ value: 'Apple', count: 3 }, { value: 'Sony', count: 1 }],
  prices: [
    { min: 0, max: 25, count: 0 },
    { min: 25, max: 50, count: 0 },
    { min: 50, max: 100, count: 1 },
    { min: 100, max: 200, count: 0 },
    { min: 200, max: 500, count: 1 },
    { min: 500, count: 2 },
  ],
  ratings: [
    { rating: 4, count: 3 },
    { rating: 3, count: 4 },
    { rating: 2, count: 4 },
    { rating: 1, count: 4 },
  ],
  inStock: 3,
  total: 4,
};

const routes = () => ({
  'GET /api/products': { json: { products: [phone], page: 1, pages: 2 } },
  'GET /api/products/facets': { json: facets },
});

describe('HomePage on a search', () => {
  it('offers each facet value with its count, and the result count', async () => {
    mockApi(routes());
    renderPage('/search/phone');
    const filters = await screen.findByRole('region', { name: 'Filters' });
    expect(await within(filters).findByRole('checkbox', { name: 'Apple (3)' })).not.toBeChecked();
    expect(within(filters).getByRole('checkbox', { name: 'Electronics (3)' })).toBeInTheDocument();
    expect(within(filters).getByRole('radio', { name: '$500.00 and up (2)' })).toBeInTheDocument();
    expect(within(filters).getByRole('radio', { name: '4 stars & up (3)' })).toBeInTheDocument();
    expect(within(filters).getByRole('checkbox', { name: 'In stock only (3)' })).toBeInTheDocument();
    expect(screen.getByText('4 products found')).toBeInTheDocument();
  });

  it('reads the filters and order from the address, asks the API for them, and keeps them in the pagination links', async () => {
    const { calls } = mockApi(routes());
    renderPage('/search/phone?sort=price-asc&brand=Sony&brand=Apple&inStock=true');
    await screen.findByRole('link', { name: phone.name });
    const urls = calls.map((call) => call.url);
    expect(urls).toContain('/api/products?keyword=phone&pageNumber=1&brand=Apple&brand=Sony&inStock=true&sort=price-asc');
    expect(urls).toContain('/api/products/facets?keyword=phone&brand=Apple&brand=Sony&inStock=true');
    expect(await screen.findByRole('checkbox', { name: 'Apple (3)' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: '2' })).toHaveAttribute(
      'href',
      '/search/phone/page/2?brand=Apple&brand=Sony&inStock=true&sort=price-asc',
    );
  });

  it('goes to page 1 of the new results when a facet is ticked or the order changed', async () => {
    const { calls } = mockApi(routes());
    // Each change applies to the filters of the address now shown (the window's, as in the shop).
    renderPage('/search/phone/page/2', { history: 'browser' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Sony (1)' }));
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/products?keyword=phone&pageNumber=1&brand=Sony'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'rating' } });
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/products?keyword=phone&pageNumber=1&brand=Sony&sort=rating'));
    fireEvent.click(await screen.findByRole('radio', { name: '$50.00 to $100.00 (1)' }));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain('/api/products?keyword=phone&pageNumber=1&brand=Sony&minPrice=50&maxPrice=100&sort=rating'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/products?keyword=phone&pageNumber=1&sort=rating'));
  });

  it('keeps the filters behind a Filters button that says whether they are open (small screens)', async () => {
    mockApi(routes());
    renderPage('/search/phone');
    const toggle = await screen.findByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toHaveAttribute('aria-label', 'Filters');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('ignores filters in the address of the home list', async () => {
    const { calls } = mockApi({ ...routes(), 'GET /api/products/top': { json: [] } });
    renderPage('/?brand=Apple');
    await screen.findByRole('link', { name: phone.name });
    expect(calls.map((call) => call.url)).toEqual(expect.arrayContaining(['/api/products?pageNumber=1']));
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();
  });
});
