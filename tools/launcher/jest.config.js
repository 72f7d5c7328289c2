import { jestConfig } from '../../jest.preset.js';

export default { ...jestConfig(), testTimeout: 180_000 };
