import { firstCoverUrl, formatDate, type LessonCard } from '@qianyan/shared';
import { BLANK_COVER, COVER_IMG, SPREAD_ROW, TITLE_BUTTON, ZOOM_COVER } from '@qianyan/shared/plain';
import type { ReactNode } from 'react';
import { ClassTags } from '../common/ClassTags';
import { COURSE_BADGE } from '../messages';

/** The cover for this layout: the mobile cover on phones, the PC cover otherwise, each falling back to the other. */
export function coverOf(card: Pick<LessonCard, 'coverPc' | 'coverMobile'>, mobile: boolean): string {
  const pc = firstCoverUrl(card.coverPc);
  const phone = firstCoverUrl(card.coverMobile);
  return mobile ? phone || pc : pc || phone;
}

/**
 * A course's cover: its picture, or the first two characters of its title on the brand's red, and
 * what lies over it (a badge). It repeats the title button for pointer users, so it is hidden from
 * keyboard and screen readers, who use the title.
 */
export function CourseCover({
  card,
  mobile,
  onOpen,
  className,
  children,
}: {
  card: LessonCard;
  mobile: boolean;
  onOpen: (card: LessonCard) => void;
  className: string;
  children?: ReactNode;
}) {
  const cover = coverOf(card, mobile);
  return (
    <div className={className} onClick={() => onOpen(card)} aria-hidden="true">
      {cover ? (
        <img className={COVER_IMG} src={cover} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className={`${className}-blank ${BLANK_COVER}`}>{card.title.slice(0, 2)}</span>
      )}
      {children}
    </div>
  );
}

/** One course card (spec §2.11): cover 16:9, badge, title, subhead, tags and publish date. */
export function CourseCard({
  card,
  mobile,
  codeByName,
  onOpen,
}: {
  card: LessonCard;
  mobile: boolean;
  codeByName: Map<string, number>;
  onOpen: (card: LessonCard) => void;
}) {
  const badge = COURSE_BADGE[card.subjectSerType];
  return (
    <article className={`qy-cr-course qy-cr-card ${ZOOM_COVER}`}>
      <CourseCover card={card} mobile={mobile} onOpen={onOpen} className="qy-cr-cover" />
      <div className="qy-cr-course-body">
        <div className={`qy-cr-course-meta ${SPREAD_ROW}`}>
          {badge && <span className={`qy-cr-badge qy-cr-badge-${card.subjectSerType}`}>{badge}</span>}
          <time dateTime={formatDate(card.publishdate)}>{formatDate(card.publishdate)}</time>
        </div>
        <h2 className="qy-cr-course-title">
          <button type="button" className={TITLE_BUTTON} onClick={() => onOpen(card)}>
            {card.title}
          </button>
        </h2>
        {card.subhead && <p className="qy-cr-course-subhead">{card.subhead}</p>}
        <div className="qy-cr-course-foot">
          <ClassTags classNames={card.classNames} codeByName={codeByName} />
        </div>
      </div>
    </article>
  );
}
