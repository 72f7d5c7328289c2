import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { anAdmin, mockApi, renderRoute } from '@shop/web-testing';
import SignInForm from './sign-in-form.js';

/** Where another remote renders the part: on one of its own pages (admin's, running alone). */
function renderOnAnotherPage(title?: string) {
  return renderRoute('/admin/userList', <SignInForm title={title} />);
}

describe('SignInForm', () => {
  it("is checkout's sign-in under the title it is given, with a 'Register' link that carries no redirect", () => {
    mockApi({});
    renderOnAnotherPage('Sign in as an admin to try the admin pages');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in as an admin to try the admin pages' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it("is headed 'Sign In' when given no title", () => {
    mockApi({});
    renderOnAnotherPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  });

  it("signs in on the page's session and leaves the page where it is", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'POST /api/users/login': { json: anAdmin } });
    const { store } = renderOnAnotherPage();
    await user.type(screen.getByLabelText('Email Address'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(store.getState().userInfo).toEqual(anAdmin));
    expect(calls[0]?.body).toEqual({ email: 'admin@example.com', password: 'secret' });
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/admin\/userList$/);
  });
});
