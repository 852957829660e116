import { api, CAROUSEL_DELAY_MS, COURSE_LIST_PAGE_SIZE, courseClick, performCourseClick, useApiQuery, useIsMobile, useReleaseFirstView, useSession, type LessonCard } from '@qianyan/shared';
import {
  COVER_IMG,
  PageHead,
  PlainCarousel,
  PlainPagedList,
  PlainSkeleton,
  PlainTabPanel,
  PlainTabs,
  SLIDE_CAPTION,
  SPREAD_ROW,
} from '@qianyan/shared/plain';
import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { meetingTime } from '../common/dates';
import { useClassCodes } from '../common/useClassCodes';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { CONFERENCE_PREVIEW_COUNT, COURSE_TABS, pageTitle, TEXT, type CourseTabKey } from '../messages';
import { CourseCard } from './CourseCard';
import { Section } from '../common/Section';

import '../common/common.css';
import './courseResources.css';

/**
 * Reads `type` (video | img, default video), `page`, and the filters startDate and endDate (YYYYMMDD,
 * only as a pair) and articalClassIds (a comma list) from the URL (§2.1).
 */
export function parseCourseQuery(params: URLSearchParams): {
  tab: (typeof COURSE_TABS)[number];
  page: number;
  filters: { startDate?: string; endDate?: string; articalClassIds?: number[] };
} {
  const tab = COURSE_TABS.find((t) => t.key === params.get('type')) ?? COURSE_TABS[0];
  const page = Number(params.get('page'));
  const startDate = params.get('startDate') ?? '';
  const endDate = params.get('endDate') ?? '';
  const ids = (params.get('articalClassIds') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,9}$/.test(s))
    .map(Number);
  const filters: { startDate?: string; endDate?: string; articalClassIds?: number[] } = {};
  if (/^\d{8}$/.test(startDate) && /^\d{8}$/.test(endDate)) Object.assign(filters, { startDate, endDate });
  if (ids.length) filters.articalClassIds = ids;
  return { tab, page: Number.isSafeInteger(page) && page > 0 ? page : 1, filters };
}

/** The classroom banner (code classroom, §2.11); nothing when it has no pictures or fails. */
function ClassroomBanner() {
  const banner = useApiQuery(() => api.base.getBanner({ code: 'classroom' }, { silent: true }), []);
  const pictures = banner.data?.content ?? [];
  const drawn = !(banner.loading && !banner.data);
  // The server's picture of this banner (if any) goes once the first slide's picture is decoded.
  useReleaseFirstView('course-resources', drawn, '.qy-cr-banner .qy-cr-banner-slide img');
  // While the banner loads, its box keeps the slide's height, so the page below does not jump.
  if (!drawn) {
    return (
      <div className="qy-cr-banner" aria-hidden="true">
        <div className="qy-cr-banner-slide" />
      </div>
    );
  }
  if (pictures.length === 0) return null;
  return (
    <PlainCarousel className="qy-cr-banner" label={TEXT.banner} autoplay={CAROUSEL_DELAY_MS}>
      {pictures.map((p, i) => {
        const img = (
          <div className="qy-cr-banner-slide">
            <img className={COVER_IMG} src={p.pic} alt={p.title} />
            {(p.title || p.intro) && (
              <div className={`qy-cr-banner-text ${SLIDE_CAPTION}`}>
                {p.title && <strong>{p.title}</strong>}
                {p.intro && <span>{p.intro}</span>}
              </div>
            )}
          </div>
        );
        return p.url ? (
          /^https?:/.test(p.url) ? (
            <a key={i} href={p.url} target="_blank" rel="noopener noreferrer">
              {img}
            </a>
          ) : (
            <Link key={i} to={p.url}>
              {img}
            </Link>
          )
        ) : (
          <div key={i}>{img}</div>
        );
      })}
    </PlainCarousel>
  );
}

