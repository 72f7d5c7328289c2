/**
 * checkout-mf: the `checkout` remote (cart, sign-in, register, profile, shipping, payment, place order,
 * order). The build is the preset's remoteConfig: the shell loads the exposed pages; dist/index.html
 * runs them alone (docs/checkout-mf.md).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../../rspack.preset.mjs';

const { dependencies } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

export default remoteConfig({
  name: 'checkout',
  here: fileURLToPath(new URL('.', import.meta.url)),
  dependencies,
  port: 3012,
  // Rendered on the server too (docs/ssr.md, "Forms before and without the shell"): the pages of forms a
  // shopper may fill in before the shell has started. The rest depend on the session in the browser.
  serverPages: ['LoginPage', 'RegisterPage'],
});
