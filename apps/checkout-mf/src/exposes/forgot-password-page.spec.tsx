import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { mockApi } from '@shop/web-testing';
import { renderPage } from '../testing/render-page.js';

const CONFIRMATION = 'If an account exists for this email, we have sent it a link to reset its password. The link is valid for 30 minutes.';

async function ask(email = 'jane@example.com') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email Address'), email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

describe('ForgotPasswordPage', () => {
  it('asks for the email in a required email input, with a link back to sign in', () => {
    mockApi({});
    renderPage('/forgot-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email Address')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(document.title).toBe('Forgot Password | ProShop');
  });

  it("sends the email and shows the server's confirmation instead of the form", async () => {
    const { calls } = mockApi({ 'POST /api/users/password-reset': { status: 202, json: { message: CONFIRMATION } } });
    renderPage('/forgot-password');
    await ask();
    expect(await screen.findByText(CONFIRMATION)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'jane@example.com' });
    expect(screen.queryByRole('button', { name: 'Send Reset Link' })).not.toBeInTheDocument();
  });

  it("shows the server's message in the red alert when the request fails", async () => {
    mockApi({ 'POST /api/users/password-reset': { status: 429, json: { message: 'Too many password reset requests from your network, please try again later' } } });
    renderPage('/forgot-password');
    await ask();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many password reset requests from your network, please try again later'));
  });
});
