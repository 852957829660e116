import { ARTICLE_LIST_PAGES, LoadingState, type ArticleListPath } from '@qianyan/shared';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ArticleTransfer } from './article-transfer/ArticleTransfer';
import { NotFoundPage, UnderConstructionPage } from './construction/UnderConstructionPage';
import { HomePage } from './home/HomePage';
import { SECTION_NAMES } from './messages';

// Every page but the home page (and the transfer redirect) is its own chunk, fetched when its route is first shown.
const ArticleListPage = lazy(() => import('./article-list/ArticleListPage').then((m) => ({ default: m.ArticleListPage })));
const ArticleInfoPage = lazy(() => import('./article/ArticleInfoPage').then((m) => ({ default: m.ArticleInfoPage })));
const ClinicalResearchListPage = lazy(() => import('./clinical-research/ClinicalResearchListPage').then((m) => ({ default: m.ClinicalResearchListPage })));
const ArticleParticularsPage = lazy(() => import('./commentary/ArticleParticularsPage').then((m) => ({ default: m.ArticleParticularsPage })));
const CommentaryListPage = lazy(() => import('./commentary/CommentaryListPage').then((m) => ({ default: m.CommentaryListPage })));
const AboutPage = lazy(() => import('./about/AboutPage').then((m) => ({ default: m.AboutPage })));
const MediaDetailPage = lazy(() => import('./media/MediaDetailPage').then((m) => ({ default: m.MediaDetailPage })));
const MediaListPage = lazy(() => import('./media/MediaListPage').then((m) => ({ default: m.MediaListPage })));
const LatestPeriodicalPage = lazy(() => import('./periodical/LatestPeriodicalPage').then((m) => ({ default: m.LatestPeriodicalPage })));
const NejmCatalogPage = lazy(() => import('./periodical/NejmCatalogPage').then((m) => ({ default: m.NejmCatalogPage })));
const PeriodArticlePage = lazy(() => import('./periodical/PeriodArticlePage').then((m) => ({ default: m.PeriodArticlePage })));
const ProfessionalArticleListPage = lazy(() => import('./professional/ProfessionalArticleListPage').then((m) => ({ default: m.ProfessionalArticleListPage })));
const ProfessionalMorePage = lazy(() => import('./professional-more/ProfessionalMorePage').then((m) => ({ default: m.ProfessionalMorePage })));
const SearchPage = lazy(() => import('./search/SearchPage').then((m) => ({ default: m.SearchPage })));

const LIST_PATHS = Object.keys(ARTICLE_LIST_PAGES) as ArticleListPath[];
/** Sections of SECTION_NAMES that now have their screen (the construction panel must not shadow them). */
const BUILT_PATHS = new Set([
  '/article-info',
  '/period-article',
  '/latest-periodical',
  '/nejm-catalog',
  '/animation-list',
  '/animation-particulars',
  '/audio-list',
  '/audio-particulars',
  '/about',
  '/search',
]);

/** The routes of mf-content (ARCHITECTURE §3.5); sections without a screen yet show the construction panel. */
export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingState />}>
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/index" element={<HomePage />} />
      {LIST_PATHS.map((path) => (
        // key: a new page instance per list, so no state leaks between lists.
        <Route key={path} path={path} element={<ArticleListPage key={path} path={path} />} />
      ))}
      <Route path="/article-transfer" element={<ArticleTransfer />} />
      <Route path="/article-info" element={<ArticleInfoPage />} />
      <Route path="/clinical-research-list" element={<ClinicalResearchListPage />} />
      <Route path="/commentary" element={<CommentaryListPage />} />
      <Route path="/article-particulars" element={<ArticleParticularsPage />} />
      <Route path="/professional-article-list" element={<ProfessionalArticleListPage />} />
      <Route path="/professional-more" element={<ProfessionalMorePage />} />
      <Route path="/animation-list" element={<MediaListPage key="animation" kind="animation" />} />
      <Route path="/audio-list" element={<MediaListPage key="audio" kind="audio" />} />
      <Route path="/animation-particulars" element={<MediaDetailPage kind="animation" />} />
      <Route path="/audio-particulars" element={<MediaDetailPage kind="audio" />} />
      <Route path="/about" element={<AboutPage />} />
      <Route path="/period-article" element={<PeriodArticlePage />} />
      <Route path="/latest-periodical" element={<LatestPeriodicalPage />} />
      <Route path="/nejm-catalog" element={<NejmCatalogPage />} />
      <Route path="/search" element={<SearchPage />} />
      {Object.entries(SECTION_NAMES)
        .filter(([path]) => !BUILT_PATHS.has(path))
        .map(([path, name]) => (
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
