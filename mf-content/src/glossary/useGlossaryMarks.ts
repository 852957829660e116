import { useEffect, type RefObject } from 'react';

/** The sections of an article page whose text is marked: the body and the commentary. */
export const MARKED_SECTIONS = '.qy-ai-body .qy-ai-html, .qy-ai-wantsay-body .qy-ai-html';

/**
 * Marks the glossary's terms in the article under `rootRef` once it has rendered and the browser is
 * idle (the marker, cards and glossary are a lazy chunk, outside the page's first view). `key`
 * changes when the shown HTML does (another article, the full text after a free read), which
 * renders the sections anew: they are marked again.
 */
export function useGlossaryMarks(rootRef: RefObject<HTMLElement | null>, key: string) {
  useEffect(() => {
    const root = rootRef.current;
    if (!root || !key) return;
    let cleanup: (() => void) | undefined;
    let cancelled = false;
    const idle = (cb: () => void) =>
      typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(cb, { timeout: 2000 }) : window.setTimeout(cb, 200);
    const handle = idle(() => {
      void import(/* webpackChunkName: "glossary" */ './load')
        .then(({ markGlossary }) => (cancelled ? undefined : markGlossary(root, [...root.querySelectorAll(MARKED_SECTIONS)])))
        .then((done) => {
          if (cancelled) done?.();
          else cleanup = done;
        })
        // Without the glossary the article reads as before.
        .catch(() => undefined);
    });
    return () => {
      cancelled = true;
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
      cleanup?.();
    };
  }, [rootRef, key]);
}
