// The chunks of the themed pages (every mf-content route but the home, article, article-list and
// transfer pages).
// They are listed here, outside ThemedRoutes, so that App can start a page's chunk together with the
// themed routes' chunk (antd's theme): both load in parallel, one round trip after the app's own.
export const themedPageChunks = {
  clinicalResearchList: () => import('./clinical-research/ClinicalResearchListPage'),
  articleParticulars: () => import('./commentary/ArticleParticularsPage'),
  commentaryList: () => import('./commentary/CommentaryListPage'),
  about: () => import('./about/AboutPage'),
  mediaDetail: () => import('./media/MediaDetailPage'),
  mediaList: () => import('./media/MediaListPage'),
  latestPeriodical: () => import('./periodical/LatestPeriodicalPage'),
  nejmCatalog: () => import('./periodical/NejmCatalogPage'),
  periodArticle: () => import('./periodical/PeriodArticlePage'),
  professionalList: () => import('./professional/ProfessionalArticleListPage'),
  professionalMore: () => import('./professional-more/ProfessionalMorePage'),
  search: () => import('./search/SearchPage'),
} as const;

type ChunkName = keyof typeof themedPageChunks;

const CHUNK_OF_PATH: Record<string, ChunkName> = {
  '/clinical-research-list': 'clinicalResearchList',
  '/commentary': 'commentaryList',
  '/article-particulars': 'articleParticulars',
  '/professional-article-list': 'professionalList',
  '/professional-more': 'professionalMore',
  '/animation-list': 'mediaList',
  '/audio-list': 'mediaList',
  '/animation-particulars': 'mediaDetail',
  '/audio-particulars': 'mediaDetail',
  '/about': 'about',
  '/period-article': 'periodArticle',
  '/latest-periodical': 'latestPeriodical',
  '/nejm-catalog': 'nejmCatalog',
  '/search': 'search',
};

/** Starts loading the chunk of the page at `pathname` (webpack loads a chunk once; a repeat is free). */
export function preloadThemedPage(pathname: string): void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const name = CHUNK_OF_PATH[path];
  if (name) void themedPageChunks[name]().catch(() => undefined);
}
