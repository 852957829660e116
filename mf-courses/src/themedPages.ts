import { chunkPreloader } from '@qianyan/shared';

// The chunks of the themed pages (every mf-courses route but the course list). They are listed here,
// outside ThemedRoutes, so that App can start a page's chunk together with the themed routes' chunk
// (antd's theme): both load in parallel, one round trip after the app's own.
export const themedPageChunks = {
  lessonVideo: () => import('./course-video/LessonVideoPage'),
  meeting: () => import('./meeting/MeetingPages'),
  series: () => import('./series/SeriesCoursesPage'),
} as const;

const CHUNK_OF_PATH: Record<string, keyof typeof themedPageChunks> = {
  '/course-video': 'lessonVideo',
  '/series-courses': 'series',
  '/meeting-notice': 'meeting',
  '/meeting-review': 'meeting',
};

/** Starts loading the chunk of the page at `pathname`. */
export const preloadThemedPage = chunkPreloader(themedPageChunks, CHUNK_OF_PATH);
