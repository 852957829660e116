import { useCallback, useEffect, useRef, type RefObject } from 'react';

/** A signed media URL (ARCHITECTURE §3.3): /api/media/…?exp=…&sig=… or an S3 presigned GET. */
export const isSignedMediaUrl = (url: string) => url.startsWith('/api/media/') || /[?&]X-Amz-Signature=/.test(url);

/** Two errors this close together are a broken file, not an expired URL: no second refresh. */
const REFRESH_GAP_MS = 30_000;

/**
 * The error handler of a player whose URL is signed and short-lived: when the URL stops working
 * during a long viewing, the item's detail is fetched again (`refresh`, which hands the player a new
 * URL) and playback goes on from the same time. Any other error, or one right after a refresh, is
 * `onFailed` (the player's own "cannot play" state).
 */
export function useMediaResume(
  ref: RefObject<HTMLMediaElement | null>,
  url: string,
  refresh: (() => void) | undefined,
  onFailed: () => void,
): () => void {
  const resumeAt = useRef<{ time: number; playing: boolean } | null>(null);
  const lastRefresh = useRef(0);

  useEffect(() => {
    const el = ref.current;
    const resume = resumeAt.current;
    if (!el || !resume) return;
    resumeAt.current = null;
    const seek = () => {
      el.currentTime = resume.time;
      if (resume.playing) void el.play()?.catch(() => undefined);
    };
    if (el.readyState >= 1) {
      seek();
      return;
    }
    el.addEventListener('loadedmetadata', seek, { once: true });
    return () => el.removeEventListener('loadedmetadata', seek);
  }, [ref, url]);

  return useCallback(() => {
    const el = ref.current;
    const now = Date.now();
    if (!refresh || !el || !isSignedMediaUrl(url) || now - lastRefresh.current < REFRESH_GAP_MS) {
      onFailed();
      return;
    }
    lastRefresh.current = now;
    resumeAt.current = { time: el.currentTime, playing: !el.paused };
    refresh();
  }, [ref, url, refresh, onFailed]);
}
