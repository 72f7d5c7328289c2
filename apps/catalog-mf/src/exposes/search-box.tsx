/**
 * The header's search box with product suggestions, exposed to the shell as the part `catalog/SearchBox`
 * (libs/contracts, REMOTE_PARTS): catalog's team owns search, so it owns the box that suggests products.
 * Needs ShopThemeProvider, ShopClientProvider and a router above it (the shell's).
 */
import type { RemotePartProps } from '@shop/contracts';
import { SearchBox as CatalogSearchBox } from '../features/search-box/search-box.js';

export default function SearchBox({ text, focused }: RemotePartProps['SearchBox']) {
  return <CatalogSearchBox initialText={text} autoFocus={focused} />;
}
