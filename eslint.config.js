/**
 * Lint for the whole workspace. Besides the usual TypeScript rules, it turns
 * the project tags (package.json "nx.tags") into import boundaries:
 * - a library never imports an app or a service;
 * - no service imports another service, and no app another app;
 * - browser code (platform:web) never imports server code (platform:node);
 * - a library is entered only by its package name (its src/index.ts), never by a deep path;
 * - the test helpers (type:testing) are imported by tests only;
 * - every project's folder is closed to the others' files, whatever the path written (import-x
 *   no-restricted-paths, zones generated from the same project list): only a package's own door
 *   (what its package.json exports) may be reached;
 * - inside a micro-frontend, imports run one way: the app files (main, bootstrap, standalone routes) →
 *   src/exposes (the pages) → src/features/<feature> → src/shared; no feature imports another;
 * - tokens are made and checked by @nestjs/jwt and @nestjs/passport only: no jose anywhere, jsonwebtoken in
 *   test code only.
 * tests/workspace lints known-forbidden snippets with this file, so these rules cannot quietly decay.
 *
 * It also holds the rules that catch bugs (proven the same way, tests/workspace/test/lint-rules.e2e-spec.ts):
 * type-aware promise rules for the TypeScript, React's rules of hooks for the browser code, no focused or
 * skipped test in the specs; and the .mjs files are linted too.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jest from 'eslint-plugin-jest';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const workspace = import.meta.dirname;
/** A workspace path, whatever the directory ESLint runs from (tests/workspace lints through the API). */
const at = (relative) => `${workspace}/${relative}`;

const folders = ['apps', 'libs', 'services', 'tools', 'tests', 'bench'];

/**
 * The paths inside a project that its package exposes ("exports" and "main"): a built library's dist/,
 * a source-only library's src/index.ts. Importing the package by name resolves there.
 */
function doorsOf(manifest) {
  const targets = [];
  const collect = (value) =>
    typeof value === 'string' ? targets.push(value) : Object.values(value ?? {}).forEach(collect);
  collect(manifest.exports);
  collect(manifest.main);
  return [...new Set(targets.map((target) => (/^(\.\/)?dist\//.test(target) ? './dist' : target)))];
}

/** Every workspace project with its package name and tags. */
const projects = folders.flatMap((folder) =>
  existsSync(at(folder))
    ? readdirSync(at(folder), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(at(`${folder}/${entry.name}/package.json`)))
        .map((entry) => {
          const manifest = JSON.parse(readFileSync(at(`${folder}/${entry.name}/package.json`), 'utf8'));
          const tags = manifest.nx?.tags ?? [];
          const tag = (kind) => tags.find((t) => t.startsWith(`${kind}:`))?.slice(kind.length + 1);
          return {
            root: `${folder}/${entry.name}`,
            folder,
            name: manifest.name,
            type: tag('type'),
            platform: tag('platform'),
            doors: doorsOf(manifest),
          };
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
  {
    // Not shared either: the one session and cart store is @shop/shop-client's.
    name: 'zustand',
    allowTypeImports: true,
    message: "Pages reach the session and cart through @shop/shop-client's hooks (useSession, useCart, useShopActions).",
  },
];

/**
 * Tokens are made and checked by the kept libraries only (docs/decisions.md, "Tokens: @nestjs/jwt and
 * @nestjs/passport"): the users service signs with @nestjs/jwt, every service checks through
 * @nestjs/passport (service-kit's JWT strategy, keys from jwks-rsa). Nothing imports jose, and only test
 * code (which mints tokens) imports jsonwebtoken itself.
 */
const handMadeTokens = (testCode) => [
  {
    name: 'jose',
    message: 'Tokens are signed with @nestjs/jwt and checked through @nestjs/passport (passport-jwt, jwks-rsa); tests mint them with jsonwebtoken (docs/decisions.md).',
  },
  ...(testCode
    ? []
    : [{ name: 'jsonwebtoken', message: "Sign with @nestjs/jwt's JwtService and check through @nestjs/passport (service-kit's JWT strategy), never by hand (docs/decisions.md)." }]),
];

/**
 * styled-components is the front ends' one styling system (docs/ui.md, "Styles"): no other CSS-in-JS
 * library beside it. (The hand-written static CSS system it replaced cannot come back through @shop/ui
 * either: tests/workspace/test/styles.e2e-spec.ts.)
 */
const oneStylingSystem = ['@emotion/react', '@emotion/styled', '@emotion/css', 'goober', '@linaria/core', '@vanilla-extract/css'].map((name) => ({
  name,
  message: "styled-components is the one styling system of the front ends (styled.x, css and createGlobalStyle from 'styled-components'; docs/ui.md).",
}));

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
    {
      // A library's doors are its package.json's exports: its src/index.ts, and service-kit's database part
      // (TypeORM and pg, which a service without a database must not load).
      group: ['@shop/*/*', '!@shop/service-kit/database'],
      message: 'Import a library by its package name only (its src/index.ts is its only door).',
    },
    {
      regex: '^(\\.\\./)+(apps|libs|services|tools|tests)/',
      message: 'Do not reach into another project by a relative path; import its package.',
    },
  ];
  // A library's exported part (`@shop/service-kit/database`) is as closed as the library itself.
  patterns.push(
    ...forbidden.map((name) => ({
      group: [`${name}/*`],
      message: `${project.name} (${project.folder}, ${project.type}) may not import ${name}: see the boundaries in eslint.config.js.`,
    })),
  );
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
            ...handMadeTokens(inTests || project.type === 'testing'),
            ...oneStylingSystem,
          ],
          patterns,
        },
      ],
    },
  };
}));

