export { renderStandalone } from './render-standalone.js';
export { connectShopRemotes } from './shop-remotes.js';
