import { LoadingState } from '@qianyan/shared';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { NotFoundPage, UnderConstructionPage } from './construction/UnderConstructionPage';
import { SECTION_NAMES } from './messages';

// Each screen is its own chunk, fetched when its route is first shown (the course list does not carry
// the video player, nor the lesson page the list's carousel and filters).
const CourseResourcesPage = lazy(() =>
  import('./course-resources/CourseResourcesPage').then((m) => ({ default: m.CourseResourcesPage })),
);
const LessonVideoPage = lazy(() => import('./course-video/LessonVideoPage').then((m) => ({ default: m.LessonVideoPage })));
const MeetingNoticePage = lazy(() => import('./meeting/MeetingPages').then((m) => ({ default: m.MeetingNoticePage })));
const MeetingReviewPage = lazy(() => import('./meeting/MeetingPages').then((m) => ({ default: m.MeetingReviewPage })));
const SeriesCoursesPage = lazy(() => import('./series/SeriesCoursesPage').then((m) => ({ default: m.SeriesCoursesPage })));

/** The routes of mf-courses (ARCHITECTURE §3.5); sections without a screen yet show the construction panel. */
export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingState />}>
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
    </Suspense>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
