import { jestConfig } from '../../jest.preset.js';

export default { ...jestConfig({ testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'] }), testTimeout: 60_000 };
