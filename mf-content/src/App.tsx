import { ARTICLE_LIST_PAGES, BrowserApp, ThemedRoutesChunk, type ArticleListPath } from '@qianyan/shared';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ArticleTransfer } from './article-transfer/ArticleTransfer';
import { PlainLoadingState } from '@qianyan/shared/plain';
import { HomePage } from './home/HomePage';
import { preloadPage } from './pageChunks';

// No route of mf-content loads antd for its first view. The article page and the lists are chunks of
// their own; every other route comes with PageRoutes' chunk and its page's, fetched together.
const ArticleInfoPage = lazy(() => import('./article/ArticleInfoPage').then((m) => ({ default: m.ArticleInfoPage })));
const ArticleListPage = lazy(() => import('./article-list/ArticleListPage').then((m) => ({ default: m.ArticleListPage })));
const PageRoutes = lazy(() => import('./PageRoutes').then((m) => ({ default: m.PageRoutes })));

const LIST_PATHS = Object.keys(ARTICLE_LIST_PAGES) as ArticleListPath[];

const Pages = () => <ThemedRoutesChunk routes={PageRoutes} preload={preloadPage} />;

/** The routes of mf-content (ARCHITECTURE §3.5). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/index" element={<HomePage />} />
      <Route path="/article-transfer" element={<ArticleTransfer />} />
      <Route
        path="/article-info"
        element={
          <Suspense fallback={<PlainLoadingState />}>
            <ArticleInfoPage />
          </Suspense>
        }
      />
      {LIST_PATHS.map((path) => (
        // key: a new page instance per list, so no state leaks between lists.
        <Route
          key={path}
          path={path}
          element={
            <Suspense fallback={<PlainLoadingState />}>
              <ArticleListPage key={path} path={path} />
            </Suspense>
          }
        />
      ))}
      <Route path="*" element={<Pages />} />
    </Routes>
  );
}

export const App = () => <BrowserApp routes={AppRoutes} />;
