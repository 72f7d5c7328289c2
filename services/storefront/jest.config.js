import { jestConfig } from '../../jest.preset.js';

export default jestConfig();
