/**
 * catalog-mf: the `catalog` remote (the home list and the product page). The build is the preset's
 * remoteConfig: the shell loads the exposed pages; dist/index.html runs them alone (docs/catalog-mf.md).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../../rspack.preset.mjs';

const { dependencies } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

export default remoteConfig({
  name: 'catalog',
  here: fileURLToPath(new URL('.', import.meta.url)),
  dependencies,
  port: 3011,
  // The pages rendered on the server too (docs/ssr.md): the shop's public pages, which search engines read.
  serverPages: ['HomePage', 'ProductPage'],
});
