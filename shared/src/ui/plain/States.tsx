// Loading, empty and failed states without antd, for the screens that must not load it on their
// first view. They look like antd's Skeleton, Empty and Result in the brand theme.
import { MSG, type QueryState } from '@qianyan/shared/core';
import { PlainButton } from './Button';
import './states.css';

/**
 * Shimmering lines in the footprint of antd's `<Skeleton active title={…} paragraph={{ rows }} />`:
 * 16 px lines 16 px apart, the last at 61 %, an optional 38 % title line 24 px above them.
 * The lines are decorative; the container says it is busy.
 */
export function PlainSkeleton({ rows = 3, title = false, className }: { rows?: number; title?: boolean; className?: string }) {
  return (
    <div className={className ? `qy-ui-skel ${className}` : 'qy-ui-skel'} aria-busy="true">
      {title && <span className="qy-ui-skel__line qy-ui-skel__title" aria-hidden="true" />}
      <span className="qy-ui-skel__rows" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <span key={i} className="qy-ui-skel__line" />
        ))}
      </span>
    </div>
  );
}

/**
 * Cards of the real ones' shape while a list of them loads (a cover's box over busy lines), so what
 * is below does not move when they arrive. The classes are the real cards' own.
 */
export function PlainCardPlaceholders({
  count,
  className,
  cardClassName,
  coverClassName,
  bodyClassName,
  title = false,
  rows,
}: {
  count: number;
  className: string;
  cardClassName: string;
  coverClassName: string;
  bodyClassName: string;
  title?: boolean;
  rows: number;
}) {
  return (
    <ul className={className} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={cardClassName}>
          <div className={coverClassName} />
          <div className={bodyClassName}>
            <PlainSkeleton title={title} rows={rows} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A loading page or block (the shared LoadingState: a title and `rows` lines). */
export function PlainLoadingState({ rows = 4 }: { rows?: number }) {
  return <PlainSkeleton title rows={rows} />;
}

/** Empty list (spec §8): 未搜索到相关内容, under antd's simple empty image. */
export function PlainEmptyState({ text = MSG.empty }: { text?: string }) {
  return (
    <div className="qy-ui-empty">
      <svg width="64" height="41" viewBox="0 0 64 41" aria-hidden="true" focusable="false">
        <g transform="translate(0 1)" fill="none" fillRule="evenodd">
          <ellipse fill="#f5f5f5" cx="32" cy="33" rx="32" ry="7" />
          <g fillRule="nonzero" stroke="#d9d9d9">
            <path d="M55 12.8 44.9 1.3Q44 0 42.9 0H21.1q-1.2 0-2 1.3L9 12.8V22h46z" />
            <path
              d="M41.6 16c0-1.7 1-3 2.2-3H55v18.1c0 2.2-1.3 3.9-3 3.9H12c-1.7 0-3-1.7-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 3s1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.4 2.2-3"
              fill="#fafafa"
            />
          </g>
        </g>
      </svg>
      <p>{text}</p>
    </div>
  );
}

/** A failed load (antd's Result "warning"): the message and a 重试 button. */
export function PlainErrorState({ message = MSG.busy, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <div className="qy-ui-result" role="alert">
      <svg className="qy-ui-result__icon" viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
        <path d="M955.7 856l-416-720c-6.2-10.7-16.9-16-27.7-16s-21.6 5.3-27.7 16l-416 720C56 877.4 71.4 904 96 904h832c24.6 0 40-26.6 27.7-48zM480 416c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v184c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V416zm32 352a48.01 48.01 0 010-96 48.01 48.01 0 010 96z" />
      </svg>
      <p className="qy-ui-result__title">{message}</p>
      {onRetry && (
        <PlainButton className="qy-ui-result__retry" onClick={onRetry}>
          重试
        </PlainButton>
      )}
    </div>
  );
}

/** QueryPending without antd: the skeleton while the query loads, then its failure with 重试. */
export function PlainQueryPending({ query, rows }: { query: Omit<QueryState<unknown>, 'data'>; rows?: number }) {
  if (query.loading) return <PlainLoadingState rows={rows} />;
  return <PlainErrorState message={query.error?.message} onRetry={query.reload} />;
}
