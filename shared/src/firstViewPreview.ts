// The top of a page that the server drew into #qy-main before any script ran (server
// plugins/firstView.ts, firstViewMain): a picture of the page's banner that lies over the page while
// its scripts start. The page takes it away once its own banner shows the same picture.
import { useLayoutEffect } from 'react';

const PREVIEW_ID = 'qy-first-view';

/** The page the server drew ('home', 'course-resources'), or null when there is no preview. */
export function firstViewPreviewPage(): string | null {
  return document.getElementById(PREVIEW_ID)?.getAttribute('data-page') ?? null;
}

/** Removes the server's preview (only the given page's, when a page is named). */
export function releaseFirstView(page?: string): void {
  const el = document.getElementById(PREVIEW_ID);
  if (!el || (page !== undefined && el.getAttribute('data-page') !== page)) return;
  el.remove();
}

/** How long a page waits for its own picture to decode before it removes the preview anyway. */
const DECODE_WAIT_MS = 1500;

/**
 * Removes the server's preview of `page` once `ready` (the page's banner is drawn, or known to be
 * absent), after the picture that `imgSelector` finds is decoded, so the page's own picture is ready
 * to show in the frame the preview goes (no flash); also when the page unmounts.
 */
export function useReleaseFirstView(page: string, ready: boolean, imgSelector: string): void {
  useLayoutEffect(() => {
    if (!ready) return undefined;
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      releaseFirstView(page);
    };
    const img = document.querySelector<HTMLImageElement>(imgSelector);
    if (!img || typeof img.decode !== 'function') {
      release();
      return undefined;
    }
    const timer = window.setTimeout(release, DECODE_WAIT_MS);
    img.decode().then(release, release);
    return () => {
      window.clearTimeout(timer);
      release();
    };
  }, [page, ready, imgSelector]);
}
