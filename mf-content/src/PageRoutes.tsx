// Every route but the home page, the article page, the article lists and the transfer redirect: each
// page is its own chunk, fetched when its route is first shown. None of them loads antd for its first
// view (docs/decisions.md, "The first view without the chrome's antd"): what needs antd (a date
// picker, the filter drawer, the free-read prompt) is a chunk of its own, loaded on use, inside its
// own ThemeScope.
import { PlainLoadingState } from '@qianyan/shared/plain';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, UnderConstructionPage } from './construction/UnderConstructionPage';
import { SECTION_NAMES } from './messages';
import { pageChunks } from './pageChunks';

const ClinicalResearchListPage = lazy(() => pageChunks.clinicalResearchList().then((m) => ({ default: m.ClinicalResearchListPage })));
const ArticleParticularsPage = lazy(() => pageChunks.articleParticulars().then((m) => ({ default: m.ArticleParticularsPage })));
const CommentaryListPage = lazy(() => pageChunks.commentaryList().then((m) => ({ default: m.CommentaryListPage })));
const AboutPage = lazy(() => pageChunks.about().then((m) => ({ default: m.AboutPage })));
const MediaDetailPage = lazy(() => pageChunks.mediaDetail().then((m) => ({ default: m.MediaDetailPage })));
const MediaListPage = lazy(() => pageChunks.mediaList().then((m) => ({ default: m.MediaListPage })));
const LatestPeriodicalPage = lazy(() => pageChunks.latestPeriodical().then((m) => ({ default: m.LatestPeriodicalPage })));
const NejmCatalogPage = lazy(() => pageChunks.nejmCatalog().then((m) => ({ default: m.NejmCatalogPage })));
const PeriodArticlePage = lazy(() => pageChunks.periodArticle().then((m) => ({ default: m.PeriodArticlePage })));
const ProfessionalArticleListPage = lazy(() => pageChunks.professionalList().then((m) => ({ default: m.ProfessionalArticleListPage })));
const ProfessionalMorePage = lazy(() => pageChunks.professionalMore().then((m) => ({ default: m.ProfessionalMorePage })));
const SearchPage = lazy(() => pageChunks.search().then((m) => ({ default: m.SearchPage })));

/** Sections of SECTION_NAMES that now have their screen (the construction panel must not shadow them; /article-info is routed in App, as are the article lists). */
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

/** mf-content's routes besides the home page (ARCHITECTURE §3.5); sections without a screen yet show the construction panel. */
export function PageRoutes() {
  return (
      <Suspense fallback={<PlainLoadingState />}>
        <Routes>
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
