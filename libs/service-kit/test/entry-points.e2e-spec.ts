import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * The CommonJS packages under node_modules a fresh Node process has loaded after importing `specifier`
 * (the built kit, as services load it). TypeORM, pg and class-validator are CommonJS; Nest 12's own
 * packages are ES modules, which no cache lists.
 */
function packagesLoadedBy(specifier: string): string[] {
  const script = `
    await import(${JSON.stringify(specifier)});
    const { createRequire } = await import('node:module');
    const loaded = Object.keys(createRequire(process.cwd() + '/').cache);
    const names = loaded.map((path) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(path)?.[1]).filter(Boolean);
    process.stdout.write(JSON.stringify([...new Set(names)]));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: packageDir, encoding: 'utf8' })) as string[];
}

describe('the kit’s entry points', () => {
  it('loads neither TypeORM nor pg from its main entry: a service without a database (gateway, storefront) does not pay for them', () => {
    const loaded = packagesLoadedBy('@shop/service-kit');
    expect(loaded).toEqual(expect.arrayContaining(['class-validator', 'rxjs']));
    expect(loaded).not.toContain('typeorm');
    expect(loaded).not.toContain('pg');
  });

  it('loads them from @shop/service-kit/database', () => {
    expect(packagesLoadedBy('@shop/service-kit/database')).toEqual(expect.arrayContaining(['typeorm', 'pg']));
  });
});
