// Building blocks shared by every article-like list (spec §2.10): the heading, the mobile filter
// button, the request with its reload after login, and the results panel with its four states.
import { FilterOutlined } from '@ant-design/icons';
import {
  api,
  ARTICLE_LIST_PAGE_SIZE,
  EmptyState,
  ErrorState,
  onLoggedIn,
  useApiQuery,
  useIsMobile,
  type ArticleListItem as Item,
  type ArticleListQuery,
} from '@qianyan/shared';
import { Button, Pagination, Skeleton } from 'antd';
import { useCallback, useEffect, type ReactNode } from 'react';
import { TEXT } from '../messages';
import { ArticleListItem } from './ArticleListItem';

/** Loads one page of selectArticleList; collected marks depend on the reader, so it reloads after a login. */
export function useArticleList(query: ArticleListQuery) {
  const list = useApiQuery(() => api.article.selectArticleList(query, { silent: true }), [JSON.stringify(query)]);
  useEffect(() => onLoggedIn(list.reload), [list.reload]);
  return list;
}

/** The page heading: the one h1, an intro line and, on phones, the filter button beside the title. */
export function ListHeader({ title, intro, action }: { title: ReactNode; intro?: ReactNode; action?: ReactNode }) {
  return (
    <header className="qy-al-head">
      <div className="qy-al-head-row">
        <h1>{title}</h1>
        {action}
      </div>
      {intro && <p>{intro}</p>}
    </header>
  );
}

/** The phone's 筛选 button; a dot says filters are applied. */
export function FilterButton({ active, onClick }: { active: boolean; onClick: () => void }) {
  return (
    <Button icon={<FilterOutlined aria-hidden="true" />} onClick={onClick} className="qy-al-filter-button">
      {TEXT.filters}
      {active && <span className="qy-al-filter-dot" aria-hidden="true" />}
    </Button>
  );
}

interface ListData {
  loading: boolean;
  error: { message: string } | null | undefined;
  data: { results: Item[]; page: { total: number } } | null | undefined;
  reload: () => void;
}

/** The results panel: skeletons, error with retry, 未搜索到相关内容, or the items, count and pager. */
export function ListResults({
  list,
  page,
  onPage,
  codeByName,
  hrefOf,
}: {
  list: ListData;
  page: number;
  onPage: (page: number) => void;
  codeByName: Map<string, number>;
  hrefOf?: (item: Item) => string;
}) {
  const isMobile = useIsMobile();
  const goToPage = useCallback(
    (n: number) => {
      onPage(n);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    [onPage],
  );
  return (
    <section className="qy-al-results" aria-label={TEXT.results} aria-busy={list.loading}>
      {list.loading ? (
        <div className="qy-al-loading">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} active title paragraph={{ rows: 3 }} />
          ))}
        </div>
      ) : list.error ? (
        <ErrorState message={list.error.message} onRetry={list.reload} />
      ) : !list.data || list.data.results.length === 0 ? (
        <div className="qy-al-empty">
          <EmptyState />
        </div>
      ) : (
        <>
          <p className="qy-al-count">{TEXT.total(list.data.page.total)}</p>
          {list.data.results.map((item) => (
            <ArticleListItem key={item.id} item={item} codeByName={codeByName} hrefOf={hrefOf} />
          ))}
          <Pagination
            className="qy-al-pagination"
            current={page}
            pageSize={ARTICLE_LIST_PAGE_SIZE}
            total={list.data.page.total}
            showSizeChanger={false}
            showLessItems={isMobile}
            hideOnSinglePage
            onChange={goToPage}
          />
        </>
      )}
    </section>
  );
}
