// Building blocks shared by every article-like list (spec §2.10): the heading, the mobile filter
// button, the request with its reload after login, and the results panel with its four states.
import { FilterOutlined } from '@ant-design/icons';
import {
  api,
  ARTICLE_LIST_PAGE_SIZE,
  EmptyState,
  ErrorState,
  MSG,
  onLoggedIn,
  toast,
  useApiQuery,
  useIsMobile,
  useSession,
  type ArticleListItem as Item,
  type ArticleListQuery,
  type PageResult,
} from '@qianyan/shared';
import { Button, Pagination, Skeleton } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { TEXT } from '../messages';
import { ArticleListItem } from './ArticleListItem';

const NO_RESULTS: PageResult<Item> = { results: [], page: { total: 0, pages: 0, pageNo: 1, pageSize: ARTICLE_LIST_PAGE_SIZE } };

/**
 * Loads one page of selectArticleList (`null`: nothing to ask for, an empty list). Collected marks
 * depend on the reader, so it reloads after a login and after the session ends.
 */
export function useArticleList(query: ArticleListQuery | null) {
  const list = useApiQuery(
    () => (query ? api.article.selectArticleList(query, { silent: true }) : Promise.resolve(NO_RESULTS)),
    [JSON.stringify(query)],
  );
  const { reload } = list;
  useEffect(() => onLoggedIn(reload), [reload]);
  const { loggedIn } = useSession();
  const wasLoggedIn = useRef(loggedIn);
  useEffect(() => {
    if (wasLoggedIn.current && !loggedIn) reload();
    wasLoggedIn.current = loggedIn;
  }, [loggedIn, reload]);
  return list;
}

/**
 * The remove-collect icon of list items (§2.10, §4 collect toggle): cancels the favourite, says
 * 已成功取消! and reloads the current page. `removing` is the item being removed (its icon waits).
 */
export function useRemoveCollect(reload: () => void) {
  const [removing, setRemoving] = useState<number | null>(null);
  const remove = useCallback(
    async (item: Item) => {
      setRemoving(item.id);
      try {
        if (await api.user.cancelCollect({ id: item.id })) {
          toast.success(MSG.cancelled);
          reload();
        } else {
          toast.error(MSG.busy);
        }
      } catch {
        // The API client has shown the failure (and the login prompt when the session ended).
      } finally {
        setRemoving(null);
      }
    },
    [reload],
  );
  return { removing, remove };
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
  const { removing, remove } = useRemoveCollect(list.reload);
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
            <ArticleListItem
              key={item.id}
              item={item}
              codeByName={codeByName}
              hrefOf={hrefOf}
              onRemoveCollect={remove}
              removing={removing === item.id}
            />
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