/** Each project's folder closed to every other project's files except the other's doors. */
const folderZones = projects.flatMap((project) =>
  projects
    .filter((other) => other !== project)
    .map((other) => ({
      target: project.root,
      from: other.root,
      except: other.doors,
      message: other.doors.length
        ? `${project.root} may reach ${other.root} only through its package (${other.name}).`
        : `${other.root} exports nothing: ${project.root} may not import its files.`,
    })),
);

/**
 * The layers inside a micro-frontend, as bulletproof-react keeps them: the app files that start it
 * (src/*.ts[x]) over the pages it exposes (src/exposes) over its features (src/features/<name>) over
 * what they share (src/shared). Imports only run down, and a feature imports no other feature.
 */
function layerZones(project) {
  const src = `${project.root}/src`;
  if (!existsSync(at(`${src}/features`))) return [];
  const appFiles = at(`${src}/*.{ts,tsx}`);
  const below = (layer, message) => [
    { target: `${src}/${layer}`, from: [`${src}/exposes`, `${src}/features`].filter((from) => !from.endsWith(layer)), message },
    { target: `${src}/${layer}`, from: [appFiles], message },
  ];
  const features = readdirSync(at(`${src}/features`), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return [
    ...below('shared', 'src/shared is the lowest layer: it imports no feature, page or app file.'),
    ...below('features', 'A feature imports no page or app file (imports run app → exposes → features → shared).'),
    { target: `${src}/exposes`, from: [appFiles], message: 'A page imports no app file (imports run app → exposes → features → shared).' },
    ...features.map((feature) => ({
      target: `${src}/features/${feature.name}`,
      from: `${src}/features`,
      except: [`./${feature.name}`],
      message: 'A feature imports no other feature: move what both need to src/shared/.',
    })),
  ];
}

/** The browser code: the micro-frontends and the platform:web libraries. */
const webCode = projects.filter((project) => project.platform === 'web').map((project) => `${project.root}/**/*.{ts,tsx}`);
const specFiles = ['**/*.spec.ts', '**/*.spec.tsx', '**/*.e2e-spec.ts'];

/** What Node puts in scope besides the language's own globals (the `globals` package is not a dependency). */
const nodeGlobals = Object.fromEntries(
  ['process', 'console', 'Buffer', 'URL', 'URLSearchParams', 'fetch', 'setTimeout', 'clearTimeout', 'setInterval',
    'clearInterval', 'setImmediate', 'queueMicrotask', 'structuredClone', 'performance', 'AbortController',
    'AbortSignal', 'TextEncoder', 'TextDecoder', 'Response', 'Request', 'Headers', 'FormData', 'Blob']
    .map((name) => [name, 'readonly']),
);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.nx/**', '.data/**', 'coverage/**', '**/*.js', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Type-aware rules, for the TypeScript files (the .mjs files have no tsconfig). The types come from one
  // program over the whole workspace (tsconfig.eslint.json), not from each project's tsconfig.json through
  // `projectService`: that one left out the specs (they are in tsconfig.spec.json, which the project
  // service does not open) and, with a type checker per project, ran out of memory (4 GB) after 3 minutes.
  // One program lints everything in a minute and a half on two cores and reads the libraries from their
  // sources, so it needs no build first (`npm test` lints before it builds).
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { project: at('tsconfig.eslint.json'), tsconfigRootDir: workspace } },
    rules: {
      // A promise nobody awaits loses its rejection (an unhandled rejection ends a Node process) and its
      // ordering; a deliberate fire-and-forget says so with `void`.
      '@typescript-eslint/no-floating-promises': 'error',
      // An async function where a void callback is expected (an event handler, forEach, an emitter's
      // listener): its rejection is dropped by the caller. A promise in an `if` is always true.
      '@typescript-eslint/no-misused-promises': 'error',
      // `await` on something that is not a promise is usually a missing call or a wrong type. Promise.all over
      // values some of which are promises (an optional `close()`, an order already settled) is fine.
      '@typescript-eslint/await-thenable': ['error', { allowMixedPromiseArrays: true }],
    },
  },
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
  // The .mjs files (rspack configs, generators, scripts, micro-benchmarks) are plain JavaScript run by
  // Node, outside any tsconfig: the JavaScript rules only. The scripts' output is what they print.
  {
    files: ['**/*.mjs'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: nodeGlobals },
    rules: { 'no-console': 'off' },
  },
  // In the browser, spec section 8 asks for some failures to be "only logged" (an image upload, the PayPal
  // button, PayPal's script): console.error is the browser's log. Services log through pino instead.
  {
    files: projects.filter((project) => project.platform === 'web').map((project) => `${project.root}/**/*.{ts,tsx}`),
    rules: { 'no-console': ['error', { allow: ['error'] }] },
  },
  // A remote calls the API through shop-client's apiGet/callApi, typed by the services' OpenAPI documents
  // (libs/api-types): an operation or field a service no longer has is then a type error, not a bug in
  // the page. The untyped client's `request` stays shop-client's own.
  {
    files: ['apps/*-mf/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'http', property: 'request', message: "Call the API with shop-client's callApi/apiGet, typed by the services' OpenAPI (libs/api-types)." },
      ],
    },
  },
  // React's rules for the browser code. Of react-hooks' recommended set, the rules of hooks, the effect
  // dependencies (an error: a stale closure is a bug, and a warning never fails CI) and the React Compiler's
  // checks that are bugs with or without the compiler (state set while rendering, props/state mutated,
  // refs read while rendering, impure calls in render, components created in render, try/catch around
  // JSX). Left out: the ones that only say the compiler could not optimise a component
  // (preserve-manual-memoization, incompatible-library, unsupported-syntax, config, gating): the shop
  // does not build with the React Compiler.
  {
    files: webCode,
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/set-state-in-render': 'error',
      'react-hooks/set-state-in-effect': 'error',
      'react-hooks/immutability': 'error',
      'react-hooks/refs': 'error',
      'react-hooks/globals': 'error',
      'react-hooks/purity': 'error',
      'react-hooks/static-components': 'error',
      'react-hooks/use-memo': 'error',
      'react-hooks/error-boundaries': 'error',
    },
  },
  // The test files: no focused or skipped test may reach the main branch, and the recommended rules that
  // catch a test that checks nothing (an `expect` without a matcher or an unawaited `.resolves`, an
  // unreturned promise, two tests of the same name). Left out as they misread this code base:
  // expect-expect (supertest's `.expect(200)` and the assertion helpers are assertions),
  // no-conditional-expect and no-standalone-expect (table tests branch on the case; afterAll checks the
  // page had no errors).
  {
    files: specFiles,
    ...jest.configs['flat/recommended'],
    rules: {
      ...jest.configs['flat/recommended'].rules,
      'jest/no-focused-tests': 'error',
      'jest/no-disabled-tests': 'error',
      'jest/no-commented-out-tests': 'error',
      'jest/expect-expect': 'off',
      'jest/no-conditional-expect': 'off',
      'jest/no-standalone-expect': 'off',
    },
  },
  ...boundaryConfigs,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Resolves relative imports the way TypeScript does ('./x.js' is x.ts or x.tsx) and packages through
      // node_modules to the folder they live in; an import that does not resolve is left to the compiler.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: workspace, zones: [...folderZones, ...projects.flatMap(layerZones)] },
      ],
    },
  },
);
