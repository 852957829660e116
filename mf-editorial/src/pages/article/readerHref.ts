import { SOURCE } from '@qianyan/shared/core';
import type { ArticleDocument } from '../../api';

/** Where readers find a published article (mf-content article-list/hrefs.ts; a catalogue on /nejm-catalog). */
export function readerHref({ sourceId, permalinks, linkOnly }: Pick<ArticleDocument, 'sourceId' | 'permalinks' | 'linkOnly'>): string {
  const p = encodeURIComponent(permalinks);
  if (linkOnly) return `/nejm-catalog?permalinks=${p}`;
  if (sourceId === SOURCE.animation) return `/animation-particulars?permalinks=${p}`;
  if (sourceId === SOURCE.audio) return `/audio-particulars?permalinks=${p}`;
  if (sourceId === SOURCE.commentary) return `/article-particulars?permalinks=${p}`;
  return `/article-info?permalinks=${p}`;
}
