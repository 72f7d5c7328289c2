/** Renders the catalog's routes at a URL as the shell hosts them. Test-only; never built. */
import { renderRoute, type RenderRouteOptions } from '@shop/web-testing';
import { StandaloneRoutes } from '../standalone-routes.js';

export function renderPage(path: string, options?: RenderRouteOptions) {
  return renderRoute(path, <StandaloneRoutes />, options);
}
