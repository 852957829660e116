import { SOURCE } from '@qianyan/shared/core';

/** Where readers find a published article (mf-content article-list/hrefs.ts). */
export function readerHref(sourceId: number, permalinks: string): string {
  const p = encodeURIComponent(permalinks);
  if (sourceId === SOURCE.animation) return `/animation-particulars?permalinks=${p}`;
  if (sourceId === SOURCE.audio) return `/audio-particulars?permalinks=${p}`;
  if (sourceId === SOURCE.commentary) return `/article-particulars?permalinks=${p}`;
  return `/article-info?permalinks=${p}`;
}
