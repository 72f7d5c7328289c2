/**
 * Tokens are made and checked by the kept libraries (docs/decisions.md, "Tokens: @nestjs/jwt and
 * @nestjs/passport"), proven here so that the hand-made parts cannot come back: the users service signs
 * with @nestjs/jwt, every service that checks tokens does it through @nestjs/passport's AuthGuard (the
 * JWT strategy of @shop/service-kit, keys from jwks-rsa; sign-in with passport-local), and nothing uses
 * jose. Snippets are linted as if they were files at the given paths, as the boundaries spec does.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GUARDS_METADATA } from '@nestjs/common/constants.js';
import { AuthGuard } from '@nestjs/passport';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { AdminOnly, JwtAuthGuard, RolesGuard, SignedIn } from '@shop/service-kit';

const workspace = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: workspace, overrideConfig: { files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked } });

/** The import-rule errors the lint reports for an import of `specifier` placed at `filePath` (relative to the workspace). */
async function importErrors(filePath: string, specifier: string): Promise<string[]> {
  const code = `import * as imported from '${specifier}';\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: `${workspace}${filePath}` });
  return result.messages.filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports').map((message) => message.message);
}

const read = (path: string) => readFileSync(join(workspace, path), 'utf8');

/** The TypeScript files under `folder` (relative to the workspace), specs left out. */
function sourcesUnder(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(workspace, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory() && !['node_modules', 'dist'].includes(entry.name)) walk(path);
      else if (entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(e2e-)?spec\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
    }
  };
  walk(folder);
  return found;
}

const projectsIn = (folder: string) =>
  readdirSync(join(workspace, folder)).filter((name) => statSync(join(workspace, folder, name)).isDirectory() && readdirSync(join(workspace, folder, name)).includes('package.json'));

/** The server code: every service's and library's src/. */
const serverSources = [...projectsIn('services').map((name) => `services/${name}/src`), ...projectsIn('libs').map((name) => `libs/${name}/src`)].flatMap(sourcesUnder);

describe('no hand-made tokens', () => {
  it.each([
    ['services/catalog/src/x.ts', 'jose'],
    ['libs/service-kit/src/auth/x.ts', 'jose'],
    ['services/users/test/x.e2e-spec.ts', 'jose'],
    ['libs/testing/src/x.ts', 'jose'],
    ['apps/shell/src/x.tsx', 'jose'],
    ['services/users/src/tokens/x.ts', 'jsonwebtoken'],
    ['libs/service-kit/src/auth/x.ts', 'jsonwebtoken'],
  ])('the lint refuses %s importing %s', async (filePath, specifier) => {
    expect(await importErrors(filePath, specifier)).toEqual([expect.stringContaining('@nestjs/passport')]);
  });

  it.each([
    ['services/users/test/x.e2e-spec.ts', 'jsonwebtoken'],
    ['libs/testing/src/x.ts', 'jsonwebtoken'],
    ['services/users/src/tokens/x.ts', '@nestjs/jwt'],
    ['libs/service-kit/src/auth/x.ts', 'passport-jwt'],
    ['libs/service-kit/src/auth/x.ts', 'jwks-rsa'],
  ])('the lint lets %s import %s', async (filePath, specifier) => {
    expect(await importErrors(filePath, specifier)).toEqual([]);
  });

  it('has no project that depends on jose', () => {
    const manifests = ['package.json', ...['apps', 'libs', 'services', 'tools', 'tests', 'bench'].flatMap((folder) => projectsIn(folder).map((name) => `${folder}/${name}/package.json`))];
    const dependingOnJose = manifests.filter((path) => {
      const manifest = JSON.parse(read(path)) as Record<string, Record<string, string> | undefined>;
      return ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].some((kind) => manifest[kind]?.jose !== undefined);
    });
    expect(manifests.length).toBeGreaterThan(20);
    expect(dependingOnJose).toEqual([]);
  });

  it('has no server source that imports jose or verifies a token with jsonwebtoken itself (the test helpers of libs/testing mint tokens)', () => {
    expect(serverSources.length).toBeGreaterThan(100);
    const offending = serverSources
      .filter((path) => !path.startsWith('libs/testing/'))
      .filter((path) => /from '(jose|jsonwebtoken|jws)'|require\('(jose|jsonwebtoken|jws)'\)/.test(read(path)));
    expect(offending).toEqual([]);
  });
});

describe("every service's auth goes through @nestjs/passport's AuthGuard", () => {
  class Routes {
    signedIn() {}
    adminOnly() {}
  }
  const signedIn = Object.getOwnPropertyDescriptor(Routes.prototype, 'signedIn') as PropertyDescriptor;
  const adminOnly = Object.getOwnPropertyDescriptor(Routes.prototype, 'adminOnly') as PropertyDescriptor;
  SignedIn()(Routes.prototype, 'signedIn', signedIn);
  AdminOnly()(Routes.prototype, 'adminOnly', adminOnly);

  it("@SignedIn() guards with AuthGuard('jwt'), @AdminOnly() with AuthGuard('jwt') then RolesGuard", () => {
    expect(Object.getPrototypeOf(JwtAuthGuard)).toBe(AuthGuard('jwt'));
    expect(Reflect.getMetadata(GUARDS_METADATA, signedIn.value)).toEqual([JwtAuthGuard]);
    expect(Reflect.getMetadata(GUARDS_METADATA, adminOnly.value)).toEqual([JwtAuthGuard, RolesGuard]);
  });

  it("signs in through AuthGuard('local'), the users service's LocalStrategy (passport-local)", () => {
    expect(read('services/users/src/sign-in/local-auth.guard.ts')).toMatch(/class LocalAuthGuard extends AuthGuard\('local'\)/);
    expect(read('services/users/src/sign-in/local.strategy.ts')).toMatch(/class LocalStrategy extends PassportStrategy\(Strategy, 'local'\)/);
    expect(read('services/users/src/sign-in/sign-in.controller.ts')).toMatch(/@Post\('login'\)[\s\S]*@UseGuards\(LocalAuthGuard\)[\s\S]*login\(/);
  });

  it('has no other guard in the services and libraries: a guard is an AuthGuard, or RolesGuard after one', () => {
    const guards = serverSources.flatMap((path) =>
      [...read(path).matchAll(/class (\w+)[^{]*?(extends AuthGuard\('(\w+)'\)|implements [^{]*\bCanActivate\b)/g)].map((match) => `${path}: ${match[1]} ${match[3] ?? 'CanActivate'}`),
    );
    expect(guards.sort()).toEqual([
      'libs/service-kit/src/auth/jwt-auth.guard.ts: JwtAuthGuard jwt',
      'libs/service-kit/src/auth/roles.guard.ts: RolesGuard CanActivate',
      'services/users/src/sign-in/local-auth.guard.ts: LocalAuthGuard local',
    ]);
    const guardsUsed = serverSources.flatMap((path) => [...read(path).matchAll(/UseGuards\(([^)]*)\)/g)].flatMap((match) => match[1].split(',').map((name) => name.trim())));
    expect(new Set(guardsUsed)).toEqual(new Set(['JwtAuthGuard', 'RolesGuard', 'LocalAuthGuard']));
  });

  it.each(['users', 'catalog', 'orders'])('the %s service checks tokens with service-kit\'s AuthModule (the JWT strategy)', (service) => {
    expect(read(`services/${service}/src/app.module.ts`)).toMatch(/AuthModule\.forRoot\(\{\s*(\/\/[^\n]*\n\s*)*keys:/);
  });

  it('the gateway and the storefront server check no token themselves: the storefront asks the users service (releases/admin-caller.ts)', () => {
    const edge = [...sourcesUnder('services/gateway/src'), ...sourcesUnder('services/storefront/src')];
    expect(edge.filter((path) => /from '(passport[\w-]*|@nestjs\/passport|@nestjs\/jwt|jwks-rsa)'/.test(read(path)))).toEqual([]);
    expect(read('services/storefront/src/releases/admin-caller.ts')).toContain("'/api/users/profile'");
  });
});
