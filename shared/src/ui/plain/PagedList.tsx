// The four states of a paged list (spec §8): while it loads, failed with a retry, 未搜索到相关内容,
// then the count, the items and the pager. The caller draws the skeletons and the items.
import type { ReactNode } from 'react';
import { PlainPagination } from './Pagination';
import { PlainEmptyState, PlainErrorState } from './States';

/** What useApiQuery gives for one page of a list. */
export interface PagedQuery<T> {
  loading: boolean;
  error: { message: string } | null | undefined;
  data: { results: T[]; page: { total: number } } | null | undefined;
  reload: () => void;
}

const boxed = (className: string | undefined, state: ReactNode) => (className ? <div className={className}>{state}</div> : state);

export function PlainPagedList<T>({
  list,
  skeleton,
  renderItems,
  countText,
  countClassName,
  page,
  pageSize,
  onPage,
  pagerClassName,
  errorClassName,
  emptyClassName,
}: {
  list: PagedQuery<T>;
  skeleton: ReactNode;
  renderItems: (items: T[]) => ReactNode;
  /** The line above the items: 共 N 条. */
  countText: (total: number) => string;
  countClassName: string;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  pagerClassName: string;
  /** A box around the failed and the empty state, when they need one. */
  errorClassName?: string;
  emptyClassName?: string;
}) {
  if (list.loading) return <>{skeleton}</>;
  if (list.error) return boxed(errorClassName, <PlainErrorState message={list.error.message} onRetry={list.reload} />);
  if (!list.data || list.data.results.length === 0) return boxed(emptyClassName, <PlainEmptyState />);
  const { total } = list.data.page;
  return (
    <>
      <p className={countClassName}>{countText(total)}</p>
      {renderItems(list.data.results)}
      <PlainPagination className={pagerClassName} current={page} pageSize={pageSize} total={total} hideOnSinglePage onChange={onPage} />
    </>
  );
}
