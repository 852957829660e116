import { api, MSG, PLAYBACK_RATES, toast, useMediaResume } from '@qianyan/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TEXT } from '../messages';

/**
 * The audio or video player of a lesson (§2.11) with the speeds 0.5, 1, 1.5 and 2 (§9). Each play
 * sends a view count (§4 video start: relation type 20 for a lesson video): the first play of the
 * page, and a play after the end.
 */
export function MediaPlayer({
  url,
  audio,
  poster,
  relationId,
  relationType = 20,
  title,
  refresh,
}: {
  url: string;
  audio: boolean;
  poster?: string;
  /** The played item for the view count; none for media that are not counted (conference reviews). */
  relationId?: number;
  relationType?: 10 | 20;
  title: string;
  /** Fetches the item again: a signed URL that expired during a long viewing is replaced and playback resumes. */
  refresh?: () => void;
}) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const counted = useRef(false);
  const [rate, setRate] = useState(1);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    counted.current = false;
    setFailed(false);
  }, [url]);
  useEffect(() => {
    if (ref.current) ref.current.playbackRate = rate;
  }, [rate]);

  const onPlay = () => {
    if (counted.current || relationId === undefined) return;
    counted.current = true;
    api.user.addVideoCount({ relationId, relationType }, { silent: true }).catch(() => {
      // A lost count never stops playback.
    });
  };
  const fail = useCallback(() => {
    setFailed(true);
    toast.error(audio ? MSG.audioUnsupported : MSG.videoUnsupported);
  }, [audio]);
  const onError = useMediaResume(ref, url, refresh, fail);

  return (
    <div className={audio ? 'qy-cv-player qy-cv-player-audio' : 'qy-cv-player'}>
      {audio ? (
        <div className="qy-cv-audio">
          {poster && <img className="qy-cv-audio-cover" src={poster} alt="" />}
          <audio ref={ref} src={url} controls preload="metadata" aria-label={title} onPlay={onPlay} onEnded={() => (counted.current = false)} onError={onError}>
            {MSG.audioUnsupported}
          </audio>
        </div>
      ) : (
        <video
          ref={ref}
          src={url}
          poster={poster}
          controls
          playsInline
          preload="metadata"
          aria-label={title}
          controlsList="nodownload"
          onPlay={onPlay}
          onEnded={() => (counted.current = false)}
          onError={onError}
        />
      )}
      {failed && <p className="qy-cv-player-error">{audio ? MSG.audioUnsupported : MSG.videoUnsupported}</p>}
      <div className="qy-cv-rates" role="group" aria-label={TEXT.speed}>
        {PLAYBACK_RATES.map((r) => (
          <button key={r} type="button" className={r === rate ? 'qy-cv-rate qy-cv-rate-active' : 'qy-cv-rate'} aria-pressed={r === rate} onClick={() => setRate(r)}>
            {r}x
          </button>
        ))}
      </div>
    </div>
  );
}
