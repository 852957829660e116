// /professional-more?articleIds=&articleFilterIds=&startDate=&endDate=&page= (spec §2.1): "more related
// articles" of a commentary, kept in the URL like the other lists.
import { ARTICLE_LIST_PAGE_SIZE, fromApiDate, type ArticleListQuery } from '@qianyan/shared';
import dayjs from 'dayjs';
import type { DateBounds } from '../article-list/dates';
import { filterQuery, parseFilters, parseIdList, parsePage, writeFilters, writePage } from '../article-list/listQuery';

/** Journal types (source 5, filter ids 1–5) and digest types (source 6), spec §3 Filter ids. */
export const JOURNAL_TYPE_IDS = [1, 2, 3, 4, 5];
export const DIGEST_TYPE_IDS = [6, 7, 8, 15, 16];
const TYPE_IDS = new Set([...JOURNAL_TYPE_IDS, ...DIGEST_TYPE_IDS]);

/** The more-reading calendar runs from 1970 to 2050 (spec §5 dates, §9). */
export const MORE_BOUNDS: DateBounds = { min: dayjs('1970-01-01'), max: dayjs('2050-12-31') };

/** The server takes at most 200 ids in one request, each a PostgreSQL integer. */
export const MAX_ARTICLE_IDS = 200;
const MAX_ID = 2_147_483_647;

export interface MoreState {
  articleIds: number[];
  /** Ticked journal and digest type ids. */
  filterIds: number[];
  /** YYYYMMDD; both set or both undefined. */
  startDate?: string;
  endDate?: string;
  page: number;
}

/** A comma list of article ids (a URL's articleIds, a detail's relationArticleIds), as the server takes them. */
export function articleIdList(s: string | null): number[] {
  return parseIdList(s)
    .filter((id) => id <= MAX_ID)
    .slice(0, MAX_ARTICLE_IDS);
}

function inBounds(ymd: string | undefined): boolean {
  const d = fromApiDate(ymd);
  return !!d && !d.isBefore(MORE_BOUNDS.min, 'day') && !d.isAfter(MORE_BOUNDS.max!, 'day');
}

/** Reads the state; malformed or out-of-range parts fall back to their defaults. */
export function parseMoreQuery(params: URLSearchParams): MoreState {
  const { startDate, endDate } = parseFilters(params, { sort: false, classes: false, dates: true });
  const range = inBounds(startDate) && inBounds(endDate);
  return {
    articleIds: articleIdList(params.get('articleIds')),
    filterIds: parseIdList(params.get('articleFilterIds')).filter((id) => TYPE_IDS.has(id)),
    startDate: range ? startDate : undefined,
    endDate: range ? endDate : undefined,
    page: parsePage(params),
  };
}

export function moreSearchParams(state: MoreState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('articleIds', state.articleIds.join(','));
  if (state.filterIds.length) params.set('articleFilterIds', state.filterIds.join(','));
  writeFilters(params, { sortType: 0, classIds: [], startDate: state.startDate, endDate: state.endDate });
  return writePage(params, state.page);
}

/** The selectArticleList request, or null when the link names no article (nothing to list). */
export function moreQuery(state: MoreState): ArticleListQuery | null {
  if (state.articleIds.length === 0) return null;
  const query: ArticleListQuery = {
    pageNo: state.page,
    pageSize: ARTICLE_LIST_PAGE_SIZE,
    articleIds: state.articleIds,
    ...filterQuery({ sortType: 0, classIds: [], startDate: state.startDate, endDate: state.endDate }),
  };
  if (state.filterIds.length) query.articleFilterIds = state.filterIds;
  return query;
}

/** The link to this page for related article ids (ids are digits, so the comma list needs no escaping). */
export const moreHref = (articleIds: number[]) => `/professional-more?articleIds=${articleIds.join(',')}`;
