import { isBlankHtml, RichHtml } from '@qianyan/shared';
import { lazy, Suspense } from 'react';
import type { ReadingMode } from './readingMode';

// The English and side-by-side views come in their own chunk: the first view of an article in
// Chinese loads none of it.
const BilingualText = lazy(() => import('./BilingualText').then((m) => ({ default: m.BilingualText })));

/**
 * Editorial HTML in the reading mode: the Chinese as always, or the English original or both
 * (BilingualText) when there is English for it; the Chinese shows while that chunk loads.
 */
export function ReadingText({ zh, en, mode, className = '' }: { zh: string; en: string; mode: ReadingMode; className?: string }) {
  const chinese = <RichHtml className={`qy-ai-html ${className}`} html={zh} />;
  if (mode === 'zh' || isBlankHtml(en)) return chinese;
  return (
    <Suspense fallback={chinese}>
      <BilingualText zh={zh} en={en} mode={mode} className={className} />
    </Suspense>
  );
}

/** Plain text (an abstract) in the reading mode, with the same layout as editorial HTML. */
export function ReadingPlain({ zh, en, mode }: { zh: string; en: string; mode: ReadingMode }) {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  if (mode === 'zh' || !en.trim()) return <p>{zh}</p>;
  return <ReadingText zh={zh ? `<p>${escape(zh)}</p>` : ''} en={`<p>${escape(en)}</p>`} mode={mode} className="qy-bi-plain" />;
}
