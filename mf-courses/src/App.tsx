import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { NotFoundPage, UnderConstructionPage } from './construction/UnderConstructionPage';
import { CourseResourcesPage } from './course-resources/CourseResourcesPage';
import { SECTION_NAMES } from './messages';

/** The routes of mf-courses (ARCHITECTURE §3.5); sections without a screen yet show the construction panel. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/course-resources" element={<CourseResourcesPage />} />
      {Object.entries(SECTION_NAMES).map(([path, name]) => (
        <Route key={path} path={path} element={<UnderConstructionPage name={name} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
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
