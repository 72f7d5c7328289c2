import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { mockApi } from '@shop/web-testing';
import { RESET_LINK_INCOMPLETE } from '../features/password-reset/reset-password-form.js';
import { renderPage } from '../testing/render-page.js';

const TOKEN = 'Xk2_abcdefghijklmnopqrstuvwxyz0123456789-AB';
const address = () => screen.getByRole('status', { name: 'Address' });

async function choose(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('ResetPasswordPage', () => {
  it('takes the token off the address at once, so it stays in no history or bookmark', async () => {
    mockApi({});
    renderPage(`/reset-password#token=${TOKEN}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    await waitFor(() => expect(address()).toHaveTextContent(/^\/reset-password$/));
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled();
  });

  it("sends the link's token with the new password, then says so and links to sign in", async () => {
    const { calls } = mockApi({ 'POST /api/users/password-reset/confirm': { json: { message: 'Your password has been reset. Please sign in with your new password.' } } });
    renderPage(`/reset-password#token=${TOKEN}`);
    await choose('a-brand-new-secret-9');
    expect(await screen.findByText('Your password has been reset. Please sign in with your new password.')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ token: TOKEN, password: 'a-brand-new-secret-9' });
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it("refuses passwords that do not match with the spec's message, and sends nothing", async () => {
    const { calls } = mockApi({});
    renderPage(`/reset-password#token=${TOKEN}`);
    await choose('a-brand-new-secret-9', 'another-secret-8');
    expect(screen.getByRole('alert')).toHaveTextContent('Password do not match');
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message in the red alert for a used or expired link", async () => {
    const message = 'This password reset link is invalid, has expired or was already used. Please ask for a new one.';
    mockApi({ 'POST /api/users/password-reset/confirm': { status: 400, json: { message } } });
    renderPage(`/reset-password#token=${TOKEN}`);
    await choose('a-brand-new-secret-9');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says the link is incomplete without a token', () => {
    mockApi({});
    renderPage('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(RESET_LINK_INCOMPLETE);
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
  });
});
