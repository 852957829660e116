// Every route but the home page, the article page, the article lists and the transfer redirect: each page is its own
// chunk, fetched when its route is first shown, and all render inside antd's brand theme. This module
// is itself loaded lazily, so the first views of the home, article and list pages carry no antd.
import { LoadingState, ThemeScope } from '@qianyan/shared';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, UnderConstructionPage } from './construction/UnderConstructionPage';
import { SECTION_NAMES } from './messages';
import { themedPageChunks } from './themedPages';

const ClinicalResearchListPage = lazy(() => themedPageChunks.clinicalResearchList().then((m) => ({ default: m.ClinicalResearchListPage })));
const ArticleParticularsPage = lazy(() => themedPageChunks.articleParticulars().then((m) => ({ default: m.ArticleParticularsPage })));
const CommentaryListPage = lazy(() => themedPageChunks.commentaryList().then((m) => ({ default: m.CommentaryListPage })));
const AboutPage = lazy(() => themedPageChunks.about().then((m) => ({ default: m.AboutPage })));
const MediaDetailPage = lazy(() => themedPageChunks.mediaDetail().then((m) => ({ default: m.MediaDetailPage })));
const MediaListPage = lazy(() => themedPageChunks.mediaList().then((m) => ({ default: m.MediaListPage })));
const LatestPeriodicalPage = lazy(() => themedPageChunks.latestPeriodical().then((m) => ({ default: m.LatestPeriodicalPage })));
const NejmCatalogPage = lazy(() => themedPageChunks.nejmCatalog().then((m) => ({ default: m.NejmCatalogPage })));
const PeriodArticlePage = lazy(() => themedPageChunks.periodArticle().then((m) => ({ default: m.PeriodArticlePage })));
const ProfessionalArticleListPage = lazy(() => themedPageChunks.professionalList().then((m) => ({ default: m.ProfessionalArticleListPage })));
const ProfessionalMorePage = lazy(() => themedPageChunks.professionalMore().then((m) => ({ default: m.ProfessionalMorePage })));
const SearchPage = lazy(() => themedPageChunks.search().then((m) => ({ default: m.SearchPage })));

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
export function ThemedRoutes() {
  return (
    <ThemeScope>
      <Suspense fallback={<LoadingState />}>
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
    </ThemeScope>
  );
}
