/** The router's table: the shell's frame around the page of whichever remote owns the route. */
import type { RouteObject } from 'react-router-dom';
import { ShellLayout } from './layout/shell-layout.js';
import { RemoteBoundary } from './remote-boundary.js';
import { shopRoutes } from './route-table.js';

export const shellRoutes: RouteObject[] = [
  {
    element: <ShellLayout />,
    children: shopRoutes.map(({ path, remote, module }) => ({
      path,
      // One boundary per route, so a notice on one screen does not follow the shopper to the next.
      element: <RemoteBoundary key={path} remote={remote} module={module} />,
    })),
  },
];
