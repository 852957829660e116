import { api, openLoginDialog, useApiQuery, useSession, useWechatShare, type ConferenceDetail } from '@qianyan/shared';
import { PlainButton } from '@qianyan/shared/plain';
import { useSearchParams } from 'react-router-dom';
import { meetingTime } from '../common/dates';
import { CalendarIcon, TeamIcon } from '../common/icons';
import { RichText } from '../common/RichText';
import { ShareBar } from '../common/ShareBar';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { useReloadOnLogin } from '../common/useReloadOnLogin';
import { firstMedia, isImage } from '../course-video/lessonAccess';
import { idParam } from '../course-video/LessonVideoPage';
import { MediaPlayer } from '../course-video/MediaPlayer';
import { pageTitle, TEXT } from '../messages';
import { Section } from '../common/Section';
import { DetailPending } from '../common/DetailPending';
import '../common/common.css';
import '../course-video/courseVideo.css';

const meetingCollectCalls = {
  collect: (body: { id: number }) => api.user.collectRelease(body),
  cancel: (body: { id: number }) => api.user.cancelRelease(body),
};

function useMeeting(fallbackTitle: string) {
  const [params] = useSearchParams();
  const id = idParam(params);
  const query = useApiQuery(() => (id ? api.conference.detail({ id }, { silent: true }) : Promise.reject(new Error(TEXT.badMeetingId))), [id]);
  useReloadOnLogin(query.reload);
  useDocumentTitle(pageTitle(query.data?.title ?? fallbackTitle));
  const d = query.data;
  useWechatShare(d && { title: d.title, desc: [d.subhead, d.sponsor].filter(Boolean).join(' · '), imgUrl: d.imgPc });
  return { id, query };
}

function MeetingFrame({ id, query, children }: { id: number | null; query: ReturnType<typeof useMeeting>['query']; children: (d: ConferenceDetail) => React.ReactNode }) {
  if (!query.data) return <DetailPending loading={query.loading} error={query.error} onRetry={id ? query.reload : undefined} />;
  return (
    <div className="qy-cr-page qy-cv-page">
      <article className="qy-cr-card qy-cv-main qy-mt-main">{children(query.data)}</article>
    </div>
  );
}

function Head({ d, withShare }: { d: ConferenceDetail; withShare: boolean }) {
  return (
    <header className="qy-cv-head">
      <h1>{d.title}</h1>
      {d.subhead && <p className="qy-cv-subhead">{d.subhead}</p>}
      <dl className="qy-mt-facts">
        {d.sponsor && (
          <div>
            <dt>
              <TeamIcon /> {TEXT.sponsor}
            </dt>
            <dd>{d.sponsor}</dd>
          </div>
        )}
        {withShare && (
          <>
            <div>
              <dt>
                <CalendarIcon /> {TEXT.beginTime}
              </dt>
              <dd data-testid="meeting-begin">{meetingTime(d.beginTime)}</dd>
            </div>
            <div>
              <dt>
                <CalendarIcon /> {TEXT.endTime}
              </dt>
              <dd data-testid="meeting-end">{meetingTime(d.endTime)}</dd>
            </div>
          </>
        )}
      </dl>
      {withShare && <ShareBar id={d.id} ifFav={d.ifFav} title={d.title} calls={meetingCollectCalls} />}
    </header>
  );
}

/** 会议内容: the conference's own text. */
function MeetingContent({ html }: { html: string }) {
  return (
    <Section className="qy-cv-section" title={TEXT.meetingContent}>
      <RichText html={html} />
    </Section>
  );
}

/** /meeting-notice?id= (spec §2.11): title, subtitle, sponsor, begin and end (YYYY年MM月DD日 HH:mm), content, collect and share. */
export function MeetingNoticePage() {
  const { id, query } = useMeeting(TEXT.meetingNotice);
  return (
    <MeetingFrame id={id} query={query}>
      {(d) => (
        <>
          <Head d={d} withShare />
          {d.imgPc && <img className="qy-cv-cover qy-mt-cover" src={d.imgPc} alt="" />}
          <MeetingContent html={d.content} />
        </>
      )}
    </MeetingFrame>
  );
}

/** /meeting-review?id= (spec §2.11): title, subtitle, sponsor, the video or image of the first media entry, content. */
export function MeetingReviewPage() {
  const { id, query } = useMeeting(TEXT.meetingReview);
  const { loggedIn } = useSession();
  return (
    <MeetingFrame id={id} query={query}>
      {(d) => {
        const media = loggedIn ? firstMedia(d.media) : null;
        return (
          <>
            <Head d={d} withShare={false} />
            <div className="qy-cv-stage">
              {media && isImage(media) ? (
                <img className="qy-cv-cover" src={media.url} alt={d.title} />
              ) : media ? (
                <MediaPlayer url={media.url} audio={false} poster={d.imgPc} title={d.title} refresh={query.reload} />
              ) : !loggedIn ? (
                <div className="qy-cv-blocked" data-access="login">
                  {d.imgPc && <img className="qy-cv-blocked-cover" src={d.imgPc} alt="" />}
                  <div className="qy-cv-lock" role="status">
                    <p>{TEXT.loginToWatchReview}</p>
                    <PlainButton variant="primary" onClick={openLoginDialog}>
                      {TEXT.login}
                    </PlainButton>
                  </div>
                </div>
              ) : d.imgPc ? (
                <img className="qy-cv-cover" src={d.imgPc} alt="" />
              ) : null}
            </div>
            <MeetingContent html={d.content} />
          </>
        );
      }}
    </MeetingFrame>
  );
}
