/**
 * This remote's side of the contract with the shell and the other remotes (libs/contracts, REMOTE_PAGES
 * and REMOTE_PARTS): it exposes every page and every part the contract names for `checkout`, each a
 * component. `satisfies` makes a missing, extra or wrongly typed page or part (a part taking other props
 * than RemotePartProps names) a type error (npm run typecheck); the test loads each module as its host would.
 */
import { REMOTE_PAGES, REMOTE_PARTS, type ExposedPages, type ExposedParts } from '@shop/contracts';

const exposed = {
  CartPage: () => import('./cart-page.js'),
  LoginPage: () => import('./login-page.js'),
  RegisterPage: () => import('./register-page.js'),
  ForgotPasswordPage: () => import('./forgot-password-page.js'),
  ResetPasswordPage: () => import('./reset-password-page.js'),
  ProfilePage: () => import('./profile-page.js'),
  ShippingPage: () => import('./shipping-page.js'),
  PaymentPage: () => import('./payment-page.js'),
  PlaceOrderPage: () => import('./place-order-page.js'),
  OrderPage: () => import('./order-page.js'),
} satisfies ExposedPages<'checkout'>;

const parts = {
  SignInForm: () => import('./sign-in-form.js'),
} satisfies ExposedParts<'checkout'>;

describe('the pages checkout exposes to the shell', () => {
  it.each(REMOTE_PAGES.checkout)('%s is a module whose default export is a component', async (page) => {
    const module = await exposed[page]();

    expect(typeof module.default).toBe('function');
  });
});

describe('the parts checkout exposes to the other remotes', () => {
  it.each(REMOTE_PARTS.checkout)('%s is a module whose default export is a component', async (part) => {
    const module = await parts[part]();

    expect(typeof module.default).toBe('function');
  });
});
