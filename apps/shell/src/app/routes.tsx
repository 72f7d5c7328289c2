/** The router's table: the shell's frame around the page of whichever remote owns the route. */
import type { RouteObject } from 'react-router-dom';
import { useRoutes } from 'react-router-dom';
import { ShellLayout } from './layout/shell-layout.js';
import { RemoteBoundary } from './remote-boundary.js';
import { shopRoutes } from './route-table.js';

export const shellRoutes: RouteObject[] = [
  {
    element: <ShellLayout />,
    children: shopRoutes.map(({ path, remote, module, heading }) => ({
      path,
      // One boundary per route, so a notice on one screen does not follow the shopper to the next.
      element: <RemoteBoundary key={path} remote={remote} module={module} heading={heading} />,
    })),
  },
];

/**
 * The table rendered inside whichever router surrounds it. A component router (not a data router,
 * createBrowserRouter): the shop uses no loaders or actions, and the component router is the part
 * of React Router the page downloads (~14 KB gzip, against ~31 KB).
 */
export function ShellRoutes() {
  return useRoutes(shellRoutes);
}
