// The chunks of the themed pages (every mf-courses route but the course list). They are listed here,
// outside ThemedRoutes, so that App can start a page's chunk together with the themed routes' chunk
// (antd's theme): both load in parallel, one round trip after the app's own.
export const themedPageChunks = {
  lessonVideo: () => import('./course-video/LessonVideoPage'),
  meeting: () => import('./meeting/MeetingPages'),
  series: () => import('./series/SeriesCoursesPage'),
} as const;

type ChunkName = keyof typeof themedPageChunks;

const CHUNK_OF_PATH: Record<string, ChunkName> = {
  '/course-video': 'lessonVideo',
  '/series-courses': 'series',
  '/meeting-notice': 'meeting',
  '/meeting-review': 'meeting',
};

/** Starts loading the chunk of the page at `pathname` (webpack loads a chunk once; a repeat is free). */
export function preloadThemedPage(pathname: string): void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const name = CHUNK_OF_PATH[path];
  if (name) void themedPageChunks[name]().catch(() => undefined);
}
