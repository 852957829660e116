// A page's right column of links (related reading, more of the same kind, more lessons): a white card
// with a red-ruled heading and one link a row, each with a line of details under it. Plain React and
// CSS; the app passes its router's link so navigation stays inside it.
import { useId, type ComponentType, type ReactNode } from 'react';
import { QUIET_LINKS, RULED_LIST } from './blocks';
import { PlainSkeleton } from './States';
import './sideLinkList.css';

export interface SideLink {
  key: string;
  to: string;
  title: string;
  /** A line under the title: kind, date… */
  meta?: string;
}

export type SideLinkComponent = ComponentType<{ to: string; children: ReactNode }>;

/**
 * `loading`: busy lines in its place. An empty, settled list draws nothing (it is secondary to the
 * page), so the caller can stack several and show what there is.
 */
export function SideLinkList({
  title,
  items,
  loading = false,
  link: LinkTo,
  className,
  footer,
}: {
  title: string;
  items: SideLink[];
  loading?: boolean;
  link: SideLinkComponent;
  className?: string;
  /** Under the list, e.g. a link to all of them. */
  footer?: ReactNode;
}) {
  const headingId = useId();
  if (!loading && items.length === 0) return null;
  return (
    <aside className={['qy-ui-side', QUIET_LINKS, className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {loading && items.length === 0 ? (
        <PlainSkeleton rows={5} />
      ) : (
        <ul className={RULED_LIST}>
          {items.map((item) => (
            <li key={item.key}>
              <LinkTo to={item.to}>{item.title}</LinkTo>
              {item.meta && <span className="qy-ui-side__meta">{item.meta}</span>}
            </li>
          ))}
        </ul>
      )}
      {footer && <div className="qy-ui-side__footer">{footer}</div>}
    </aside>
  );
}
