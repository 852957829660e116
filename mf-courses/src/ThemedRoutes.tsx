// Every route but the course list: each page is its own chunk, fetched when its route is first shown
// (the lesson page carries the video player, not the list's carousel), and all render inside antd's
// brand theme. This module is itself loaded lazily, so the course list's first view carries no antd.
import { LoadingState, ThemeScope } from '@qianyan/shared';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, UnderConstructionPage } from './construction/UnderConstructionPage';
import { SECTION_NAMES } from './messages';
import { themedPageChunks } from './themedPages';

const LessonVideoPage = lazy(() => themedPageChunks.lessonVideo().then((m) => ({ default: m.LessonVideoPage })));
const MeetingNoticePage = lazy(() => themedPageChunks.meeting().then((m) => ({ default: m.MeetingNoticePage })));
const MeetingReviewPage = lazy(() => themedPageChunks.meeting().then((m) => ({ default: m.MeetingReviewPage })));
const SeriesCoursesPage = lazy(() => themedPageChunks.series().then((m) => ({ default: m.SeriesCoursesPage })));

/** mf-courses' routes besides the course list (ARCHITECTURE §3.5); sections without a screen yet show the construction panel. */
export function ThemedRoutes() {
  return (
    <ThemeScope>
      <Suspense fallback={<LoadingState />}>
        <Routes>
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
    </ThemeScope>
  );
}
