export { listReply, mockApi, type ApiCall, type ApiReply, type ApiRoutes, type DeferrableApiRoutes } from './fake-api.js';
export { aCustomer, anAdmin, anOrder, aProduct, aProductDetail, aProfile, aUser } from './fixtures.js';
export { renderHookWithClient, type RenderHookOptions } from './render-hook.js';
export { renderRoute, type RenderRouteOptions } from './render-route.js';
