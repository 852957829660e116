import { chunkPreloader } from '@qianyan/shared';

// The chunks of the pages routed by PageRoutes (every mf-content route but the home, article,
// article-list and transfer pages). They are listed here, outside PageRoutes, so that App can start a
// page's chunk together with PageRoutes' own: both load in parallel, one round trip after the app's.
export const pageChunks = {
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

const CHUNK_OF_PATH: Record<string, keyof typeof pageChunks> = {
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

/** Starts loading the chunk of the page at `pathname`. */
export const preloadPage = chunkPreloader(pageChunks, CHUNK_OF_PATH);
