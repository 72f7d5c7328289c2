/**
 * The part of React Router the front ends use, and the only part the page downloads.
 *
 * Module Federation shares a module whole (it cannot know what a remote built later will import), and
 * react-router-dom whole is ~62 KB gzip. rspack.preset.mjs shares this file under the name
 * 'react-router-dom' instead: every app keeps writing `import { Link } from 'react-router-dom'`, and the
 * build keeps of React Router only what is re-exported here (~14 KB). It imports 'react-router', where
 * v7 keeps all of these, because 'react-router-dom' itself is the shared name.
 *
 * The lint (eslint.config.js) lets browser code import from 'react-router-dom' only the names listed
 * here, so a name missing here fails the lint rather than being undefined in the page. Adding one is
 * additive (remotes built earlier keep working); removing one breaks remotes that use it.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
