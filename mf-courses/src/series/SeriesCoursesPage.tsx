import { formatDate, MSG, useIsMobile, useWechatShare } from '@qianyan/shared';
import { Link } from 'react-router-dom';
import { ClassTags } from '../common/ClassTags';
import { RichText } from '../common/RichText';
import { ShareBar } from '../common/ShareBar';
import { useClassCodes } from '../common/useClassCodes';
import { coverOf } from '../course-resources/CourseCard';
import { lessonCollectCalls, useLessonDetail } from '../course-video/LessonVideoPage';
import { TEXT } from '../messages';
import { Section } from '../common/Section';
import { DetailPending } from '../common/DetailPending';
import '../common/common.css';
import '../course-video/courseVideo.css';

/** /series-courses?id= (spec §2.11): the series cover (mobile or PC), its intro and the catalogue of its lessons. */
export function SeriesCoursesPage() {
  const mobile = useIsMobile();
  const codeByName = useClassCodes();
  const { id, query } = useLessonDetail(TEXT.seriesCourses);
  const detail = query.data;
  useWechatShare(detail && { title: detail.title, desc: detail.subhead, imgUrl: coverOf(detail, false) });
  if (!detail) return <DetailPending loading={query.loading} error={query.error} onRetry={id ? query.reload : undefined} />;
  const cover = coverOf(detail, mobile);
  const lessons = detail.childLessonList;

  return (
    <div className="qy-cr-page qy-cv-page">
      <article className="qy-cr-card qy-sc-main">
        <div className="qy-sc-hero">
          {cover && <img className="qy-sc-cover" src={cover} alt="" />}
          <div className="qy-sc-hero-text">
            <h1>{detail.title}</h1>
            {detail.subhead && <p className="qy-cv-subhead">{detail.subhead}</p>}
            <div className="qy-cv-meta">
              <span>{TEXT.lessons(lessons.length)}</span>
              <ClassTags classNames={detail.classNames} codeByName={codeByName} />
            </div>
            <ShareBar id={detail.lessonResId} ifFav={detail.ifFav} title={detail.title} calls={lessonCollectCalls} />
          </div>
        </div>
        <Section className="qy-cv-section" title={TEXT.intro}>
          <RichText html={detail.content} />
        </Section>
        <Section className="qy-cv-section" title={TEXT.catalogue}>
          {lessons.length === 0 ? (
            <p className="qy-cv-locked-text">{MSG.empty}</p>
          ) : (
            <ol className="qy-sc-list">
              {lessons.map((l, i) => {
                const c = coverOf(l, mobile);
                return (
                  <li key={l.lessonResId}>
                    <Link className="qy-sc-item" to={`/course-video?id=${l.lessonResId}`}>
                      <span className="qy-sc-no" aria-hidden="true">
                        {String(i + 1).padStart(2, '0')}
                      </span>
                      <span className="qy-sc-thumb">{c && <img src={c} alt="" loading="lazy" />}</span>
                      <span className="qy-sc-text">
                        <strong className="qy-sc-title">{l.title}</strong>
                        {l.subhead && <span className="qy-sc-subhead">{l.subhead}</span>}
                        <time dateTime={formatDate(l.publishdate)}>{formatDate(l.publishdate)}</time>
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ol>
          )}
        </Section>
      </article>
    </div>
  );
}
