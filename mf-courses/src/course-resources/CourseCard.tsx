import { firstCoverUrl, formatDate, type LessonCard } from '@qianyan/shared';
import { ClassTags } from '../common/ClassTags';
import { COURSE_BADGE } from '../messages';

/** The cover for this layout: the mobile cover on phones, the PC cover otherwise, each falling back to the other. */
export function coverOf(card: Pick<LessonCard, 'coverPc' | 'coverMobile'>, mobile: boolean): string {
  const pc = firstCoverUrl(card.coverPc);
  const phone = firstCoverUrl(card.coverMobile);
  return mobile ? phone || pc : pc || phone;
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
  const cover = coverOf(card, mobile);
  const badge = COURSE_BADGE[card.subjectSerType];
  return (
    <article className="qy-cr-course qy-cr-card">
      {/* The cover repeats the title button for pointer users; keyboard and screen readers use the title. */}
      <div className="qy-cr-cover" onClick={() => onOpen(card)} aria-hidden="true">
        {cover ? (
          <img src={cover} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="qy-cr-cover-blank">{card.title.slice(0, 2)}</span>
        )}
      </div>
      <div className="qy-cr-course-body">
        <div className="qy-cr-course-meta">
          {badge && <span className={`qy-cr-badge qy-cr-badge-${card.subjectSerType}`}>{badge}</span>}
          <time dateTime={formatDate(card.publishdate)}>{formatDate(card.publishdate)}</time>
        </div>
        <h2 className="qy-cr-course-title">
          <button type="button" onClick={() => onOpen(card)}>
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
