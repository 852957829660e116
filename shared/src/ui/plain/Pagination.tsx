// antd's Pagination (default size, no quick jumper) without antd: the same items, titles and
// collapsing rules (rc-pagination's), as buttons in a labelled navigation landmark; optionally with
// fewer items (showLessItems), the read-only simple form (current / all) and a page-size changer
// (a native select drawn like antd's).
import { DoubleLeftIcon, DoubleRightIcon, EllipsisIcon, LeftIcon, RightIcon } from './icons';
import './pagination.css';

export const PAGINATION_TEXT = {
  label: '分页',
  prev: '上一页',
  next: '下一页',
  prev5: '向前 5 页',
  next5: '向后 5 页',
  perPage: (n: number) => `${n} 条/页`,
} as const;

type PagerItem =
  | { kind: 'page'; page: number; className?: string }
  | { kind: 'jump-prev' | 'jump-next'; page: number };

/**
 * The page items between the arrows, as rc-pagination lays them out: a buffer of 2 pages around the
 * current one, 1 with `lessItems` (antd's showLessItems).
 */
export function pagerItems(current: number, allPages: number, lessItems = false): PagerItem[] {
  const buffer = lessItems ? 1 : 2;
  if (allPages <= 3 + buffer * 2) return Array.from({ length: allPages }, (_, i) => ({ kind: 'page', page: i + 1 }));
  let left = Math.max(1, current - buffer);
  let right = Math.min(current + buffer, allPages);
  if (current - 1 <= buffer) right = 1 + buffer * 2;
  if (allPages - current <= buffer) left = allPages - buffer * 2;
  const hasJumpPrev = current - 1 >= buffer * 2 && current !== 1 + 2;
  const hasJumpNext = allPages - current >= buffer * 2 && current !== allPages - 2;
  if (!lessItems && hasJumpPrev && right !== allPages) left += 1;
  if (!lessItems && hasJumpNext && left !== 1) right -= 1;
  const items: PagerItem[] = [];
  for (let i = left; i <= right; i += 1) items.push({ kind: 'page', page: i });
  if (hasJumpPrev) {
    (items[0] as { className?: string }).className = 'is-after-jump-prev';
    items.unshift({ kind: 'jump-prev', page: Math.max(1, current - 5) });
  }
  if (hasJumpNext) {
    (items[items.length - 1] as { className?: string }).className = 'is-before-jump-next';
    items.push({ kind: 'jump-next', page: Math.min(allPages, current + 5) });
  }
  if (left !== 1) items.unshift({ kind: 'page', page: 1 });
  if (right !== allPages) items.push({ kind: 'page', page: allPages });
  return items;
}

export interface PlainPaginationProps {
  current: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  /** No pager when everything fits on one page (antd's hideOnSinglePage). */
  hideOnSinglePage?: boolean;
  className?: string;
  /** The landmark's name (default 分页). */
  label?: string;
  /** false: the list only, for a pager that sits in a landmark of the caller's with more controls. */
  landmark?: boolean;
  /** A buffer of one page around the current one (antd's showLessItems). */
  lessItems?: boolean;
  /** The read-only simple form: the arrows around "current / all" (antd's `simple={{ readOnly: true }}`). */
  simple?: boolean;
  /** A page-size changer after the pages: its sizes, its name, and what a new size does. */
  sizeChanger?: { sizes: readonly number[]; label: string; onChange: (size: number) => void };
}

export function PlainPagination({
  current,
  total,
  pageSize,
  onChange,
  hideOnSinglePage = false,
  className,
  label = PAGINATION_TEXT.label,
  landmark = true,
  lessItems = false,
  simple = false,
  sizeChanger,
}: PlainPaginationProps) {
  const allPages = Math.max(0, Math.ceil(total / pageSize));
  if (hideOnSinglePage && allPages <= 1) return null;
  const page = Math.min(Math.max(1, current), Math.max(1, allPages));
  const go = (p: number) => {
    const next = Math.min(Math.max(1, p), allPages);
    if (next !== page) onChange(next);
  };
  const prevDisabled = page <= 1;
  const nextDisabled = page >= allPages;
  const list = (
    <ul>
      <li title={PAGINATION_TEXT.prev} className={prevDisabled ? 'qy-ui-pagination__arrow is-disabled' : 'qy-ui-pagination__arrow'}>
        <button type="button" aria-label={PAGINATION_TEXT.prev} disabled={prevDisabled} onClick={() => go(page - 1)}>
          <span className="qy-ui-pagination__icon">
            <LeftIcon />
          </span>
        </button>
      </li>
      {simple ? (
        <li className="qy-ui-pagination__simple" title={`${page}/${allPages}`}>
          <span>{page}</span>
          <span className="qy-ui-pagination__slash">/</span>
          {allPages}
        </li>
      ) : (
        pagerItems(page, allPages, lessItems).map((item) =>
          item.kind === 'page' ? (
            <li
              key={item.page}
              title={String(item.page)}
              className={['qy-ui-pagination__item', item.page === page ? 'is-active' : '', item.className ?? ''].filter(Boolean).join(' ')}
            >
              <button type="button" aria-current={item.page === page ? 'page' : undefined} onClick={() => go(item.page)}>
                {item.page}
              </button>
            </li>
          ) : (
            <li key={item.kind} title={item.kind === 'jump-prev' ? PAGINATION_TEXT.prev5 : PAGINATION_TEXT.next5} className="qy-ui-pagination__jump">
              <button
                type="button"
                aria-label={item.kind === 'jump-prev' ? PAGINATION_TEXT.prev5 : PAGINATION_TEXT.next5}
                onClick={() => go(item.page)}
              >
                {item.kind === 'jump-prev' ? <DoubleLeftIcon className="qy-ui-pagination__jump-icon" /> : <DoubleRightIcon className="qy-ui-pagination__jump-icon" />}
                <EllipsisIcon className="qy-ui-pagination__ellipsis" />
              </button>
            </li>
          ),
        )
      )}
      <li title={PAGINATION_TEXT.next} className={nextDisabled ? 'qy-ui-pagination__arrow is-disabled' : 'qy-ui-pagination__arrow'}>
        <button type="button" aria-label={PAGINATION_TEXT.next} disabled={nextDisabled} onClick={() => go(page + 1)}>
          <span className="qy-ui-pagination__icon">
            <RightIcon />
          </span>
        </button>
      </li>
    </ul>
  );
  const sizes = sizeChanger && (
    <select
      className="qy-ui-pagination__size"
      aria-label={sizeChanger.label}
      value={pageSize}
      onChange={(e) => sizeChanger.onChange(Number(e.target.value))}
    >
      {sizeChanger.sizes.map((n) => (
        <option key={n} value={n}>
          {PAGINATION_TEXT.perPage(n)}
        </option>
      ))}
    </select>
  );
  const classes = ['qy-ui-pagination', simple && 'qy-ui-pagination--simple', sizes && 'qy-ui-pagination--sized', className].filter(Boolean).join(' ');
  return landmark ? (
    <nav className={classes} aria-label={label}>
      {list}
      {sizes}
    </nav>
  ) : (
    <div className={classes}>
      {list}
      {sizes}
    </div>
  );
}
