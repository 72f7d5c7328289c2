/**
 * This remote's side of the contract with the shell and the other remotes (libs/contracts, REMOTE_PAGES
 * and REMOTE_PARTS): it exposes every page and every part the contract names for `admin`, each a
 * component. `satisfies` makes a missing, extra or wrongly typed page or part (a part taking other props
 * than RemotePartProps names) a type error (npm run typecheck); the test loads each module as its host would.
 */
import { REMOTE_PAGES, REMOTE_PARTS, type ExposedPages, type ExposedParts } from '@shop/contracts';

const exposed = {
  UserListPage: () => import('./user-list-page.js'),
  UserEditPage: () => import('./user-edit-page.js'),
  ProductListPage: () => import('./product-list-page.js'),
  ProductEditPage: () => import('./product-edit-page.js'),
  OrderListPage: () => import('./order-list-page.js'),
  ReleasesPage: () => import('./releases-page.js'),
  DashboardPage: () => import('./dashboard-page.js'),
} satisfies ExposedPages<'admin'>;

const parts = {
  OrderAdminActions: () => import('./order-admin-actions.js'),
  OrderAdminHistory: () => import('./order-admin-history.js'),
} satisfies ExposedParts<'admin'>;

describe('the pages admin exposes to the shell', () => {
  it.each(REMOTE_PAGES.admin)('%s is a module whose default export is a component', async (page) => {
    const module = await exposed[page]();

    expect(typeof module.default).toBe('function');
  });
});

describe('the parts admin exposes to the other remotes', () => {
  it.each(REMOTE_PARTS.admin)('%s is a module whose default export is a component', async (part) => {
    const module = await parts[part]();

    expect(typeof module.default).toBe('function');
  });
});
