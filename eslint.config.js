/**
 * Lint for the whole workspace. Besides the usual TypeScript rules, it turns
 * the project tags (package.json "nx.tags") into import boundaries:
 * - a library never imports an app or a service;
 * - no service imports another service, and no app another app;
 * - browser code (platform:web) never imports server code (platform:node);
 * - a library is entered only by its package name (its src/index.ts), never by a deep path;
 * - the test helpers (type:testing) are imported by tests only.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const folders = ['apps', 'libs', 'services', 'tools', 'tests', 'bench'];

/** Every workspace project with its package name and tags. */
const projects = folders.flatMap((folder) =>
  existsSync(folder)
    ? readdirSync(folder, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(`${folder}/${entry.name}/package.json`))
        .map((entry) => {
          const manifest = JSON.parse(readFileSync(`${folder}/${entry.name}/package.json`, 'utf8'));
          const tags = manifest.nx?.tags ?? [];
          const tag = (kind) => tags.find((t) => t.startsWith(`${kind}:`))?.slice(kind.length + 1);
          return { root: `${folder}/${entry.name}`, folder, name: manifest.name, type: tag('type'), platform: tag('platform') };
        })
    : [],
);

const serverOnlyPackages = ['@nestjs/*', 'typeorm', 'pg', '@nats-io/*', 'argon2', 'express', 'multer'];

/**
 * Browser code gets of React Router only what the front ends share of it (tools/rspack/react-router.mjs):
 * a name missing there would be undefined in the page, so it is a lint error here instead.
 */
const sharedRouterNames = Object.keys(await import('./tools/rspack/react-router.mjs'));
const browserOnlyShared = [
  {
    name: 'react-router-dom',
    allowImportNames: sharedRouterNames,
    allowTypeImports: true,
    message: 'Only the part of React Router the front ends share may be imported: add the name to tools/rspack/react-router.mjs.',
  },
  {
    // Not shared between the shell and the remotes: a page importing it would get a second query cache.
    name: '@tanstack/react-query',
    allowTypeImports: true,
    message: 'Pages reach server state through @shop/shop-client, the one query cache on the page.',
  },
];

const testFiles = ['**/test/**', '**/testing/**', '**/test-support.tsx', '**/*.spec.ts', '**/*.spec.tsx', '**/*.e2e-spec.ts'];

/** May project `from` import project `to` (in its tests, when `inTests`)? */
function mayImport(from, to, testCode) {
  // End-to-end and benchmark projects drive the shop from outside: test code throughout.
  const inTests = testCode || from.type === 'e2e' || from.type === 'bench';
  if (from.name === to.name) return true;
  if (to.type === 'stand-in') return inTests || from.type === 'tool'; // stand-ins of outside services serve tests and the launcher
  if (to.folder !== 'libs') return false; // apps and services are never imported
  if (to.type === 'testing') return inTests || from.type === 'testing';
  if (from.platform === 'web' && to.platform === 'node') return false;
  if (from.type === 'contracts' && to.type !== 'contracts') return false;
  return true;
}

const boundaryConfigs = projects.flatMap((project) => [false, true].map((inTests) => {
  const forbidden = projects.filter((other) => !mayImport(project, other, inTests)).map((other) => other.name);
  const patterns = [
    { group: ['@shop/*/*'], message: 'Import a library by its package name only (its src/index.ts is its only door).' },
    {
      regex: '^(\\.\\./)+(apps|libs|services|tools|tests)/',
      message: 'Do not reach into another project by a relative path; import its package.',
    },
  ];
  if (project.platform === 'web') {
    patterns.push({ group: serverOnlyPackages, message: 'Browser code never imports server code.' });
  }
  return {
    files: inTests ? testFiles.map((glob) => `${project.root}/${glob}`) : [`${project.root}/**/*.{ts,tsx}`],
    ...(inTests ? {} : { ignores: testFiles.map((glob) => `${project.root}/${glob}`) }),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ...forbidden.map((name) => ({
              name,
              message: `${project.name} (${project.folder}, ${project.type}) may not import ${name}: see the boundaries in eslint.config.js.`,
            })),
            // The front ends' own code (not their tests, not the shared client library that wraps TanStack).
            ...(project.folder === 'apps' && !inTests ? browserOnlyShared : []),
          ],
          patterns,
        },
      ],
    },
  };
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.nx/**', '.data/**', 'coverage/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
      // `interface DefaultTheme extends ShopTheme {}` is how a library's types are augmented (declaration merging).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  // A benchmark's output is what it prints.
  { files: ['bench/**/*.ts'], rules: { 'no-console': 'off' } },
  // In the browser, spec section 8 asks for some failures to be "only logged" (an image upload, the PayPal
  // button, PayPal's script): console.error is the browser's log. Services log through pino instead.
  {
    files: projects.filter((project) => project.platform === 'web').map((project) => `${project.root}/**/*.{ts,tsx}`),
    rules: { 'no-console': ['error', { allow: ['error'] }] },
  },
  ...boundaryConfigs,
);
