// Building blocks shared by every article-like list (spec §2.10): the heading, the mobile filter
// button, the request with its reload after login, and the results panel with its four states. All
// plain (no antd), so the list pages' first view loads none.
import {
  api,
  ARTICLE_LIST_PAGE_SIZE,
  MSG,
  toast,
  useApiQuery,
  type ArticleListItem as Item,
  type ArticleListQuery,
  type PageResult,
} from '@qianyan/shared';
import { PageHead, PlainButton, PlainIcon, PlainPagedList, PlainSkeleton, type PagedQuery } from '@qianyan/shared/plain';
import { useCallback, useState } from 'react';
import { useReloadOnSessionChange } from '../common/useReloadOnSessionChange';
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
  useReloadOnSessionChange(list.reload);
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
export const ListHeader = PageHead;

/** antd's FilterOutlined. */
const FilterIcon = () => (
  <PlainIcon d="M880.1 154H143.9c-24.5 0-39.8 26.7-27.5 48L349 597.4V838c0 17.7 14.2 32 31.8 32h262.4c17.6 0 31.8-14.3 31.8-32V597.4L907.7 202c12.2-21.3-3.1-48-27.6-48zM603.4 798H420.6V642h182.9v156zm9.6-236.6l-9.5 16.6h-183l-9.5-16.6L212.7 226h598.6L613 561.4z" />
);

/** The phone's 筛选 button; a dot says filters are applied. */
export function FilterButton({ active, onClick }: { active: boolean; onClick: () => void }) {
  return (
    <PlainButton icon={<FilterIcon />} onClick={onClick} className="qy-al-filter-button">
      {TEXT.filters}
      {active && <span className="qy-al-filter-dot" aria-hidden="true" />}
    </PlainButton>
  );
}

/** The results panel: skeletons, error with retry, 未搜索到相关内容, or the items, count and pager. */
export function ListResults({
  list,
  page,
  onPage,
  codeByName,
  hrefOf,
}: {
  list: PagedQuery<Item>;
  page: number;
  onPage: (page: number) => void;
  codeByName: Map<string, number>;
  hrefOf?: (item: Item) => string;
}) {
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
      <PlainPagedList
        list={list}
        skeleton={
          <div className="qy-al-loading">
            {[0, 1, 2, 3].map((i) => (
              <PlainSkeleton key={i} title rows={3} />
            ))}
          </div>
        }
        emptyClassName="qy-al-empty"
        countText={TEXT.total}
        countClassName="qy-al-count"
        renderItems={(items) =>
          items.map((item) => (
            <ArticleListItem
              key={item.id}
              item={item}
              codeByName={codeByName}
              hrefOf={hrefOf}
              onRemoveCollect={remove}
              removing={removing === item.id}
            />
          ))
        }
        page={page}
        pageSize={ARTICLE_LIST_PAGE_SIZE}
        onPage={goToPage}
        pagerClassName="qy-al-pagination"
      />
    </section>
  );
}
