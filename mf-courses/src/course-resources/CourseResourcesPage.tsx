import {
  api,
  COURSE_LIST_PAGE_SIZE,
  EmptyState,
  ErrorState,
  useApiQuery,
  useIsMobile,
  useSession,
  type LessonCard,
} from '@qianyan/shared';
import { Pagination, Skeleton, Tabs } from 'antd';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useClassCodes } from '../common/useClassCodes';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { COURSE_TABS, pageTitle, TEXT, type CourseTabKey } from '../messages';
import { CourseCard } from './CourseCard';
import { courseClick, performCourseClick } from './courseClick';
import '../common/common.css';
import './courseResources.css';

/** Reads `type` (video | img, default video) and `page` from the URL. */
export function parseCourseQuery(params: URLSearchParams): { tab: (typeof COURSE_TABS)[number]; page: number } {
  const tab = COURSE_TABS.find((t) => t.key === params.get('type')) ?? COURSE_TABS[0];
  const page = Number(params.get('page'));
  return { tab, page: Number.isSafeInteger(page) && page > 0 ? page : 1 };
}

/** /course-resources (spec §2.11), the course card list: video and image-text tabs following `type`. */
export function CourseResourcesPage() {
  const [params, setParams] = useSearchParams();
  const { tab, page } = parseCourseQuery(params);
  const isMobile = useIsMobile();
  const codeByName = useClassCodes();
  const { user } = useSession();
  const navigate = useNavigate();
  useDocumentTitle(pageTitle(tab.label));

  const list = useApiQuery(
    () =>
      api.lesson.selectLessonList(
        { pageNo: page, pageSize: COURSE_LIST_PAGE_SIZE, subjectSerType: [...tab.subjectSerType], sortType: 3 },
        { silent: true },
      ),
    [tab.key, page],
  );

  const selectTab = (key: CourseTabKey) => setParams({ type: key });
  const selectPage = (next: number) => {
    setParams(next > 1 ? { type: tab.key, page: String(next) } : { type: tab.key });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const open = useCallback((card: LessonCard) => performCourseClick(courseClick(card, user), { navigate }), [user, navigate]);

  return (
    <div className="qy-cr-page">
      <header className="qy-cr-head">
        <h1>{TEXT.courseResources}</h1>
        <p>{TEXT.courseResourcesIntro}</p>
      </header>
      <div className="qy-cr-tabs">
        <Tabs
          activeKey={tab.key}
          onChange={(key) => selectTab(key as CourseTabKey)}
          items={COURSE_TABS.map((t) => ({ key: t.key, label: t.label }))}
        />
        <p className="qy-cr-series">{tab.series}</p>
      </div>
      <section aria-label={TEXT.courses} aria-busy={list.loading}>
        {list.loading ? (
          <div className="qy-cr-grid">
            {Array.from({ length: isMobile ? 3 : 6 }, (_, i) => (
              <div key={i} className="qy-cr-card qy-cr-course qy-cr-course-skeleton">
                <div className="qy-cr-cover" />
                <div className="qy-cr-course-body">
                  <Skeleton active title paragraph={{ rows: 2 }} />
                </div>
              </div>
            ))}
          </div>
        ) : list.error ? (
          <div className="qy-cr-card qy-cr-state">
            <ErrorState message={list.error.message} onRetry={list.reload} />
          </div>
        ) : !list.data || list.data.results.length === 0 ? (
          <div className="qy-cr-card qy-cr-state">
            <EmptyState />
          </div>
        ) : (
          <>
            <p className="qy-cr-count">{TEXT.total(list.data.page.total)}</p>
            <div className="qy-cr-grid">
              {list.data.results.map((card) => (
                <CourseCard key={card.id} card={card} mobile={isMobile} codeByName={codeByName} onOpen={open} />
              ))}
            </div>
            <Pagination
              className="qy-cr-pagination"
              current={page}
              pageSize={COURSE_LIST_PAGE_SIZE}
              total={list.data.page.total}
              showSizeChanger={false}
              hideOnSinglePage
              onChange={selectPage}
            />
          </>
        )}
      </section>
    </div>
  );
}
