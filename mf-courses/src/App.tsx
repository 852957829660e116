import { BrowserApp, ThemedRoutesChunk } from '@qianyan/shared';
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { CourseResourcesPage } from './course-resources/CourseResourcesPage';
import { preloadThemedPage } from './themedPages';

// The course list renders without antd and comes with the app itself (its first view loads no antd
// and no further chunk); every other route comes with the themed routes' chunk, antd included.
const ThemedRoutes = lazy(() => import('./ThemedRoutes').then((m) => ({ default: m.ThemedRoutes })));

const Themed = () => <ThemedRoutesChunk routes={ThemedRoutes} preload={preloadThemedPage} />;

/** The routes of mf-courses (ARCHITECTURE §3.5). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/course-resources" element={<CourseResourcesPage />} />
      <Route path="*" element={<Themed />} />
    </Routes>
  );
}

export const App = () => <BrowserApp routes={AppRoutes} />;
