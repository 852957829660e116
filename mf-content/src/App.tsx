import { ARTICLE_LIST_PAGES, type ArticleListPath } from '@qianyan/shared';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ArticleListPage } from './article-list/ArticleListPage';
import { ArticleInfoPage } from './article/ArticleInfoPage';
import { ArticleTransfer } from './article-transfer/ArticleTransfer';
import { ClinicalResearchListPage } from './clinical-research/ClinicalResearchListPage';
import { ArticleParticularsPage } from './commentary/ArticleParticularsPage';
import { CommentaryListPage } from './commentary/CommentaryListPage';
import { NotFoundPage, UnderConstructionPage } from './construction/UnderConstructionPage';
import { AboutPage } from './about/AboutPage';
import { HomePage } from './home/HomePage';
import { MediaDetailPage } from './media/MediaDetailPage';
import { MediaListPage } from './media/MediaListPage';
import { LatestPeriodicalPage } from './periodical/LatestPeriodicalPage';
import { NejmCatalogPage } from './periodical/NejmCatalogPage';
import { PeriodArticlePage } from './periodical/PeriodArticlePage';
import { SECTION_NAMES } from './messages';
import { ProfessionalArticleListPage } from './professional/ProfessionalArticleListPage';
import { ProfessionalMorePage } from './professional-more/ProfessionalMorePage';
import { SearchPage } from './search/SearchPage';

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
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
