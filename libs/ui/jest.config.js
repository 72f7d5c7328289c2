import { createRequire } from 'node:module';
import { jestConfig } from '../../jest.preset.js';

const require = createRequire(import.meta.url);
const config = jestConfig({ testEnvironment: 'jsdom' });

/*
 * jsdom stands for the browser, so the tests load styled-components' browser build, as the front ends'
 * bundles do (its package.json "browser" field, which jest does not read). Its Node build leaves
 * createGlobalStyle's rules out of a page rendered in the browser: GlobalStyle would add nothing.
 */
config.moduleNameMapper = {
  '^styled-components$': require.resolve('styled-components/dist/styled-components.browser.cjs.js'),
  ...config.moduleNameMapper,
};

export default config;
