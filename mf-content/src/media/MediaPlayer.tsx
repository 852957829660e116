import { PlayCircleFilled } from '@ant-design/icons';
import { api, MSG, openLoginDialog, PLAYBACK_RATES, toast, useMediaResume, useSession, type ArticleDetail } from '@qianyan/shared';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useThemedModal } from '@qianyan/shared/plain';
import type { AccessState } from '../article/access';
import { SUBSCRIBE_PATH } from '../article/messages';
import { MEDIA_TEXT as T } from '../portal/messages';


/**
 * What pressing play does (spec §4 video start): logged out → warning and login; used up → warning;
 * one chance left → the use-free prompt; locked otherwise → membership; else play.
 */
export type StartAction = 'login' | 'usedUp' | 'freeRead' | 'subscribe' | 'play';

export function startActionOf(loggedIn: boolean, state: AccessState): StartAction {
  if (!loggedIn || state === 'login') return 'login';
  if (state === 'usedUp') return 'usedUp';
  if (state === 'freeRead') return 'freeRead';
  if (state === 'subscribe') return 'subscribe';
  return 'play';
}

/**
 * The video (source 7) or audio (source 8) player of an article, behind the access rules. Each play
 * sends user/addVideoCount (relation type 10, the article id).
 */
export function MediaPlayer({
  detail,
  state,
  claim,
  claiming,
  refresh,
}: {
  detail: ArticleDetail;
  state: AccessState;
  claim: () => Promise<void>;
  claiming: boolean;
  /** Fetches the detail again: a signed URL that expired during a long viewing is replaced and playback resumes. */
  refresh?: () => void;
}) {
  const { loggedIn } = useSession();
  const navigate = useNavigate();
  const audio = detail.sourceid === 8;
  const action = startActionOf(loggedIn, state);
  const [started, setStarted] = useState(false);
  const [failed, setFailed] = useState(false);
  const [rate, setRate] = useState(1);
  const mediaRef = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const wantPlay = useRef(false);
  // The free-read prompt is antd's confirm, loaded when it is first asked for.
  const [ask, prompt] = useThemedModal();
  const fail = useCallback(() => setFailed(true), []);
  const onMediaError = useMediaResume(mediaRef, detail.videoUrl, refresh, fail);

  // Once unlocked (a claimed free read re-fetches the detail with its media), start if asked to.
  useEffect(() => {
    if (action === 'play' && wantPlay.current && detail.videoUrl) {
      wantPlay.current = false;
      setStarted(true);
    }
  }, [action, detail.videoUrl]);

  useEffect(() => {
    if (started && mediaRef.current) {
      mediaRef.current.playbackRate = rate;
      void mediaRef.current.play?.()?.catch?.(() => undefined);
    }
    // Only when the player first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [started]);

  const start = () => {
    switch (action) {
      case 'login':
        toast.warning(MSG.loginToWatch);
        openLoginDialog();
        return;
      case 'usedUp':
        toast.warning(MSG.freeReadsUsedUp);
        return;
      case 'freeRead':
        ask({
          kind: 'confirm',
          title: T.useFreeRead,
          content: audio ? T.freeReadAudioPrompt : T.freeReadPrompt,
          okText: T.useFreeRead,
          cancelText: T.cancel,
          onOk: async () => {
            wantPlay.current = true;
            await claim();
          },
        });
        return;
      case 'subscribe':
        navigate(SUBSCRIBE_PATH);
        return;
      default:
        if (!detail.videoUrl) {
          setFailed(true);
          return;
        }
        setStarted(true);
    }
  };

  const onPlay = () => {
    void api.user.addVideoCount({ relationId: detail.id, relationType: 10 }, { silent: true }).catch(() => undefined);
  };

  const changeRate = (r: number) => {
    setRate(r);
    if (mediaRef.current) mediaRef.current.playbackRate = r;
  };

  let view: ReactNode;
  if (failed) {
    view = (
      <div className={`qy-player qy-player--${audio ? 'audio' : 'video'} is-failed`} role="alert">
        <p>{audio ? MSG.audioUnsupported : MSG.videoUnsupported}</p>
      </div>
    );
  } else if (!started) {
    view = (
      <div className={`qy-player qy-player--${audio ? 'audio' : 'video'} is-cover`}>
        {detail.thumb && <img src={detail.thumb} alt="" />}
        <button type="button" className="qy-player__start" onClick={start} disabled={claiming} aria-label={action === 'login' ? T.loginToPlay : T.play}>
          <PlayCircleFilled aria-hidden="true" />
          <span>{action === 'login' ? T.loginToPlay : action === 'subscribe' ? T.subscribe : T.play}</span>
        </button>
      </div>
    );
  } else {
    view = (
      <div className={`qy-player qy-player--${audio ? 'audio' : 'video'}`}>
        {audio ? (
          <>
            {detail.thumb && <img className="qy-player__art" src={detail.thumb} alt="" />}
            <audio ref={mediaRef} src={detail.videoUrl} controls preload="metadata" onPlay={onPlay} onError={onMediaError} data-testid="media-audio">
              {MSG.audioUnsupported}
            </audio>
          </>
        ) : (
          <video
            ref={mediaRef}
            src={detail.videoUrl}
            controls
            playsInline
            preload="metadata"
            poster={detail.thumb || undefined}
            onPlay={onPlay}
            onError={onMediaError}
            data-testid="media-video"
          >
            {MSG.videoUnsupported}
          </video>
        )}
        <div className="qy-player__rates" role="group" aria-label={T.speed}>
          <span>{T.speed}</span>
          {PLAYBACK_RATES.map((r) => (
            <button key={r} type="button" aria-pressed={rate === r} onClick={() => changeRate(r)}>
              {r}x
            </button>
          ))}
        </div>
      </div>
    );
  }

  // The prompt keeps its place whichever state the player is in (a claim can start the player
  // while the prompt is still closing).
  return (
    <>
      {prompt}
      {view}
    </>
  );
}
