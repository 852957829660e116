import { PlainLoadingState } from '@qianyan/shared/plain';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { CourseResourcesPage } from './course-resources/CourseResourcesPage';
import { preloadThemedPage } from './themedPages';

// The course list renders without antd and comes with the app itself (its first view loads no antd
// and no further chunk); every other route comes with the themed routes' chunk, antd included.
const ThemedRoutes = lazy(() => import('./ThemedRoutes').then((m) => ({ default: m.ThemedRoutes })));

/** The themed routes, with the route's page chunk started beside theirs (not after: one round trip). */
function Themed() {
  preloadThemedPage(useLocation().pathname);
  return (
    <Suspense fallback={<PlainLoadingState />}>
      <ThemedRoutes />
    </Suspense>
  );
}

/** The routes of mf-courses (ARCHITECTURE §3.5). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/course-resources" element={<CourseResourcesPage />} />
      <Route path="*" element={<Themed />} />
    </Routes>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
