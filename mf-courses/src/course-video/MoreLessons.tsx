import { api, formatDate, useApiQuery } from '@qianyan/shared';
import { SideLinkList } from '@qianyan/shared/plain';
import { Link } from 'react-router-dom';
import { TEXT } from '../messages';

/** How many other lessons the column lists. */
export const MORE_LESSONS_COUNT = 6;

/**
 * The newest single lessons (video and audio, subjectSerType 1 and 4) other than this one, in the
 * lesson page's right column; outside-chain courses are left out (they leave the site).
 */
export function MoreLessons({ currentResId }: { currentResId: number }) {
  const query = useApiQuery(
    () => api.lesson.selectLessonList({ pageNo: 1, pageSize: MORE_LESSONS_COUNT + 2, subjectSerType: [1, 4] }, { silent: true }),
    [],
  );
  const items = (query.data?.results ?? [])
    .filter((l) => l.lessonResId !== currentResId && !l.outsideChain)
    .slice(0, MORE_LESSONS_COUNT)
    .map((l) => ({ key: String(l.lessonResId), to: `/course-video?id=${l.lessonResId}`, title: l.title, meta: formatDate(l.publishdate) }));
  return <SideLinkList title={TEXT.moreLessons} items={items} loading={query.loading} link={Link} className="qy-cv-side" />;
}
