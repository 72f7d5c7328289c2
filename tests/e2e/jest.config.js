import { jestConfig } from '../../jest.preset.js';

// One browser journey through the whole shop: steps run in order and share the shopper's browser.
export default { ...jestConfig({ testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'] }), testTimeout: 60_000 };
