import { createRequire } from 'node:module';
import { jestConfig } from '../../jest.preset.js';

const require = createRequire(import.meta.url);
const base = jestConfig({ testEnvironment: 'jsdom' });

export default {
  ...base,
  moduleNameMapper: {
    // Jest ignores package.json "browser" and would load styled-components' server build, which never
    // injects the theme's global styles in jsdom; use the browser build, as rspack does (see libs/ui).
    '^styled-components$': require.resolve('styled-components/dist/styled-components.browser.cjs.js'),
    ...base.moduleNameMapper,
  },
};
