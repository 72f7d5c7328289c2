export { mockApi, type ApiCall, type ApiReply, type ApiRoutes } from './fake-api.js';
export { aCustomer, anAdmin, anOrder, aProduct, aProductDetail, aProfile, aUser } from './fixtures.js';
export { renderRoute, type RenderRouteOptions } from './render-route.js';
