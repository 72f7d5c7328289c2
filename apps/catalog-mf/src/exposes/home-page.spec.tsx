import { screen, within } from '@testing-library/react';
import { aProduct, mockApi } from '@shop/web-testing';
import { renderPage } from '../testing/render-page.js';

const phone = aProduct({ _id: 'p2', name: 'iPhone 11 Pro 256GB Memory', price: 599.99, rating: 4, numReviews: 1 });
const airpods = aProduct();

function listOf(products = [airpods, phone], page = 1, pages = 1) {
  return { json: { products, page, pages } };
}

describe('HomePage', () => {
  it("shows a spinner under 'Latest Products' while the list loads", () => {
    mockApi({ 'GET /api/products': 'pending', 'GET /api/products/top': 'pending' });
    renderPage('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Latest Products' })).toBeInTheDocument();
    expect(screen.getAllByRole('status', { name: /Loading/ }).length).toBeGreaterThan(0);
  });

  it('shows a card per product with image, name link, rating with review count and price', async () => {
    mockApi({ 'GET /api/products': listOf(), 'GET /api/products/top': { json: [] } });
    renderPage('/');
    const link = await screen.findByRole('link', { name: airpods.name });
    expect(link).toHaveAttribute('href', '/product/p1');
    expect(screen.getByAltText(airpods.name)).toHaveAttribute('src', airpods.image);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('12 reviews')).toBeInTheDocument();
    expect(screen.getByText('1 review')).toBeInTheDocument();
    expect(screen.getByText('$89.99')).toBeInTheDocument();
    expect(screen.getByText('$599.99')).toBeInTheDocument();
  });

  it("warns 'No products to show...' when the list is empty", async () => {
    mockApi({ 'GET /api/products': listOf([]), 'GET /api/products/top': { json: [] } });
    renderPage('/search/nothing');
    expect(await screen.findByText('No products to show...')).toBeInTheDocument();
  });

  it("shows the server's message in a red alert when the list fails", async () => {
    mockApi({ 'GET /api/products': { status: 400, json: { message: 'Invalid page number' } } });
    renderPage('/search/phone');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid page number');
  });

  it('shows the top-rated carousel and no Go Back link when there is no keyword', async () => {
    mockApi({ 'GET /api/products': listOf(), 'GET /api/products/top': { json: [phone] } });
    renderPage('/');
    const carousel = await screen.findByRole('region', { name: 'Top rated products' });
    expect(await within(carousel).findByRole('link', { name: /iPhone 11 Pro/ })).toHaveAttribute('href', '/product/p2');
    expect(screen.queryByRole('link', { name: 'Go Back' })).not.toBeInTheDocument();
  });

  it('holds the places of the carousel and the cards while they load, so nothing moves when they arrive', () => {
    mockApi({ 'GET /api/products': 'pending', 'GET /api/products/top': 'pending' });
    renderPage('/');
    const carousel = screen.getByRole('region', { name: 'Top rated products' });
    expect(within(carousel).getByRole('status', { name: 'Loading top products...' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading products...' })).toBeInTheDocument();
    // Eight card-shaped placeholders (a page of products), hidden from assistive technology.
    expect(document.querySelectorAll('article[aria-hidden="true"]')).toHaveLength(8);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it("shows the request's message when the API cannot be reached", async () => {
    // No answer at all; the shop client retries a network error once before showing it.
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    renderPage('/page/2');
    expect(await screen.findAllByRole('alert', {}, { timeout: 5000 })).not.toHaveLength(0);
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('Failed to fetch');
  });

  it('shows Go Back to / instead of the carousel when searching', async () => {
    const { calls } = mockApi({ 'GET /api/products': listOf(), 'GET /api/products/top': { json: [phone] } });
    renderPage('/search/phone');
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/');
    await screen.findByRole('link', { name: airpods.name });
    expect(screen.queryByRole('region', { name: 'Top rated products' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url).sort()).toEqual(['/api/products/facets?keyword=phone', '/api/products?keyword=phone&pageNumber=1']);
  });

  it('paginates only when there is more than one page, keeping the keyword in the links', async () => {
    const { calls } = mockApi({ 'GET /api/products': listOf([airpods], 2, 3) });
    renderPage('/search/phone/page/2');
    const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
    const links = within(pagination).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/search/phone/page/1',
      '/search/phone/page/2',
      '/search/phone/page/3',
    ]);
    expect(within(pagination).getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(calls.map((call) => call.url)).toContain('/api/products?keyword=phone&pageNumber=2');
  });

  it('has no pagination on a single page', async () => {
    mockApi({ 'GET /api/products': listOf(), 'GET /api/products/top': { json: [] } });
    renderPage('/');
    await screen.findByRole('link', { name: airpods.name });
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('names the tab after the screen', async () => {
    mockApi({ 'GET /api/products': listOf(), 'GET /api/products/top': { json: [] } });
    renderPage('/search/phone');
    await screen.findByRole('link', { name: airpods.name });
    expect(document.title).toBe('Search: phone | ProShop');
  });
});
