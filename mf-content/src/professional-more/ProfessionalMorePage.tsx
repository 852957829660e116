import { api, SOURCE, useApiQuery, useIsMobile, type ArticleFilter } from '@qianyan/shared';
import { useMemo, useState } from 'react';
import { LazyFilterDrawer } from '../article-list/LazyFilterDrawer';
import type { TypeGroup } from '../article-list/FilterGroups';
import { FilterSidebar } from '../article-list/FilterSidebar';
import { hasActiveFilters, type FilterFields, type ListFilters } from '../article-list/listQuery';
import { FilterButton, ListHeader, ListResults, useArticleList } from '../article-list/ListParts';
import { useUrlState } from '../article-list/useListState';
import { useArticleClasses } from '../common/useArticleClasses';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { MORE_TEXT, pageTitle, SCREEN_INFO } from '../messages';
import {
  DIGEST_TYPE_IDS,
  JOURNAL_TYPE_IDS,
  MORE_BOUNDS,
  moreQuery,
  moreSearchParams,
  parseMoreQuery,
  type MoreState,
} from './moreQuery';
import '../common/common.css';
import '../article-list/articleList.css';

/** The date range, then the type groups: no sort and no disease areas on this page. */
const FIELDS: FilterFields = { sort: false, classes: false, dates: true };

const only = (ids: number[]) => (options: ArticleFilter[]) => options.filter((o) => ids.includes(o.id));

/**
 * The journal and digest type options, named by selectArticleFilter (sources 5 and 6). A failed load
 * hides the groups; the list and the date range still work.
 */
function useTypeGroups(): TypeGroup[] {
  const query = useApiQuery(
    () =>
      Promise.all([
        api.article.selectArticleFilter({ sourceId: SOURCE.journal }, { silent: true }),
        api.article.selectArticleFilter({ sourceId: SOURCE.digest }, { silent: true }),
      ]),
    [],
  );
  return useMemo(() => {
    const [journal = [], digest = []] = query.data ?? [];
    return [
      { legend: MORE_TEXT.journalTypes, options: only(JOURNAL_TYPE_IDS)(journal) },
      { legend: MORE_TEXT.digestTypes, options: only(DIGEST_TYPE_IDS)(digest) },
    ];
  }, [query.data]);
}

/** /professional-more?articleIds= (spec §2.1): every related article, with dates and type filters. */
export function ProfessionalMorePage() {
  const [state, write] = useUrlState(parseMoreQuery, moreSearchParams);
  const { codeByName } = useArticleClasses();
  const typeGroups = useTypeGroups();
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const info = SCREEN_INFO.more;
  useDocumentTitle(pageTitle(info.name));
  const list = useArticleList(moreQuery(state));

  const filters: ListFilters = {
    sortType: 0,
    classIds: [],
    startDate: state.startDate,
    endDate: state.endDate,
    filterIds: state.filterIds,
  };
  /** Any filter change keeps the articles and returns to page 1. */
  const applyFilters = (f: ListFilters) =>
    write({ articleIds: state.articleIds, filterIds: f.filterIds ?? [], startDate: f.startDate, endDate: f.endDate, page: 1 });
  const selectPage = (page: number) => write({ ...state, page } satisfies MoreState);
  const filterProps = { filters, classes: [], fields: FIELDS, typeGroups, bounds: MORE_BOUNDS };

  return (
    <div className="qy-page qy-al-page">
      <ListHeader
        title={info.name}
        intro={info.intro}
        action={isMobile && <FilterButton active={hasActiveFilters(filters)} onClick={() => setDrawerOpen(true)} />}
      />
      <div className="qy-al-body">
        {!isMobile && <FilterSidebar {...filterProps} onChange={applyFilters} />}
        <ListResults list={list} page={state.page} onPage={selectPage} codeByName={codeByName} />
      </div>
      {isMobile && (
        <LazyFilterDrawer {...filterProps} open={drawerOpen} onClose={() => setDrawerOpen(false)} onApply={applyFilters} />
      )}
    </div>
  );
}
