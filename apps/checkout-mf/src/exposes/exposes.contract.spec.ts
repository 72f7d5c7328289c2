/**
 * This remote's side of the contract with the shell (libs/contracts, REMOTE_PAGES): it exposes every
 * page the contract names for `checkout`, each a component. `satisfies` makes a missing, extra or
 * wrongly typed page a type error (npm run typecheck); the test loads each module as the shell would.
 */
import { REMOTE_PAGES, type ExposedPages } from '@shop/contracts';

const exposed = {
  CartPage: () => import('./cart-page.js'),
  LoginPage: () => import('./login-page.js'),
  RegisterPage: () => import('./register-page.js'),
  ProfilePage: () => import('./profile-page.js'),
  ShippingPage: () => import('./shipping-page.js'),
  PaymentPage: () => import('./payment-page.js'),
  PlaceOrderPage: () => import('./place-order-page.js'),
  OrderPage: () => import('./order-page.js'),
} satisfies ExposedPages<'checkout'>;

describe('the pages checkout exposes to the shell', () => {
  it.each(REMOTE_PAGES.checkout)('%s is a module whose default export is a component', async (page) => {
    const module = await exposed[page]();

    expect(typeof module.default).toBe('function');
  });
});
