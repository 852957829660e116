// What a screen shows while its query has no data: the skeleton while it loads, then the failure
// with 重试. One piece for every screen that reads through useApiQuery, so the two states cannot drift.
import type { QueryState } from './session/hooks';
import { ErrorState, LoadingState } from './ui/States';

export function QueryPending({ query, rows }: { query: Omit<QueryState<unknown>, 'data'>; rows?: number }) {
  if (query.loading) return <LoadingState rows={rows} />;
  return <ErrorState message={query.error?.message} onRetry={query.reload} />;
}
