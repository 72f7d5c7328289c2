import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aCustomer, aProductDetail, mockApi } from '@shop/web-testing';
import { renderPage } from '../testing/render-page.js';

const product = aProductDetail({ countInStock: 3 });
const review = { _id: 'r1', name: 'John Smith', rating: 4, comment: 'Great sound', createdAt: '2026-11-02T09:30:00.000Z' };

describe('ProductPage', () => {
  it('shows a spinner while the product loads, with Go Back to /', () => {
    mockApi({ 'GET /api/products/p1': 'pending' });
    renderPage('/product/p1');
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/');
  });

  it("shows the server's message in a red alert when the product cannot be read", async () => {
    mockApi({ 'GET /api/products/nope': { status: 404, json: { message: 'Product not found' } } });
    renderPage('/product/nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
  });

  it('shows the image, name, rating, price, description and stock status', async () => {
    mockApi({ 'GET /api/products/p1': { json: product } });
    renderPage('/product/p1');
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: product.name })).toHaveAttribute('src', product.image);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('12 reviews')).toBeInTheDocument();
    expect(screen.getByText(`Description: ${product.description}`)).toBeInTheDocument();
    expect(screen.getByText('In Stock')).toBeInTheDocument();
    expect(document.title).toBe(`${product.name} | ProShop`);
  });

  it('offers quantities 1..countInStock and adds the chosen one to the cart, then opens the cart', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/products/p1': { json: product } });
    const { store } = renderPage('/product/p1');
    const quantity = await screen.findByRole('combobox', { name: 'Qty' });
    expect(within(quantity).getAllByRole('option').map((option) => option.textContent)).toEqual(['1', '2', '3']);

    await user.selectOptions(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/cart/p1?qty=2'));
    expect(store.getState().cartItems).toEqual([expect.objectContaining({ product: 'p1', quantity: 2 })]);
  });

  it('offers no more quantities than one order line may hold, however large the stock', async () => {
    mockApi({ 'GET /api/products/p1': { json: aProductDetail({ countInStock: 1_000_000 }) } });
    renderPage('/product/p1');
    const options = within(await screen.findByRole('combobox', { name: 'Qty' })).getAllByRole('option');
    expect(options).toHaveLength(100);
    expect(options.at(-1)).toHaveTextContent('100');
  });

  it("is 'Out of Stock' with no quantity select and a disabled 'Add to Cart' at 0 stock", async () => {
    mockApi({ 'GET /api/products/p1': { json: aProductDetail({ countInStock: 0 }) } });
    renderPage('/product/p1');
    expect(await screen.findByText('Out of Stock')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Qty' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it("says 'No reviews' when there are none, and lists them otherwise", async () => {
    mockApi({ 'GET /api/products/p1': { json: product }, 'GET /api/products/p2': { json: { ...product, _id: 'p2', reviews: [review] } } });
    const { unmount } = renderPage('/product/p1');
    expect(await screen.findByText('No reviews')).toBeInTheDocument();
    unmount();

    renderPage('/product/p2');
    expect(await screen.findByText('Great sound')).toBeInTheDocument();
    expect(screen.getByText('John Smith')).toBeInTheDocument();
    expect(screen.getByText('2026-11-02')).toBeInTheDocument();
    expect(screen.queryByText('No reviews')).not.toBeInTheDocument();
  });

  it('asks guests to sign in to write a review, linking to /login', async () => {
    mockApi({ 'GET /api/products/p1': { json: product } });
    renderPage('/product/p1');
    expect(await screen.findByRole('heading', { name: 'Write a review?' })).toBeInTheDocument();
    const prompt = screen.getByText((_, element) => element?.textContent === 'Please sign in to write review');
    expect(within(prompt).getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('combobox', { name: 'Rating' })).not.toBeInTheDocument();
  });

  it("lets a signed-in customer rate with the five labels and shows 'Review Submitted', emptying the form", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/products/p1': { json: product },
      'PUT /api/products/p1/reviews': { status: 201, json: { message: 'Review added' } },
    });
    renderPage('/product/p1', { user: aCustomer });
    const rating = await screen.findByRole('combobox', { name: 'Rating' });
    expect(within(rating).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select...',
      '1 - Poor',
      '2 - Fair',
      '3 - Good',
      '4 - Very Good',
      '5 - Excellent',
    ]);

    await user.selectOptions(rating, '5');
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Love them');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Review Submitted')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ rating: 5, comment: 'Love them' });
    expect(rating).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
  });

  it("shows the server's message when a review is refused", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/products/p1': { json: product },
      'PUT /api/products/p1/reviews': { status: 400, json: { message: 'Product already reviewed' } },
    });
    renderPage('/product/p1', { user: aCustomer });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Rating' }), '3');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Product already reviewed');
    expect(screen.queryByText('Review Submitted')).not.toBeInTheDocument();
  });
});
