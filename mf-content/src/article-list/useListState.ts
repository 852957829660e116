import type { ArticleListPath } from '@qianyan/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  EMPTY_FILTERS,
  parseFilters,
  parseListQuery,
  parsePage,
  toSearchParams,
  writeFilters,
  writePage,
  type FilterFields,
  type ListFilters,
  type ListState,
} from './listQuery';

/**
 * A list state kept in the URL: `parse` reads it (falling back to defaults), `write` turns it back into
 * a query. Every change is a new history entry, so back/forward and shared links restore the list.
 */
export function useUrlState<S>(parse: (params: URLSearchParams) => S, write: (state: S) => URLSearchParams) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parse(params), [params, parse]);
  const update = useCallback((next: S) => setParams(write(next)), [setParams, write]);
  return [state, update] as const;
}

/** The state of the four tabbed article lists (spec §2.10). */
export function useListState(path: ArticleListPath) {
  const parse = useCallback((params: URLSearchParams) => parseListQuery(params, path), [path]);
  const [state, write] = useUrlState(parse, toSearchParams);

  /** A new tab resets the form (dates, classes, sort) and the page (spec §4 list tabs). */
  const selectTab = useCallback((type: number) => write({ ...EMPTY_FILTERS, type, page: 1 }), [write]);

  /** Any filter change goes back to page 1. */
  const applyFilters = useCallback(
    (f: ListFilters) =>
      write({
        type: state.type,
        page: 1,
        sortType: f.sortType,
        classIds: f.classIds,
        startDate: f.startDate,
        endDate: f.endDate,
      }),
    [state.type, write],
  );

  const selectPage = useCallback((page: number) => write({ ...state, page }), [state, write]);

  return { state, selectTab, applyFilters, selectPage };
}

export type FilterListState = ListFilters & { page: number };

/**
 * The state of a list without tabs whose URL holds only the offered filters and the page
 * (/clinical-research-list: startDate, endDate; /commentary: articleClassIds).
 */
export function useFilterListState(fields: FilterFields) {
  const { sort, classes, dates } = fields;
  const parse = useCallback(
    (params: URLSearchParams): FilterListState => ({
      ...parseFilters(params, { sort, classes, dates }),
      page: parsePage(params),
    }),
    [sort, classes, dates],
  );
  const [state, write] = useUrlState(parse, writeFilterList);
  /** Any filter change goes back to page 1. */
  const applyFilters = useCallback((f: ListFilters) => write({ ...f, page: 1 }), [write]);
  const selectPage = useCallback((page: number) => write({ ...state, page }), [state, write]);
  return { state, applyFilters, selectPage };
}

function writeFilterList(state: FilterListState): URLSearchParams {
  return writePage(writeFilters(new URLSearchParams(), state), state.page);
}
