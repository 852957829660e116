import { ARTICLE_LIST_PAGE_SIZE, SOURCE, type ArticleListQuery } from '@qianyan/shared';
import { FilteredListPage } from '../article-list/FilteredListPage';
import { filterQuery, type FilterFields } from '../article-list/listQuery';
import type { FilterListState } from '../article-list/useListState';
import { SCREEN_INFO } from '../messages';

/** /clinical-research-list?startDate=&endDate= offers only the date range (spec §2.1). */
const FIELDS: FilterFields = { sort: false, classes: false, dates: true };

/** The request: clinical research writing (source 9), 20 per page, optionally within the range. */
export function clinicalResearchQuery(state: FilterListState): ArticleListQuery {
  return {
    pageNo: state.page,
    pageSize: ARTICLE_LIST_PAGE_SIZE,
    sourceIds: [SOURCE.clinicalResearch],
    ...filterQuery(state),
  };
}

/** Clinical research writing list (spec §2.1, §2.10): no tabs, a date range filter. */
export function ClinicalResearchListPage() {
  const info = SCREEN_INFO.clinicalResearch;
  return <FilteredListPage title={info.name} intro={info.intro} fields={FIELDS} toQuery={clinicalResearchQuery} />;
}
