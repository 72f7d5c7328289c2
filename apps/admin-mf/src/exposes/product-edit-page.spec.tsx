import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aCustomer, anAdmin, aProductDetail, mockApi } from '@shop/web-testing';
import { theme } from '@shop/ui';
import { renderPage } from '../testing/render-page.js';

const product = aProductDetail();

afterEach(() => {
  jest.restoreAllMocks();
});

function field(name: string): HTMLElement {
  return screen.getByLabelText(name);
}

describe('ProductEditPage', () => {
  it.each([
    ['a guest', undefined],
    ['a customer', aCustomer],
  ])('sends %s to /login without asking for the product', (_, user) => {
    const { calls } = mockApi({ 'GET /api/products/p1': { json: product } });
    renderPage('/admin/product/p1/edit', { user });
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/login$/);
    expect(calls).toHaveLength(0);
  });

  it("shows 'Edit Product' with a spinner while the product loads, and Go Back to the products", () => {
    mockApi({ 'GET /api/products/p1': 'pending' });
    renderPage('/admin/product/p1/edit', { user: anAdmin });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/admin/productList');
    expect(document.title).toBe('Edit Product | ProShop');
  });

  it("shows the server's message in a red alert when the product cannot be read", async () => {
    mockApi({ 'GET /api/products/nope': { status: 404, json: { message: 'Product not found' } } });
    renderPage('/admin/product/nope/edit', { user: anAdmin });
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });

  it("fills every field with the product's values", async () => {
    mockApi({ 'GET /api/products/p1': { json: product } });
    renderPage('/admin/product/p1/edit', { user: anAdmin });
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue(product.name);
    expect(screen.getByRole('spinbutton', { name: 'Price' })).toHaveValue(89.99);
    expect(screen.getByRole('spinbutton', { name: 'Price' })).toHaveAttribute('step', '0.01');
    expect(screen.getByRole('spinbutton', { name: 'Price' })).toHaveAttribute('min', '0');
    expect(screen.getByRole('textbox', { name: 'Image' })).toHaveValue('/images/airpods.jpg');
    expect(field('Upload image')).toHaveAttribute('type', 'file');
    expect(field('Upload image')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByRole('textbox', { name: 'Brand' })).toHaveValue('Apple');
    expect(screen.getByRole('spinbutton', { name: 'Count In Stock' })).toHaveValue(3);
    expect(screen.getByRole('spinbutton', { name: 'Count In Stock' })).toHaveAttribute('step', '1');
    expect(screen.getByRole('textbox', { name: 'Category' })).toHaveValue('Electronics');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue(product.description);
  });

  it("keeps the upload spinner's line in place while no upload runs", async () => {
    mockApi({ 'GET /api/products/p1': { json: product } });
    renderPage('/admin/product/p1/edit', { user: anAdmin });
    const uploadField = await screen.findByLabelText('Upload image');
    const uploadLine = uploadField.closest('div')?.nextElementSibling as HTMLElement;
    expect(uploadLine).toBeEmptyDOMElement();
    expect(getComputedStyle(uploadLine).minHeight).toBe(theme.space[4]);
  });

  it("sends every field with 'Update' and goes back to the products table", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/products/p1': { json: product },
      'PUT /api/products/p1': (call) => ({ json: { ...product, ...(call.body as object) } }),
      'GET /api/products': 'pending',
    });
    renderPage('/admin/product/p1/edit', { user: anAdmin });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Airpods Pro');
    await user.clear(screen.getByRole('spinbutton', { name: 'Price' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Price' }), '249.5');
    await user.clear(screen.getByRole('textbox', { name: 'Image' }));
    await user.type(screen.getByRole('textbox', { name: 'Image' }), '/images/pro.jpg');
    await user.clear(screen.getByRole('textbox', { name: 'Brand' }));
    await user.type(screen.getByRole('textbox', { name: 'Brand' }), 'Apple Inc');
    await user.clear(screen.getByRole('spinbutton', { name: 'Count In Stock' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Count In Stock' }), '7');
    await user.clear(screen.getByRole('textbox', { name: 'Category' }));
    await user.type(screen.getByRole('textbox', { name: 'Category' }), 'Audio');
    await user.clear(screen.getByRole('textbox', { name: 'Description' }));
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Noise cancelling');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/admin/productList'));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      _id: 'p1',
      name: 'Airpods Pro',
      price: 249.5,
      image: '/images/pro.jpg',
      brand: 'Apple Inc',
      category: 'Audio',
      countInStock: 7,
      description: 'Noise cancelling',
    });
    expect(put?.headers.get('Authorization')).toBe('Bearer token-of-admin');
  });

  it("shows the server's message in a red alert when the update is refused, staying on the form", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/products/p1': { json: product },
      'PUT /api/products/p1': { status: 400, json: { message: 'Price must not be negative' } },
    });
    renderPage('/admin/product/p1/edit', { user: anAdmin });
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Price must not be negative');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/admin/product/p1/edit');
  });

  it('uploads a chosen image file with a spinner meanwhile, and puts its path in the Image field', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/products/p1': { json: product },
      'POST /api/upload': { json: '/uploads/speaker-123.png' },
    });
    // The upload answers only when the test lets it, so the spinner can be seen first.
    let letUploadAnswer: () => void = () => undefined;
    const uploadMayAnswer = new Promise<void>((resolve) => {
      letUploadAnswer = resolve;
    });
    const answerApi = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/upload') await uploadMayAnswer;
      return answerApi(input, init);
    }) as typeof fetch;
    renderPage('/admin/product/p1/edit', { user: anAdmin });
    const file = new File(['png'], 'speaker.png', { type: 'image/png' });
    await screen.findByRole('textbox', { name: 'Image' });

    await user.upload(field('Upload image'), file);
    expect(screen.getByRole('status', { name: 'Uploading image...' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    letUploadAnswer();

    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Image' })).toHaveValue('/uploads/speaker-123.png'));
    expect(screen.queryByRole('status', { name: 'Uploading image...' })).not.toBeInTheDocument();
    const upload = calls.find((call) => call.url === '/api/upload');
    expect(upload?.method).toBe('POST');
    expect((upload?.body as FormData).get('image')).toBe(file);
  });

  it('only logs a failed upload: the spinner stops and the Image field keeps its value', async () => {
    const user = userEvent.setup();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /api/products/p1': { json: product },
      'POST /api/upload': { status: 400, json: { message: 'Images only!' } },
    });
    renderPage('/admin/product/p1/edit', { user: anAdmin });
    await screen.findByRole('textbox', { name: 'Image' });
    await user.upload(field('Upload image'), new File(['x'], 'speaker.png', { type: 'image/png' }));

    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(String(logged.mock.calls[0]?.[1])).toContain('Images only!');
    expect(screen.queryByRole('status', { name: 'Uploading image...' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Image' })).toHaveValue('/images/airpods.jpg');
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
  });
});
