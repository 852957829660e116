import { BrowserApp } from '@qianyan/shared';
import { PlainLoadingState } from '@qianyan/shared/plain';
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, UnderConstructionPage } from './construction/UnderConstructionPage';
import { CourseResourcesPage } from './course-resources/CourseResourcesPage';
import { SECTION_NAMES } from './messages';

// No route of mf-courses loads antd for its first view. The course list comes with the app itself (no
// chunk after it); the lesson, series and conference pages are each a chunk of their own, fetched when
// their route is first shown (one round trip after the app's), so the course list does not carry the
// video player nor the lesson page the list's carousel. The construction panel and the 404 are plain
// and small, and come with the app.
const LessonVideoPage = lazy(() => import('./course-video/LessonVideoPage').then((m) => ({ default: m.LessonVideoPage })));
const SeriesCoursesPage = lazy(() => import('./series/SeriesCoursesPage').then((m) => ({ default: m.SeriesCoursesPage })));
const MeetingNoticePage = lazy(() => import('./meeting/MeetingPages').then((m) => ({ default: m.MeetingNoticePage })));
const MeetingReviewPage = lazy(() => import('./meeting/MeetingPages').then((m) => ({ default: m.MeetingReviewPage })));

const Page = ({ children }: { children: ReactNode }) => <Suspense fallback={<PlainLoadingState />}>{children}</Suspense>;

/** The routes of mf-courses (ARCHITECTURE §3.5); sections without a screen yet show the construction panel. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/course-resources" element={<CourseResourcesPage />} />
      <Route path="/course-video" element={<Page><LessonVideoPage /></Page>} />
      <Route path="/series-courses" element={<Page><SeriesCoursesPage /></Page>} />
      <Route path="/meeting-notice" element={<Page><MeetingNoticePage /></Page>} />
      <Route path="/meeting-review" element={<Page><MeetingReviewPage /></Page>} />
      {Object.entries(SECTION_NAMES).map(([path, name]) => (
        <Route key={path} path={path} element={<UnderConstructionPage name={name} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export const App = () => <BrowserApp routes={AppRoutes} />;
