import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { NotFoundPage, UnderConstructionPage } from './construction/UnderConstructionPage';
import { CourseResourcesPage } from './course-resources/CourseResourcesPage';
import { LessonVideoPage } from './course-video/LessonVideoPage';
import { MeetingNoticePage, MeetingReviewPage } from './meeting/MeetingPages';
import { SeriesCoursesPage } from './series/SeriesCoursesPage';
import { SECTION_NAMES } from './messages';

/** The routes of mf-courses (ARCHITECTURE §3.5); sections without a screen yet show the construction panel. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/course-resources" element={<CourseResourcesPage />} />
      <Route path="/course-video" element={<LessonVideoPage />} />
      <Route path="/series-courses" element={<SeriesCoursesPage />} />
      <Route path="/meeting-notice" element={<MeetingNoticePage />} />
      <Route path="/meeting-review" element={<MeetingReviewPage />} />
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
