// The home page's editing-class block (spec §2.2, §9 home course lists: 3 items each, sortType 3),
// exposed through Module Federation as 'mf_courses/EditingClassBlock' and rendered inside the home
// page's router (react-router-dom is a shared singleton).
import { api, courseClick, EmptyState, ErrorState, formatDate, performCourseClick, useApiQuery, useIsMobile, useSession, type LessonCard } from '@qianyan/shared';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { CourseCover } from '../course-resources/CourseCard';
import { CARD_GRID, PlainCardPlaceholders, ZOOM_COVER } from '@qianyan/shared/plain';

import { COURSE_BADGE, EDITING_CLASS_TABS, HOME_COURSE_COUNT, TEXT, type EditingClassTab } from '../messages';
import './editingClass.css';

function MiniCourse({ card, mobile, onOpen }: { card: LessonCard; mobile: boolean; onOpen: (card: LessonCard) => void }) {
  const badge = COURSE_BADGE[card.subjectSerType];
  return (
    <li className={`qy-ec-item ${ZOOM_COVER}`}>
      <CourseCover card={card} mobile={mobile} onOpen={onOpen} className="qy-ec-cover">
        {badge && <span className={`qy-ec-badge qy-ec-badge-${card.subjectSerType}`}>{badge}</span>}
      </CourseCover>
      <div className="qy-ec-body">
        <h3 className="qy-ec-title">
          <button type="button" onClick={() => onOpen(card)}>
            {card.title}
          </button>
        </h3>
        {card.subhead && <p className="qy-ec-subhead">{card.subhead}</p>}
        <time className="qy-ec-date" dateTime={formatDate(card.publishdate)}>
          {formatDate(card.publishdate)}
        </time>
      </div>
    </li>
  );
}

function TabList({ tab, onOpen }: { tab: EditingClassTab; onOpen: (card: LessonCard) => void }) {
  const mobile = useIsMobile();
  const list = useApiQuery(
    () =>
      api.lesson.selectLessonList(
        { pageNo: 1, pageSize: HOME_COURSE_COUNT, subjectSerType: [...tab.subjectSerType], sortType: 3 },
        { silent: true },
      ),
    [tab.key],
  );
  if (list.loading) {
    return (
      <PlainCardPlaceholders
        count={HOME_COURSE_COUNT}
        className={`qy-ec-list ${CARD_GRID}`}
        cardClassName="qy-ec-item"
        coverClassName="qy-ec-cover"
        bodyClassName="qy-ec-body"
        title
        rows={1}
      />
    );
  }
  if (list.error) return <ErrorState message={list.error.message} onRetry={list.reload} />;
  const items = list.data?.results.slice(0, HOME_COURSE_COUNT) ?? [];
  if (items.length === 0) return <EmptyState />;
  return (
    <ul className={`qy-ec-list ${CARD_GRID}`}>
      {items.map((card) => (
        <MiniCourse key={card.id} card={card} mobile={mobile} onOpen={onOpen} />
      ))}
    </ul>
  );
}

/** Two tabs (编辑课堂 and 临床研究与实践), three courses each, and a more link to /course-resources. */
export function EditingClassBlock() {
  const [active, setActive] = useState<EditingClassTab['key']>(EDITING_CLASS_TABS[0].key);
  const tab = EDITING_CLASS_TABS.find((t) => t.key === active) ?? EDITING_CLASS_TABS[0];
  const { user } = useSession();
  const navigate = useNavigate();
  const open = useCallback((card: LessonCard) => performCourseClick(courseClick(card, user), { navigate }), [user, navigate]);

  return (
    <section className="qy-ec" aria-label={TEXT.editingClass}>
      <div className="qy-ec-head">
        <div className="qy-ec-tabs" role="tablist">
          {EDITING_CLASS_TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              id={`qy-ec-tab-${t.key}`}
              aria-selected={t.key === tab.key}
              aria-controls="qy-ec-panel"
              className={t.key === tab.key ? 'qy-ec-tab qy-ec-tab-active' : 'qy-ec-tab'}
              onClick={() => setActive(t.key)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <Link className="qy-ec-more" to={tab.more}>
          {TEXT.more}
        </Link>
      </div>
      <div id="qy-ec-panel" role="tabpanel" aria-labelledby={`qy-ec-tab-${tab.key}`}>
        <TabList key={tab.key} tab={tab} onOpen={open} />
      </div>
    </section>
  );
}

export default EditingClassBlock;
