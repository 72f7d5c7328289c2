/**
 * The import boundaries of eslint.config.js, proven: each forbidden import below must fail the lint with
 * the boundary rule that owns it, and each allowed one must pass. Snippets are linted as if they were
 * files at the given paths, so nothing is written into the projects.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const workspace = fileURLToPath(new URL('../../..', import.meta.url));
// The snippets' files do not exist, so no tsconfig holds them: they are linted without types (the boundary
// rules need none). The type-aware rules are proven in lint-rules.e2e-spec.ts.
const eslint = new ESLint({ cwd: workspace, overrideConfig: { files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked } });

const BOUNDARY_RULES = ['import-x/no-restricted-paths', '@typescript-eslint/no-restricted-imports'];

/** The boundary errors the lint reports for `code` placed at `filePath` (relative to the workspace). */
async function boundaryErrors(filePath: string, specifier: string): Promise<string[]> {
  const code = `import * as imported from '${specifier}';\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: `${workspace}${filePath}` });
  return result.messages.filter((message) => BOUNDARY_RULES.includes(message.ruleId ?? '')).map((message) => message.message);
}

describe('forbidden imports fail the lint', () => {
  it.each([
    // A project's folder is closed to every other project, whatever the path written.
    ['services/orders/src/x.ts', '../../catalog/src/products/product.entity.js', 'services/orders may reach services/catalog only through its package'],
    ['apps/shell/src/x.tsx', '../../catalog-mf/src/exposes/home-page.js', 'apps/catalog-mf exports nothing: apps/shell may not import its files'],
    ['libs/ui/src/x.ts', '../../shop-client/src/api/http.js', 'libs/ui may reach libs/shop-client only through its package'],
    ['tests/e2e/test/x.ts', '../../../services/catalog/src/products/product.entity.js', 'Do not reach into another project by a relative path'],
    // Inside a micro-frontend: app files → exposes → features → shared, no feature → feature.
    ['apps/checkout-mf/src/features/order/x.tsx', '../account/login-form.js', 'A feature imports no other feature'],
    ['apps/checkout-mf/src/shared/x.tsx', '../features/account/login-form.js', 'src/shared is the lowest layer'],
    ['apps/admin-mf/src/shared/x.tsx', '../exposes/user-list-page.js', 'src/shared is the lowest layer'],
    ['apps/admin-mf/src/features/users/x.tsx', '../../exposes/user-list-page.js', 'A feature imports no page or app file'],
    ['apps/catalog-mf/src/features/home/x.tsx', '../../standalone-routes.js', 'A feature imports no page or app file'],
    ['apps/catalog-mf/src/exposes/x.tsx', '../standalone-routes.js', 'A page imports no app file'],
    // By package name: services, apps, server code in the browser, a library's deep path.
    ['services/orders/src/x.ts', '@shop/catalog', '@shop/orders (services, service) may not import @shop/catalog'],
    ['apps/shell/src/x.tsx', '@shop/catalog-mf', '@shop/shell (apps, app) may not import @shop/catalog-mf'],
    ['apps/shell/src/x.tsx', '@shop/service-kit', 'may not import @shop/service-kit'],
    ['apps/shell/src/x.tsx', '@nestjs/common', 'Browser code never imports server code'],
    ['apps/shell/src/x.tsx', '@shop/ui/src/button', 'Import a library by its package name only'],
    ['services/gateway/src/x.ts', '@shop/service-kit/src/database', 'Import a library by its package name only'],
    ['apps/shell/src/x.tsx', '@shop/service-kit/database', 'may not import @shop/service-kit'],
    ['services/catalog/src/x.ts', '@shop/testing', 'may not import @shop/testing'],
  ])('%s importing %s', async (filePath, specifier, reason) => {
    const errors = await boundaryErrors(filePath, specifier);
    expect(errors).toEqual(expect.arrayContaining([expect.stringContaining(reason)]));
  });
});

describe('allowed imports pass', () => {
  it.each([
    ['apps/checkout-mf/src/features/order/x.tsx', '../../shared/form-container.js'],
    ['apps/checkout-mf/src/features/order/x.tsx', './order-details.js'],
    ['apps/checkout-mf/src/exposes/x.tsx', '../features/order/order-details.js'],
    ['apps/checkout-mf/src/standalone-routes.spec.tsx', './testing/render-page.js'],
    ['apps/checkout-mf/src/features/order/x.tsx', '@shop/pricing'],
    ['apps/shell/src/x.tsx', '@shop/ui'],
    ['services/orders/src/x.ts', '@shop/event-bus'],
    ['services/orders/src/x.ts', '@shop/service-kit/database'],
    ['services/orders/test/x.e2e-spec.ts', '@shop/testing'],
  ])('%s importing %s', async (filePath, specifier) => {
    expect(await boundaryErrors(filePath, specifier)).toEqual([]);
  });
});
