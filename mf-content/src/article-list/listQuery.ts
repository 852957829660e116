// The list page's state lives in the URL (spec §2.1): type, sortType, articleClassIds, startDate,
// endDate and page, so back/forward and shared links restore the same list.
import {
  ARTICLE_LIST_PAGE_SIZE,
  ARTICLE_LIST_PAGES,
  fromApiDate,
  type ArticleListPath,
  type ArticleListQuery,
} from '@qianyan/shared';

export type SortType = 0 | 1 | 2;

export interface ListFilters {
  sortType: SortType;
  /** Disease-area class ids; always empty on pages without the class filter. */
  classIds: number[];
  /** YYYYMMDD; both set or both undefined. */
  startDate?: string;
  endDate?: string;
}

export interface ListState extends ListFilters {
  /** Active tab's filter id. */
  type: number;
  page: number;
}

export const EMPTY_FILTERS: ListFilters = { sortType: 0, classIds: [] };

function positiveInt(s: string | null): number | null {
  if (!s || !/^\d+$/.test(s)) return null;
  const n = Number(s);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

/** Reads the list state from the query; anything malformed falls back to its default. */
export function parseListQuery(params: URLSearchParams, path: ArticleListPath): ListState {
  const config = ARTICLE_LIST_PAGES[path];
  const tabIds: number[] = config.tabs.map((t) => t.id);
  const type = positiveInt(params.get('type'));
  const sort = params.get('sortType');
  const classIds = config.withClassFilter
    ? [...new Set((params.get('articleClassIds') ?? '').split(',').map((s) => positiveInt(s.trim())))].filter(
        (n): n is number => n !== null,
      )
    : [];
  const start = fromApiDate(params.get('startDate'));
  const end = fromApiDate(params.get('endDate'));
  const hasRange = !!start && !!end && !start.isAfter(end);
  return {
    type: type !== null && tabIds.includes(type) ? type : tabIds[0],
    sortType: sort === '1' ? 1 : sort === '2' ? 2 : 0,
    classIds,
    startDate: hasRange ? params.get('startDate')! : undefined,
    endDate: hasRange ? params.get('endDate')! : undefined,
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** Writes the state as a query; defaults (newest first, page 1, no classes, no range) are left out. */
export function toSearchParams(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('type', String(state.type));
  if (state.sortType !== 0) params.set('sortType', String(state.sortType));
  if (state.classIds.length) params.set('articleClassIds', state.classIds.join(','));
  if (state.startDate && state.endDate) {
    params.set('startDate', state.startDate);
    params.set('endDate', state.endDate);
  }
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The selectArticleList request for a state. */
export function toArticleQuery(state: ListState, path: ArticleListPath): ArticleListQuery {
  const query: ArticleListQuery = {
    pageNo: state.page,
    pageSize: ARTICLE_LIST_PAGE_SIZE,
    sourceIds: [ARTICLE_LIST_PAGES[path].sourceId],
    articleFilterIds: [state.type],
    sortType: state.sortType,
  };
  if (state.classIds.length) query.articleClassIds = state.classIds;
  if (state.startDate && state.endDate) {
    query.startDate = state.startDate;
    query.endDate = state.endDate;
  }
  return query;
}

export const hasActiveFilters = (f: ListFilters) =>
  f.sortType !== 0 || f.classIds.length > 0 || !!(f.startDate && f.endDate);
