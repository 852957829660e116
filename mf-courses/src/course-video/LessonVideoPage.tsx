import { api, ApiError, formatDate, MSG, openLoginDialog, toast, useApiQuery, useIsMobile, useSession, useWechatShare, type LessonDetail, type ProviderReply } from '@qianyan/shared';
import { PlainButton } from '@qianyan/shared/plain';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ClassTags } from '../common/ClassTags';
import { LockIcon } from '../common/icons';
import { RichText } from '../common/RichText';
import { ShareBar } from '../common/ShareBar';
import { useClassCodes } from '../common/useClassCodes';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { useReloadOnLogin } from '../common/useReloadOnLogin';
import { coverOf } from '../course-resources/CourseCard';
import { pageTitle, TEXT } from '../messages';
import { firstMedia, isAudio, lessonAccess, type LessonAccess } from './lessonAccess';
import { MediaPlayer } from './MediaPlayer';
import { MoreLessons } from './MoreLessons';
import { Section } from '../common/Section';
import { DetailPending } from '../common/DetailPending';
import '../common/common.css';
import './courseVideo.css';

export const PROFILE_PATH = '/personal?type=flag1';
export const SUBSCRIBE_PATH = '/personal?type=flag4';

/** Reads a positive integer id from the query, or null. */
export function idParam(params: URLSearchParams): number | null {
  const raw = params.get('id');
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

export const lessonCollectCalls = {
  collect: (body: { id: number }) => api.user.collectLesson(body),
  cancel: (body: { id: number }) => api.user.cancelCollectLesson(body),
};

/** The cover with the prompt for a reader who may not watch (§4 reading and lesson access). */
function BlockedPlayer({
  detail,
  access,
  mobile,
  onClaimed,
}: {
  detail: LessonDetail;
  access: Exclude<LessonAccess, 'open'>;
  mobile: boolean;
  onClaimed: () => void;
}) {
  const navigate = useNavigate();
  const [claiming, setClaiming] = useState(false);
  const cover = coverOf(detail, mobile);

  const claim = async () => {
    setClaiming(true);
    try {
      await api.program.lessonUseMonthChance(detail.lessonResId, { silent: true });
      toast.success(MSG.useSuccess);
      onClaimed();
    } catch (err) {
      const reply = err instanceof ApiError ? (err.data as ProviderReply | undefined) : undefined;
      toast.error(reply ? reply.msg || MSG.freeReadFailed : MSG.freeReadFailed);
    } finally {
      setClaiming(false);
    }
  };

  // Video start (§4): a click on the cover gives the same answer as the prompt's button.
  const start = () => {
    if (access === 'login') {
      toast.warning(MSG.loginToWatch);
      openLoginDialog();
    } else if (access === 'profile') toast.warning(MSG.profileIncomplete);
    else if (access === 'usedUp') toast.warning(MSG.freeReadsUsedUp);
  };

  const prompt =
    access === 'login' ? (
      <>
        <p>{MSG.loginToWatch}</p>
        <PlainButton variant="primary" onClick={openLoginDialog}>
          {TEXT.login}
        </PlainButton>
      </>
    ) : access === 'profile' ? (
      <>
        <p>{MSG.profileIncomplete}</p>
        <PlainButton variant="primary" onClick={() => navigate(PROFILE_PATH)}>
          {TEXT.completeProfile}
        </PlainButton>
      </>
    ) : access === 'freeRead' ? (
      <>
        <p>{TEXT.useFreeReadHint}</p>
        <div className="qy-cv-lock-actions">
          <PlainButton variant="primary" loading={claiming} onClick={claim}>
            {TEXT.useFreeRead}
          </PlainButton>
          <PlainButton onClick={() => navigate(SUBSCRIBE_PATH)}>{TEXT.subscribe}</PlainButton>
        </div>
      </>
    ) : (
      <>
        <p>{MSG.freeReadsUsedUp}</p>
        <PlainButton variant="primary" onClick={() => navigate(SUBSCRIBE_PATH)}>
          {TEXT.subscribe}
        </PlainButton>
      </>
    );

  return (
    <div className="qy-cv-blocked" data-access={access}>
      {cover && <img className="qy-cv-blocked-cover" src={cover} alt="" onClick={start} />}
      <div className="qy-cv-lock" role="status">
        <LockIcon className="qy-cv-lock-icon" />
        {prompt}
      </div>
    </div>
  );
}

/** The lesson or series named by the page's ?id=, reloaded after a login; the document title follows it. */
export function useLessonDetail(fallbackTitle: string) {
  const [params] = useSearchParams();
  const id = idParam(params);
  const query = useApiQuery(() => (id ? api.lesson.selectLessonDetail({ id }, { silent: true }) : Promise.reject(new Error(TEXT.badId))), [id]);
  useReloadOnLogin(query.reload);
  useDocumentTitle(pageTitle(query.data?.title ?? fallbackTitle));
  return { id, query };
}

/** /course-video?id= (spec §2.11): a lesson with its player, or its cover and the access prompt. */
export function LessonVideoPage() {
  const mobile = useIsMobile();
  const { loggedIn } = useSession();
  const codeByName = useClassCodes();
  const { id, query } = useLessonDetail(TEXT.lessonDetail);
  const detail = query.data;
  useWechatShare(detail && { title: detail.title, desc: detail.subhead, imgUrl: coverOf(detail, false) });
  // A failed switch to another lesson does not leave the previous one on screen.
  if (!detail || (query.error && detail.lessonResId !== id)) {
    return <DetailPending loading={query.loading && !detail} error={query.error} onRetry={id ? query.reload : undefined} />;
  }

  const access = lessonAccess(detail, loggedIn);
  const media = access === 'open' ? firstMedia(detail.media) : null;
  const audio = isAudio(detail.subjectType, media);
  const poster = coverOf(detail, mobile);

  return (
    <div className="qy-cr-page qy-cv-page qy-cv-page--with-side">
      <article className="qy-cr-card qy-cv-main">
        {detail.parentLessonResId && (
          <Link className="qy-cv-back" to={`/series-courses?id=${detail.parentLessonResId}`}>
            ‹ {TEXT.backToSeries}
          </Link>
        )}
        <header className="qy-cv-head">
          <h1>{detail.title}</h1>
          {detail.subhead && <p className="qy-cv-subhead">{detail.subhead}</p>}
          <div className="qy-cv-meta">
            <time dateTime={formatDate(detail.publishdate)}>{formatDate(detail.publishdate)}</time>
            <ClassTags classNames={detail.classNames} codeByName={codeByName} />
          </div>
          <ShareBar id={detail.lessonResId} ifFav={detail.ifFav} title={detail.title} calls={lessonCollectCalls} />
        </header>
        <div className="qy-cv-stage">
          {access !== 'open' ? (
            <BlockedPlayer detail={detail} access={access} mobile={mobile} onClaimed={query.reload} />
          ) : media ? (
            <MediaPlayer url={media.url} audio={audio} poster={poster} relationId={detail.lessonResId} title={detail.title} refresh={query.reload} />
          ) : poster ? (
            <img className="qy-cv-cover" src={poster} alt="" />
          ) : null}
        </div>
        <Section className="qy-cv-section" title={TEXT.details}>
          {access === 'open' ? <RichText html={detail.content} /> : <p className="qy-cv-locked-text">{detail.subhead || detail.title}</p>}
        </Section>
        {detail.aboutcontent && (
          <Section className="qy-cv-section qy-cv-refs" title={TEXT.references}>
            <RichText html={detail.aboutcontent} />
          </Section>
        )}
      </article>
      <MoreLessons currentResId={detail.lessonResId} />
    </div>
  );
}
