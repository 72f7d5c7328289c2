import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aCustomer, mockApi } from '@shop/web-testing';
import { aCartItem } from '../testing/cart-items.js';
import { renderPage } from '../testing/render-page.js';

const address = () => screen.getByRole('status', { name: 'Address' });

async function signIn(email = 'jane@example.com', password = 'secret') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email Address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginPage', () => {
  it("shows the 'Sign In' form with a required email input and password, and a 'Register' link", () => {
    mockApi({});
    renderPage('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email Address')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(document.title).toBe('Sign In | ProShop');
  });

  it("offers 'Forgot password?' below the form, to /forgot-password", () => {
    mockApi({});
    renderPage('/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('keeps the redirect on the Register link', () => {
    mockApi({});
    renderPage('/login?redirect=shipping');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register?redirect=shipping');
  });

  it('is a plain form too: posted to /login with the clean redirect, its fields named as the gateway reads them', () => {
    mockApi({});
    renderPage('/login?redirect=shipping');
    const form = screen.getByLabelText('Email Address').closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/login?redirect=shipping');
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('name', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('name', 'password');
  });

  it("shows the text of a plain form's refusal (?error=code), and only the shop's own codes", () => {
    mockApi({});
    renderPage('/login?error=credentials');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it.each(['<b>hacked</b>', 'toString', ''])('shows nothing for an error code the shop does not give (%p)', (code) => {
    mockApi({});
    renderPage(`/login?error=${encodeURIComponent(code)}`);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs in with email and password, keeps the cart, and goes to /{redirect}', async () => {
    const { calls } = mockApi({ 'POST /api/users/login': { json: aCustomer } });
    const { store } = renderPage('/login?redirect=shipping', { prepare: (s) => s.addToCart(aCartItem()) });
    await signIn();
    await waitFor(() => expect(address()).toHaveTextContent(/^\/shipping$/));
    expect(calls[0]?.body).toEqual({ email: 'jane@example.com', password: 'secret' });
    expect(store.getState().userInfo).toEqual(aCustomer);
    expect(store.getState().cartItems).toHaveLength(1);
  });

  it('goes to / after sign-in without a redirect, or with one that leaves the shop', async () => {
    mockApi({ 'POST /api/users/login': { json: aCustomer } });
    renderPage('/login?redirect=//evil.example');
    await signIn();
    await waitFor(() => expect(address()).toHaveTextContent(/^\/$/));
  });

  it('goes on to /{redirect} at once when already signed in, without showing the form', async () => {
    mockApi({ 'GET /api/orders/o1': 'pending' });
    renderPage('/login?redirect=order/o1', { user: aCustomer });
    await waitFor(() => expect(address()).toHaveTextContent(/^\/order\/o1$/));
    expect(screen.queryByRole('heading', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('goes to / when already signed in and there is no redirect', async () => {
    mockApi({});
    renderPage('/login', { user: aCustomer });
    await waitFor(() => expect(address()).toHaveTextContent(/^\/$/));
  });

  it("shows the server's message in a red alert when sign-in is refused", async () => {
    mockApi({ 'POST /api/users/login': { status: 401, json: { message: 'Invalid email or password' } } });
    renderPage('/login');
    await signIn('jane@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(address()).toHaveTextContent('/login');
  });

  it('shows a spinner and disables Sign In while signing in', async () => {
    mockApi({ 'POST /api/users/login': 'pending' });
    renderPage('/login');
    await signIn();
    expect(screen.getByRole('status', { name: 'Signing in...' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  });
});
