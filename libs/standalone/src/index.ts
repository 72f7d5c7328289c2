export { renderStandalone } from './render-standalone.js';
