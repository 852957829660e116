// What the console's paged tables share: filters kept in the address (a filter change goes back to
// page 1), a page fetched from the server whenever the query changes, and the table's pager.
import type { TablePaginationConfig } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Page } from '../../api';
import { CM } from '../../consoleMessages';

export const PAGE_SIZE = 20;

/** The address's query and a setter of filters (empty values removed; page reset unless given). */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const setFilter = useCallback(
    (changes: Record<string, string | undefined>) => {
      const next = new URLSearchParams(params);
      for (const [k, v] of Object.entries(changes)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      if (!('page' in changes)) next.delete('page');
      setParams(next);
    },
    [params, setParams],
  );
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  return { params, setFilter, pageNo };
}

/** The page `load` answers, fetched again when `key` (the query, as text) changes. */
export function usePage<T>(load: () => Promise<Page<T>>, key: string) {
  const [data, setData] = useState<Page<T> | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    setLoading(true);
    load()
      .then((reply) => live && setData(reply))
      .catch(() => live && setData(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // `key` stands for everything `load` reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { data, loading };
}

/** The pager of a server-paged table. */
export function pager(pageNo: number, total: number, setFilter: (c: Record<string, string | undefined>) => void): TablePaginationConfig {
  return {
    current: pageNo,
    pageSize: PAGE_SIZE,
    total,
    showSizeChanger: false,
    showTotal: (n) => CM.totalEntries(n),
    onChange: (p) => setFilter({ page: p > 1 ? String(p) : undefined }),
  };
}
