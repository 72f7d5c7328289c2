/**
 * This remote's side of the contract with the shell (libs/contracts, REMOTE_PAGES): it exposes every
 * page the contract names for `catalog`, each a component. `satisfies` makes a missing, extra or
 * wrongly typed page a type error (npm run typecheck); the test loads each module as the shell would.
 */
import { REMOTE_PAGES, REMOTE_PARTS, type ExposedPages, type ExposedParts } from '@shop/contracts';

const exposed = {
  HomePage: () => import('./home-page.js'),
  ProductPage: () => import('./product-page.js'),
} satisfies ExposedPages<'catalog'>;

const parts = {
  SearchBox: () => import('./search-box.js'),
} satisfies ExposedParts<'catalog'>;

describe('the pages catalog exposes to the shell', () => {
  it.each(REMOTE_PAGES.catalog)('%s is a module whose default export is a component', async (page) => {
    const module = await exposed[page]();

    expect(typeof module.default).toBe('function');
  });
});

describe('the parts catalog exposes to the other remotes', () => {
  it.each(REMOTE_PARTS.catalog)('%s is a module whose default export is a component', async (part) => {
    const module = await parts[part]();

    expect(typeof module.default).toBe('function');
  });
});
