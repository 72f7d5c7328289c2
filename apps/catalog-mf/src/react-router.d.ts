/**
 * The shop routes with React Router's component routers (BrowserRouter in the page, StaticRouter on the
 * server, MemoryRouter in tests), whose `navigate` returns nothing. React Router types it
 * `void | Promise<void>` to cover its data routers too, which the lint's no-floating-promises would read
 * as a promise dropped at every call; as React Router's documentation of useNavigate advises, the type
 * says which router this is. A data router (createBrowserRouter) would change it to Promise<void>.
 */
import type { NavigateOptions, To } from 'react-router';

declare module 'react-router' {
  interface NavigateFunction {
    (to: To, options?: NavigateOptions): void;
    (delta: number): void;
  }
}
