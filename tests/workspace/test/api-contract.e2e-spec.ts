/**
 * The front ends' calls are typed by the services' OpenAPI documents (libs/api-types, generated at build),
 * so a service that drops an operation or a field fails the typecheck of every remote that uses it, and
 * with it CI. Proven here on catalog-mf: the catalog's document is changed as a service change would
 * change it (the top products' operation gone, countInStock gone from its products), types are generated
 * from it into a scratch copy of libs/api-types, and the remote is typechecked against them.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const workspace = fileURLToPath(new URL('../../..', import.meta.url));
const generated = join(workspace, 'libs/api-types/src/generated');

interface OpenApiDocument {
  paths: Record<string, unknown>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
}

/** tsc on catalog-mf with `@shop/api-types` taken from `typesDir`; the compiler's output, empty when it passes. */
function typecheckCatalogAgainst(typesDir: string, scratch: string): string {
  const remote = join(workspace, 'apps/catalog-mf');
  const own = JSON.parse(readFileSync(join(remote, 'tsconfig.json'), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } };
  const paths = Object.fromEntries(Object.entries(own.compilerOptions.paths).map(([name, [target = '']]) => [name, [join(remote, target)]]));
  const config = join(scratch, 'tsconfig.json');
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(remote, 'tsconfig.json'),
      compilerOptions: { baseUrl: remote, paths: { ...paths, '@shop/api-types': [join(typesDir, 'index.ts')] } },
      include: [join(remote, 'src/**/*.ts'), join(remote, 'src/**/*.tsx')],
    }),
  );
  try {
    execFileSync(join(workspace, 'node_modules/.bin/tsc'), ['-p', config, '--noEmit'], { cwd: remote, encoding: 'utf8', stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe("a remote's calls against the services' OpenAPI", () => {
  let scratch: string;

  beforeAll(() => {
    // Inside the workspace (its tmp/ is ignored), so the compiler finds the remote's type packages.
    mkdirSync(join(workspace, 'tmp'), { recursive: true });
    scratch = mkdtempSync(join(workspace, 'tmp', 'api-contract-'));
    cpSync(join(workspace, 'libs/api-types/src'), join(scratch, 'types'), { recursive: true });
  });

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('passes against the documents the services print today', () => {
    expect(typecheckCatalogAgainst(join(scratch, 'types'), scratch)).toBe('');
  }, 120_000);

  it('fails, naming them, once the catalog no longer has an operation and a field the remote uses', async () => {
    const document = JSON.parse(readFileSync(join(generated, 'catalog.openapi.json'), 'utf8')) as OpenApiDocument;
    delete document.paths['/api/products/top'];
    for (const schema of Object.values(document.components.schemas)) {
      if (schema.properties && 'countInStock' in schema.properties) {
        delete schema.properties.countInStock;
        schema.required = schema.required?.filter((name) => name !== 'countInStock');
      }
    }
    writeFileSync(join(scratch, 'types/generated/catalog.ts'), astToString(await openapiTS(document as never, { exportType: true, alphabetize: true })));

    const output = typecheckCatalogAgainst(join(scratch, 'types'), scratch);

    expect(output).toContain("'\"/api/products/top\"'");
    expect(output).toContain('countInStock');
  }, 120_000);
});
