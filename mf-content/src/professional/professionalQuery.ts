// /professional-article-list?code=&activeKey=&sortType=&articleFilterIds=&articleTypeIds=&startDate=&endDate=
// (spec §2.1): the state lives in the URL like the other lists.
import { ARTICLE_LIST_PAGE_SIZE, FIELD_CODE_TO_CLASS_ID, SOURCE, type ArticleListQuery } from '@qianyan/shared';
import {
  EMPTY_FILTERS,
  filterQuery,
  parseFilters,
  parseIdList,
  parsePage,
  positiveInt,
  writeFilters,
  writePage,
  type FilterFields,
  type ListFilters,
} from '../article-list/listQuery';

/** Tab keys of spec §2.10: 1 文章, 2 动画解读 (3, audio, is not in the tab list). */
export type AreaTab = 1 | 2;

/** The sources each tab lists: articles of the journal, digest, catalyst and evidence; animations. */
export const TAB_SOURCES: Record<AreaTab, number[]> = {
  1: [SOURCE.journal, SOURCE.digest, SOURCE.catalyst, SOURCE.evidence],
  2: [SOURCE.animation],
};

/** The disease area is fixed by the code, so the page offers sort and dates only. */
export const AREA_FIELDS: FilterFields = { sort: true, classes: false, dates: true };

/** The professional-field codes with a list (§2.3: 10 to 70), in order. */
export const AREA_CODES = Object.keys(FIELD_CODE_TO_CLASS_ID)
  .map(Number)
  .sort((a, b) => a - b);

/** The class id of a field code, or undefined for anything that is not one of 10 to 70. */
export function classIdOfCode(code: string | null): number | undefined {
  const n = positiveInt(code);
  return n !== null && Object.prototype.hasOwnProperty.call(FIELD_CODE_TO_CLASS_ID, n) ? FIELD_CODE_TO_CLASS_ID[n] : undefined;
}

export interface AreaState extends ListFilters {
  code: number;
  activeKey: AreaTab;
  /** Passed through from links (journal or digest type filter ids); cleared with the form. */
  articleFilterIds: number[];
  /** Passed through from links (clinical research writing article types); cleared with the form. */
  articleTypeIds: number[];
  page: number;
}

export function parseAreaQuery(params: URLSearchParams, code: number): AreaState {
  return {
    code,
    activeKey: params.get('activeKey') === '2' ? 2 : 1,
    ...parseFilters(params, AREA_FIELDS),
    articleFilterIds: parseIdList(params.get('articleFilterIds')),
    articleTypeIds: parseIdList(params.get('articleTypeIds')),
    page: parsePage(params),
  };
}

export function areaSearchParams(state: AreaState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('code', String(state.code));
  params.set('activeKey', String(state.activeKey));
  writeFilters(params, state);
  if (state.articleFilterIds.length) params.set('articleFilterIds', state.articleFilterIds.join(','));
  if (state.articleTypeIds.length) params.set('articleTypeIds', state.articleTypeIds.join(','));
  return writePage(params, state.page);
}

/** A fresh form on a tab: what switching tabs (and 清除筛选) leads to (spec §4 list tabs). */
export const freshArea = (code: number, activeKey: AreaTab): AreaState => ({
  code,
  activeKey,
  ...EMPTY_FILTERS,
  articleFilterIds: [],
  articleTypeIds: [],
  page: 1,
});

export function areaQuery(state: AreaState, classId: number): ArticleListQuery {
  const query: ArticleListQuery = {
    pageNo: state.page,
    pageSize: ARTICLE_LIST_PAGE_SIZE,
    sourceIds: TAB_SOURCES[state.activeKey],
    sortType: state.sortType,
    ...filterQuery(state),
    articleClassIds: [classId],
  };
  if (state.articleFilterIds.length) query.articleFilterIds = state.articleFilterIds;
  if (state.articleTypeIds.length) query.articleTypeIds = state.articleTypeIds;
  return query;
}
