import { createRequire } from 'node:module';
import { jestConfig } from '../../jest.preset.js';

const require = createRequire(import.meta.url);
const base = jestConfig({ testEnvironment: 'jsdom' });

export default {
  ...base,
  moduleNameMapper: {
    // Jest ignores package.json "browser", so it would load styled-components' server build, which never
    // injects createGlobalStyle rules on the client. Tests use the browser build, as the bundler does.
    '^styled-components$': require.resolve('styled-components/dist/styled-components.browser.cjs.js'),
    ...base.moduleNameMapper,
  },
};
