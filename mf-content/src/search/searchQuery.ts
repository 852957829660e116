// The search page's state lives in the URL (spec §2.1 /search, §2.13, §4 search): the query, the tab
// key, the filters, the page and its size. Back, forward and shared links restore the same results.
import { fromApiDate, SOURCE, type ArticleListQuery, type LessonListQuery } from '@qianyan/shared';
import { parseIdList, positiveInt } from '../article-list/listQuery';

/** Tab keys (spec §2.13): 5 journal, 9 clinical research writing, 1 commentary, 7 animation, 11 courses. */
export type SearchKey = 5 | 9 | 1 | 7 | 11;

/** What a tab offers besides the sort and the date range. */
export interface SearchTab {
  key: SearchKey;
  /** Professional-field (disease-area) multi-select: keys 1, 5, 7. */
  classes: boolean;
  /** Subject multi-select: key 11. */
  subjects: boolean;
  /** Article type multi-select: key 5 (journal and digest types). */
  types: boolean;
}

export const SEARCH_TABS: readonly SearchTab[] = [
  { key: 5, classes: true, subjects: false, types: true },
  { key: 9, classes: false, subjects: false, types: false },
  { key: 1, classes: true, subjects: false, types: false },
  { key: 7, classes: true, subjects: false, types: false },
  { key: 11, classes: false, subjects: true, types: false },
];

export const DEFAULT_KEY: SearchKey = 5;

export const tabOf = (key: SearchKey): SearchTab => SEARCH_TABS.find((t) => t.key === key) ?? SEARCH_TABS[0];

/**
 * Search sort (the server's sortType): 3 relevance, the default of a search, then the list sorts of
 * spec §9 (0 newest first, 1 oldest first, 2 most read). The default is left out of the URL, always sent.
 */
export type SearchSort = 0 | 1 | 2 | 3;
export const RELEVANCE: SearchSort = 3;
const SORTS: readonly SearchSort[] = [3, 0, 1, 2];

/** Page sizes (spec §9): 10, 20, 50, 100; 20 by default. */
export const SEARCH_PAGE_SIZES = [10, 20, 50, 100] as const;
export type SearchPageSize = (typeof SEARCH_PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: SearchPageSize = 20;

/** The search query is capped like the header box (100 characters). */
export const QUERY_MAX = 100;

export interface SearchFilters {
  sortType: SearchSort;
  /** Disease-area ids (keys 1, 5, 7) or subject ids (key 11). */
  classIds: number[];
  /** Article type (filter) ids (key 5). */
  filterIds: number[];
  /** YYYYMMDD; both set or both undefined. */
  startDate?: string;
  endDate?: string;
}

export interface SearchState extends SearchFilters {
  query: string;
  key: SearchKey;
  page: number;
  pageSize: SearchPageSize;
}

export const EMPTY_SEARCH_FILTERS: SearchFilters = { sortType: RELEVANCE, classIds: [], filterIds: [] };

export function parseSearchState(params: URLSearchParams): SearchState {
  const keyParam = positiveInt(params.get('key'));
  const key = (SEARCH_TABS.find((t) => t.key === keyParam)?.key ?? DEFAULT_KEY) as SearchKey;
  const tab = tabOf(key);
  const sortParam = params.get('sortType');
  const sortType = SORTS.find((s) => String(s) === sortParam) ?? RELEVANCE;
  const size = positiveInt(params.get('pageSize'));
  const start = fromApiDate(params.get('startDate'));
  const end = fromApiDate(params.get('endDate'));
  const hasRange = !!start && !!end && !start.isAfter(end);
  return {
    query: (params.get('query') ?? '').trim().slice(0, QUERY_MAX),
    key,
    sortType,
    classIds: tab.classes || tab.subjects ? parseIdList(params.get('articleClassIds')) : [],
    filterIds: tab.types ? parseIdList(params.get('articleFilterIds')) : [],
    startDate: hasRange ? params.get('startDate')! : undefined,
    endDate: hasRange ? params.get('endDate')! : undefined,
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: SEARCH_PAGE_SIZES.find((s) => s === size) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The URL query of a state; defaults (tab 5, relevance, page 1, size 20, no filters) are left out. */
export function writeSearchState(s: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('query', s.query);
  if (s.key !== DEFAULT_KEY) params.set('key', String(s.key));
  if (s.sortType !== RELEVANCE) params.set('sortType', String(s.sortType));
  if (s.classIds.length) params.set('articleClassIds', s.classIds.join(','));
  if (s.filterIds.length) params.set('articleFilterIds', s.filterIds.join(','));
  if (s.startDate && s.endDate) {
    params.set('startDate', s.startDate);
    params.set('endDate', s.endDate);
  }
  if (s.page > 1) params.set('page', String(s.page));
  if (s.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(s.pageSize));
  return params;
}

export const hasActiveSearchFilters = (f: SearchFilters) =>
  f.sortType !== RELEVANCE || f.classIds.length > 0 || f.filterIds.length > 0 || !!(f.startDate && f.endDate);

/** The search request of an article tab: selectArticleList with searchInfo (spec §3 Search request). */
export type ArticleSearchQuery = Omit<ArticleListQuery, 'sortType'> & { searchInfo: string; sortType: SearchSort };
/** The search request of the courses tab (spec §3 Course request). */
export type CourseSearchQuery = LessonListQuery & { searchInfo: string };

export type SearchRequest =
  | { kind: 'articles'; query: ArticleSearchQuery }
  | { kind: 'courses'; query: CourseSearchQuery };

/** Search course types (spec §9): single, multi-course and conference. */
export const SEARCH_COURSE_TYPES = [1, 2, 3];

/**
 * The request for a state, or null when there is nothing to search (a blank query). The journal tab
 * covers the journal and its digest (types of keys 5 and 6, spec §2.13); commentary is haswantsay 1.
 */
export function toSearchRequest(s: SearchState): SearchRequest | null {
  if (!s.query) return null;
  const dates = s.startDate && s.endDate ? { startDate: s.startDate, endDate: s.endDate } : {};
  const paging = { pageNo: s.page, pageSize: s.pageSize };
  if (s.key === 11) {
    return {
      kind: 'courses',
      query: {
        searchInfo: s.query,
        subjectSerType: SEARCH_COURSE_TYPES,
        ...(s.classIds.length ? { articalClassIds: s.classIds } : {}),
        sortType: s.sortType,
        ...dates,
        ...paging,
      },
    };
  }
  const query: ArticleSearchQuery = { searchInfo: s.query, sortType: s.sortType, ...paging };
  if (s.key === 1) query.haswantsay = 1;
  else if (s.key === 5) query.sourceIds = [SOURCE.journal, SOURCE.digest];
  else query.sourceIds = [s.key];
  if (s.classIds.length) query.articleClassIds = s.classIds;
  if (s.filterIds.length) query.articleFilterIds = s.filterIds;
  Object.assign(query, dates);
  return { kind: 'articles', query };
}
