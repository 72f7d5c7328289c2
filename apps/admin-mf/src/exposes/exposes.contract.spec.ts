/**
 * This remote's side of the contract with the shell (libs/contracts, REMOTE_PAGES): it exposes every
 * page the contract names for `admin`, each a component. `satisfies` makes a missing, extra or
 * wrongly typed page a type error (npm run typecheck); the test loads each module as the shell would.
 */
import { REMOTE_PAGES, type ExposedPages } from '@shop/contracts';

const exposed = {
  UserListPage: () => import('./user-list-page.js'),
  UserEditPage: () => import('./user-edit-page.js'),
  ProductListPage: () => import('./product-list-page.js'),
  ProductEditPage: () => import('./product-edit-page.js'),
  OrderListPage: () => import('./order-list-page.js'),
} satisfies ExposedPages<'admin'>;

describe('the pages admin exposes to the shell', () => {
  it.each(REMOTE_PAGES.admin)('%s is a module whose default export is a component', async (page) => {
    const module = await exposed[page]();

    expect(typeof module.default).toBe('function');
  });
});
