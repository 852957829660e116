import {
  api,
  getMemberId,
  type ArticleListPage,
  onLoggedIn,
  useSession,
  type ArticleListQuery,
  type LessonCard,
  type PageResult,
} from '@qianyan/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cachedReply, cacheReply } from './searchCache';
import type { SearchRequest } from './searchQuery';

export type SearchReply =
  | { kind: 'articles'; data: ArticleListPage }
  | { kind: 'courses'; data: PageResult<LessonCard> };

/** Runs one search; the API functions attach the reader's memberId (spec §6). */
export async function runSearch(request: SearchRequest): Promise<SearchReply> {
  if (request.kind === 'courses') {
    return { kind: 'courses', data: await api.lesson.selectLessonList(request.query, { silent: true }) };
  }
  // The search sorts (relevance 3) are wider than a plain list's, which the list type names.
  const query = request.query as unknown as ArticleListQuery;
  return { kind: 'articles', data: await api.article.selectArticleList(query, { silent: true }) };
}

interface State {
  key: string;
  reply: SearchReply | undefined;
  loading: boolean;
  error: Error | null;
}

/**
 * The results of a search request (null: nothing to search). A request asked before shows its last
 * reply at once, without a loading state, and is asked again quietly (collected marks may have
 * changed): going back to the page shows the same results at once. Collected marks depend on the
 * reader, so the cache key holds the member id and the page reloads after a login and a logout.
 */
export function useSearchResults(request: SearchRequest | null) {
  const { loggedIn } = useSession();
  const key = request ? `${getMemberId() ?? 0}:${JSON.stringify(request)}` : '';
  const initial = (): State => {
    const reply = key ? cachedReply<SearchReply>(key) : undefined;
    return { key, reply, loading: !!key && !reply, error: null };
  };
  const [state, setState] = useState<State>(initial);
  const [tick, setTick] = useState(0);
  const runId = useRef(0);
  const requestRef = useRef(request);
  requestRef.current = request;

  // A new key shows its cached reply (or the loading state) in the same render, never the old reply.
  let shown = state;
  if (state.key !== key) {
    shown = initial();
    setState(shown);
  }

  useEffect(() => {
    const req = requestRef.current;
    const id = ++runId.current;
    if (!req) return;
    runSearch(req).then(
      (reply) => {
        if (id !== runId.current) return;
        cacheReply(key, reply);
        setState({ key, reply, loading: false, error: null });
      },
      (error: Error) => {
        if (id !== runId.current) return;
        setState((s) => (s.key === key ? { ...s, loading: false, error } : s));
      },
    );
  }, [key, tick]);

  /** Asks again, keeping the shown results until the reply arrives (after a collect, a login). */
  const reload = useCallback(() => setTick((t) => t + 1), []);
  /** Asks again from the loading state (the retry of a failed search). */
  const retry = useCallback(() => {
    setState((s) => ({ ...s, loading: true, error: null }));
    setTick((t) => t + 1);
  }, []);

  useEffect(() => onLoggedIn(reload), [reload]);
  const wasLoggedIn = useRef(loggedIn);
  useEffect(() => {
    if (wasLoggedIn.current && !loggedIn) reload();
    wasLoggedIn.current = loggedIn;
  }, [loggedIn, reload]);

  return { reply: shown.reply, loading: shown.loading, error: shown.reply ? null : shown.error, reload, retry };
}
