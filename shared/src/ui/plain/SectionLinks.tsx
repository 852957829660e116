// The ways on from a page that has nothing to show (a section not built yet, a missing page or
// article): home, the primary one, and the journal list. The app passes its router's link.
import type { ComponentType, ReactNode } from 'react';
import './sectionLinks.css';

/** A link drawn as one of these buttons: the filled primary one, or the outlined one. */
export const LINK_BUTTON = {
  primary: 'qy-construction-link qy-construction-link-primary',
  plain: 'qy-construction-link',
} as const;

export type RouterLink = ComponentType<{ to: string; className?: string; children?: ReactNode }>;

export function SectionLinks({
  link: LinkTo,
  label,
  home,
  journalList,
  className,
}: {
  link: RouterLink;
  /** The navigation landmark's name. */
  label: string;
  home: string;
  journalList: string;
  className?: string;
}) {
  return (
    <nav className={className ? `qy-construction-links ${className}` : 'qy-construction-links'} aria-label={label}>
      <LinkTo className={LINK_BUTTON.primary} to="/index">
        {home}
      </LinkTo>
      <LinkTo className={LINK_BUTTON.plain} to="/nejm-list">
        {journalList}
      </LinkTo>
    </nav>
  );
}
