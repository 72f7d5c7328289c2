import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { aCustomer, mockApi } from '@shop/web-testing';
import { renderPage } from '../testing/render-page.js';

const address = () => screen.getByRole('status', { name: 'Address' });

async function fillIn(password: string, confirmPassword: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name'), 'Jane Doe');
  await user.type(screen.getByLabelText('Email Address'), 'jane@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('RegisterPage', () => {
  it("shows the 'Sign Up' form with name, email, password and confirm password, all required, and a login link", () => {
    mockApi({});
    renderPage('/register?redirect=shipping');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    for (const label of ['Name', 'Email Address', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?redirect=shipping');
    expect(screen.getByText(/Have an Account\?/)).toBeInTheDocument();
    expect(document.title).toBe('Sign Up | ProShop');
  });

  it("says 'Password do not match' and sends nothing when the passwords differ", async () => {
    const { calls } = mockApi({});
    renderPage('/register');
    await fillIn('secret', 'secreT');
    expect(screen.getByRole('alert')).toHaveTextContent('Password do not match');
    expect(calls).toEqual([]);
  });

  it('registers, which signs the user in, and goes to /{redirect}', async () => {
    const { calls } = mockApi({ 'POST /api/users': { status: 201, json: aCustomer } });
    const { store } = renderPage('/register?redirect=shipping');
    await fillIn('secret', 'secret');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/shipping$/));
    expect(calls[0]).toEqual(expect.objectContaining({ method: 'POST', url: '/api/users' }));
    expect(calls[0]?.body).toEqual({ name: 'Jane Doe', email: 'jane@example.com', password: 'secret' });
    expect(store.getState().userInfo).toEqual(aCustomer);
  });

  it('goes on to /{redirect} at once when already signed in, without showing the form', async () => {
    const { calls } = mockApi({});
    renderPage('/register?redirect=shipping', { user: aCustomer });
    await waitFor(() => expect(address()).toHaveTextContent(/^\/shipping$/));
    expect(screen.queryByRole('heading', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's message when registration is refused", async () => {
    mockApi({ 'POST /api/users': { status: 400, json: { message: 'User already exists' } } });
    renderPage('/register');
    await fillIn('secret', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('User already exists');
    expect(screen.queryByText('Password do not match')).not.toBeInTheDocument();
  });

  it('shows a spinner while registering', async () => {
    mockApi({ 'POST /api/users': 'pending' });
    renderPage('/register');
    await fillIn('secret', 'secret');
    expect(screen.getByRole('status', { name: 'Registering...' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
  });
});
