// What the apps share as the 'react-router-dom' singleton: the declarative DOM router API only.
// A shared module is emitted whole, and react-router-dom 7 re-exports all of react-router (data
// routers, server rendering, React Server Components): 61 KB gzipped of every first view. This
// module is tree-shaken to the names below (about a third of that). An app that needs another name
// adds it here; shared/src/shared-deps.test.ts fails while an app imports a name missing here.
export {
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  resolvePath,
  createPath,
  parsePath,
} from 'react-router';
