import { jestConfig } from '../../jest.preset.js';

// A run's images are built once (the first spec that needs them), shared by every spec, and removed by the
// global teardown with every container, network and volume the run made.
export default {
  ...jestConfig({ testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'] }),
  globalSetup: '<rootDir>/test/global-setup.js',
  globalTeardown: '<rootDir>/test/global-teardown.js',
  testTimeout: 900_000,
};
