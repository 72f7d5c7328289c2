/**
 * Shared jest settings: ESM mode (Nest 12 is ESM-only), TypeScript through
 * @swc/jest with legacy decorators and decorator metadata, and the workspace's
 * libraries mapped to their sources so tests never need a build first.
 */
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

/** @param {{ testEnvironment?: string, testMatch?: string[] }} [options] */
export function jestConfig(options = {}) {
  return {
    testEnvironment: options.testEnvironment ?? 'node',
    testMatch: options.testMatch ?? ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
    extensionsToTreatAsEsm: ['.ts'],
    moduleNameMapper: {
      '^@shop/(paypal-stand-in)$': `${root}tools/$1/src/index.ts`,
      '^@shop/([a-z-]+)$': `${root}libs/$1/src/index.ts`,
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    transform: {
      '^.+\\.ts$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', decorators: true },
            transform: { legacyDecorator: true, decoratorMetadata: true },
            target: 'es2022',
            keepClassNames: true,
          },
          module: { type: 'es6' },
          sourceMaps: 'inline',
        },
      ],
    },
    testTimeout: 30_000,
  };
}
