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
  /** Article type (filter) ids ticked in the type groups of a page that offers them (/professional-more). */
  filterIds?: number[];
}

export interface ListState extends ListFilters {
  /** Active tab's filter id. */
  type: number;
  page: number;
}

export const EMPTY_FILTERS: ListFilters = { sortType: 0, classIds: [] };

/** Which filters a list page offers (sidebar, drawer and URL). */
export interface FilterFields {
  sort: boolean;
  classes: boolean;
  dates: boolean;
}

export function positiveInt(s: string | null): number | null {
  if (!s || !/^\d+$/.test(s)) return null;
  const n = Number(s);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

/** A comma list of ids ("4,2"): malformed entries and repeats are dropped. */
export function parseIdList(s: string | null): number[] {
  return [...new Set((s ?? '').split(',').map((x) => positiveInt(x.trim())))].filter((n): n is number => n !== null);
}

/** The page number of a list URL (page 1 when absent or malformed). */
export const parsePage = (params: URLSearchParams) => positiveInt(params.get('page')) ?? 1;

/** The filters a page offers, read from its URL; fields it does not offer stay at their defaults. */
export function parseFilters(params: URLSearchParams, fields: FilterFields): ListFilters {
  const sort = params.get('sortType');
  const start = fromApiDate(params.get('startDate'));
  const end = fromApiDate(params.get('endDate'));
  const hasRange = fields.dates && !!start && !!end && !start.isAfter(end);
  return {
    sortType: !fields.sort ? 0 : sort === '1' ? 1 : sort === '2' ? 2 : 0,
    classIds: fields.classes ? parseIdList(params.get('articleClassIds')) : [],
    startDate: hasRange ? params.get('startDate')! : undefined,
    endDate: hasRange ? params.get('endDate')! : undefined,
  };
}

/** Writes the filters that differ from the defaults (newest first, no classes, no range). */
export function writeFilters(params: URLSearchParams, f: ListFilters): URLSearchParams {
  if (f.sortType !== 0) params.set('sortType', String(f.sortType));
  if (f.classIds.length) params.set('articleClassIds', f.classIds.join(','));
  if (f.startDate && f.endDate) {
    params.set('startDate', f.startDate);
    params.set('endDate', f.endDate);
  }
  return params;
}

/** Writes the page when it is not the first. */
export function writePage(params: URLSearchParams, page: number): URLSearchParams {
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The request fields of the classes and the range (left out when unset). */
export function filterQuery(f: ListFilters): Pick<ArticleListQuery, 'articleClassIds' | 'startDate' | 'endDate'> {
  const query: Pick<ArticleListQuery, 'articleClassIds' | 'startDate' | 'endDate'> = {};
  if (f.classIds.length) query.articleClassIds = f.classIds;
  if (f.startDate && f.endDate) {
    query.startDate = f.startDate;
    query.endDate = f.endDate;
  }
  return query;
}

/** Reads the list state from the query; anything malformed falls back to its default. */
export function parseListQuery(params: URLSearchParams, path: ArticleListPath): ListState {
  const config = ARTICLE_LIST_PAGES[path];
  const tabIds: number[] = config.tabs.map((t) => t.id);
  const type = positiveInt(params.get('type'));
  return {
    type: type !== null && tabIds.includes(type) ? type : tabIds[0],
    ...parseFilters(params, { sort: true, classes: config.withClassFilter, dates: true }),
    page: parsePage(params),
  };
}

/** Writes the state as a query; defaults (newest first, page 1, no classes, no range) are left out. */
export function toSearchParams(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('type', String(state.type));
  writeFilters(params, state);
  return writePage(params, state.page);
}

/** The selectArticleList request for a state. */
export function toArticleQuery(state: ListState, path: ArticleListPath): ArticleListQuery {
  const query: ArticleListQuery = {
    pageNo: state.page,
    pageSize: ARTICLE_LIST_PAGE_SIZE,
    sourceIds: [ARTICLE_LIST_PAGES[path].sourceId],
    articleFilterIds: [state.type],
    sortType: state.sortType,
    ...filterQuery(state),
  };
  return query;
}

export const hasActiveFilters = (f: ListFilters) =>
  f.sortType !== 0 || f.classIds.length > 0 || !!(f.startDate && f.endDate) || (f.filterIds?.length ?? 0) > 0;
