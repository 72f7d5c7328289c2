/**
 * admin-mf: the `admin` remote (users, products and orders tables and their edit pages). The build is
 * the preset's remoteConfig: the shell loads the exposed pages; dist/index.html runs them alone
 * (docs/admin-mf.md).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '../../rspack.preset.mjs';

const { dependencies } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

export default remoteConfig({
  name: 'admin',
  here: fileURLToPath(new URL('.', import.meta.url)),
  dependencies,
  port: 3013,
});
