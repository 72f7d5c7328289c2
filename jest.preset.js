/**
 * Shared jest settings: ESM mode (Nest 12 is ESM-only), TypeScript through
 * @swc/jest with legacy decorators and decorator metadata, and the workspace's
 * libraries mapped to their sources so tests never need a build first.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(import.meta.url);

/** @swc/jest for TypeScript: legacy decorators with metadata (Nest's DI needs them), React's automatic JSX in TSX. */
function swc({ tsx }) {
  return [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true, tsx },
        transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'es6' },
      sourceMaps: 'inline',
    },
  ];
}

/**
 * @param {{ testEnvironment?: string, testMatch?: string[], setupFilesAfterEnv?: string[] }} [options]
 * Browser code passes `testEnvironment: 'jsdom'` and gets React (TSX) and the web setup (jest-dom
 * matchers, TextEncoder for react-router).
 */
export function jestConfig(options = {}) {
  const web = options.testEnvironment === 'jsdom';
  return {
    testEnvironment: options.testEnvironment ?? 'node',
    testMatch: options.testMatch ?? ['<rootDir>/src/**/*.spec.{ts,tsx}', '<rootDir>/test/**/*.e2e-spec.ts'],
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    setupFilesAfterEnv: [...(web ? [`${root}jest.web-setup.js`] : []), ...(options.setupFilesAfterEnv ?? [])],
    moduleNameMapper: {
      '^@shop/(paypal-stand-in)$': `${root}tools/$1/src/index.ts`,
      '^@shop/([a-z-]+)$': `${root}libs/$1/src/index.ts`,
      '^@shop/([a-z-]+)/([a-z-]+)$': `${root}libs/$1/src/$2.ts`,
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    transform: {
      '^.+\\.ts$': swc({ tsx: false }),
      '^.+\\.tsx$': swc({ tsx: true }),
    },
    testTimeout: 30_000,
  };
}
