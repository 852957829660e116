// The search box's history (spec §2.4): the last 10 queries in localStorage, newest first.
import { SEARCH_HISTORY_LIMIT } from '@qianyan/shared/core';

export const SEARCH_HISTORY_KEY = 'qy.searchHistory';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Adds a query in front, drops an earlier copy of it and anything past the limit. */
export function withQuery(history: string[], query: string, limit = SEARCH_HISTORY_LIMIT): string[] {
  const q = query.trim();
  if (!q) return history;
  return [q, ...history.filter((h) => h !== q)].slice(0, limit);
}

export function readSearchHistory(): string[] {
  const raw = storage()?.getItem(SEARCH_HISTORY_KEY);
  if (!raw) return [];
  try {
    const list = JSON.parse(raw) as unknown;
    return Array.isArray(list)
      ? list.filter((x): x is string => typeof x === 'string' && x.trim() !== '').slice(0, SEARCH_HISTORY_LIMIT)
      : [];
  } catch {
    return [];
  }
}

export function rememberSearch(query: string): string[] {
  const next = withQuery(readSearchHistory(), query);
  storage()?.setItem(SEARCH_HISTORY_KEY, JSON.stringify(next));
  return next;
}

export function clearSearchHistory(): string[] {
  storage()?.removeItem(SEARCH_HISTORY_KEY);
  return [];
}

export const searchUrl = (query: string) => `/search?query=${encodeURIComponent(query.trim())}`;
