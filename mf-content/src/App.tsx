import { ARTICLE_LIST_PAGES, BrowserApp, ThemedRoutesChunk, type ArticleListPath } from '@qianyan/shared';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ArticleTransfer } from './article-transfer/ArticleTransfer';
import { PlainLoadingState } from '@qianyan/shared/plain';
import { HomePage } from './home/HomePage';
import { preloadThemedPage } from './themedPages';

// The home page, the article page and the article lists render without antd (their first views load
// none; the article page and the lists are their own chunks); every other route comes with the themed
// routes' chunk, antd included.
const ArticleInfoPage = lazy(() => import('./article/ArticleInfoPage').then((m) => ({ default: m.ArticleInfoPage })));
const ArticleListPage = lazy(() => import('./article-list/ArticleListPage').then((m) => ({ default: m.ArticleListPage })));
const ThemedRoutes = lazy(() => import('./ThemedRoutes').then((m) => ({ default: m.ThemedRoutes })));

const LIST_PATHS = Object.keys(ARTICLE_LIST_PAGES) as ArticleListPath[];

const Themed = () => <ThemedRoutesChunk routes={ThemedRoutes} preload={preloadThemedPage} />;

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
      <Route path="*" element={<Themed />} />
    </Routes>
  );
}

export const App = () => <BrowserApp routes={AppRoutes} />;
