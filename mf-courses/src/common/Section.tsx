import { SECTION_TITLE } from '@qianyan/shared/plain';
import type { ReactNode } from 'react';

/** A titled part of a page (课程详情, 会议内容, 近期会议…): its heading behind the red rule, named by it. */
export function Section({ title, className, busy, children }: { title: string; className: string; busy?: boolean; children: ReactNode }) {
  return (
    <section className={className} aria-label={title} aria-busy={busy || undefined}>
      <h2 className={SECTION_TITLE}>{title}</h2>
      {children}
    </section>
  );
}