/** The 2 most recent conference previews (lessAdvStatus 2, §2.11), each opening its notice. */
function ConferencePreviews() {
  const list = useApiQuery(
    () => api.conference.list({ pageNo: 1, pageSize: CONFERENCE_PREVIEW_COUNT, lessAdvStatus: 2 }, { silent: true }),
    [],
  );
  const items = list.data?.results ?? [];
  // While the previews load their place is kept (two cards' height), so the course list below
  // does not move when they arrive; with none upcoming the block goes.
  if (list.loading && !list.data) {
    return (
      <Section className="qy-cr-meetings" title={TEXT.upcoming} busy>
        <ul aria-hidden="true">
          {Array.from({ length: CONFERENCE_PREVIEW_COUNT }, (_, i) => (
            // Keys of their own: a numeric key could match a conference id, and React would then move
            // the placeholder's node into the list (a layout shift to the browser).
            <li key={`placeholder-${i}`} className="qy-cr-card qy-cr-meeting is-placeholder" />
          ))}
        </ul>
      </Section>
    );
  }
  if (items.length === 0) return null;
  return (
    <Section className="qy-cr-meetings" title={TEXT.upcoming}>
      <ul>
        {items.map((m) => (
          <li key={m.lessonAdvId} className="qy-cr-card qy-cr-meeting">
            <Link to={`/meeting-notice?id=${m.lessonAdvId}`}>
              {m.imgPc && <img src={m.imgPc} alt="" loading="lazy" />}
              <span className="qy-cr-meeting-text">
                <strong>{m.title}</strong>
                {m.subhead && <span className="qy-cr-meeting-sub">{m.subhead}</span>}
                <time dateTime={m.beginTime}>{meetingTime(m.beginTime)}</time>
                {m.sponsor && <span className="qy-cr-meeting-sponsor">{m.sponsor}</span>}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Prefix of the tabs' and their panel's ids. */
const TABS_ID = 'qy-cr-course-tabs';

/** /course-resources (spec §2.11), the course card list: video and image-text tabs following `type`. */
export function CourseResourcesPage() {
  const [params, setParams] = useSearchParams();
  const { tab, page, filters } = parseCourseQuery(params);
  const isMobile = useIsMobile();
  const codeByName = useClassCodes();
  const { user } = useSession();
  const navigate = useNavigate();
  useDocumentTitle(pageTitle(tab.label));

  const list = useApiQuery(
    () =>
      api.lesson.selectLessonList(
        { pageNo: page, pageSize: COURSE_LIST_PAGE_SIZE, subjectSerType: [...tab.subjectSerType], sortType: 3, ...filters },
        { silent: true },
      ),
    [tab.key, page, JSON.stringify(filters)],
  );

  // Filters stay in the URL across tab and page changes.
  const kept = () => {
    const next = new URLSearchParams();
    if (filters.startDate && filters.endDate) {
      next.set('startDate', filters.startDate);
      next.set('endDate', filters.endDate);
    }
    if (filters.articalClassIds) next.set('articalClassIds', filters.articalClassIds.join(','));
    return next;
  };
  const selectTab = (key: CourseTabKey) => setParams(new URLSearchParams([['type', key], ...kept()]));
  const selectPage = (nextPage: number) => {
    const rest = [...kept()];
    setParams(new URLSearchParams([['type', tab.key], ...(nextPage > 1 ? [['page', String(nextPage)]] : []), ...rest]));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const open = useCallback((card: LessonCard) => performCourseClick(courseClick(card, user), { navigate }), [user, navigate]);

  return (
    <div className="qy-cr-page">
      <PageHead title={TEXT.courseResources} intro={TEXT.courseResourcesIntro} />
      <ClassroomBanner />
      <ConferencePreviews />
      <div className={`qy-cr-tabs ${SPREAD_ROW}`}>
        <PlainTabs<CourseTabKey>
          size="large"
          id={TABS_ID}
          activeKey={tab.key}
          onChange={selectTab}
          items={COURSE_TABS.map((t) => ({ key: t.key, label: t.label }))}
        />
        <p className="qy-cr-series">{tab.series}</p>
      </div>
      <PlainTabPanel id={TABS_ID} activeKey={tab.key}>
        <section aria-label={TEXT.courses} aria-busy={list.loading}>
          <PlainPagedList
            list={list}
            skeleton={
              <div className="qy-cr-grid">
                {Array.from({ length: isMobile ? 3 : 6 }, (_, i) => (
                  <div key={i} className="qy-cr-card qy-cr-course qy-cr-course-skeleton">
                    <div className="qy-cr-cover" />
                    <div className="qy-cr-course-body">
                      <PlainSkeleton title rows={2} />
                    </div>
                  </div>
                ))}
              </div>
            }
            errorClassName="qy-cr-card qy-cr-state"
            emptyClassName="qy-cr-card qy-cr-state"
            countText={TEXT.total}
            countClassName="qy-cr-count"
            renderItems={(cards) => (
              <div className="qy-cr-grid">
                {cards.map((card) => (
                  <CourseCard key={card.id} card={card} mobile={isMobile} codeByName={codeByName} onOpen={open} />
                ))}
              </div>
            )}
            page={page}
            pageSize={COURSE_LIST_PAGE_SIZE}
            onPage={selectPage}
            pagerClassName="qy-cr-pagination"
          />
        </section>
      </PlainTabPanel>
    </div>
  );
}
