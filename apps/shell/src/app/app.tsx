import { RouterProvider, type DataRouter } from 'react-router-dom';

/** The shell's root. The router is passed in, so tests drive it with a memory router. */
export function App({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} />;
}
