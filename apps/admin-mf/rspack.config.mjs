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
  // The page modules this remote exposes; the shell's route table names them (docs/micro-frontends.md).
  exposes: {
    './UserListPage': './src/exposes/user-list-page.tsx',
    './UserEditPage': './src/exposes/user-edit-page.tsx',
    './ProductListPage': './src/exposes/product-list-page.tsx',
    './ProductEditPage': './src/exposes/product-edit-page.tsx',
    './OrderListPage': './src/exposes/order-list-page.tsx',
  },
  port: 3013,
});
