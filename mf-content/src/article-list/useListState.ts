import type { ArticleListPath } from '@qianyan/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EMPTY_FILTERS, parseListQuery, toSearchParams, type ListFilters, type ListState } from './listQuery';

/** The list state read from and written to the URL; every change is a new history entry. */
export function useListState(path: ArticleListPath) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListQuery(params, path), [params, path]);

  const write = useCallback((next: ListState) => setParams(toSearchParams(next)), [setParams]);

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
