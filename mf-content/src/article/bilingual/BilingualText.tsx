import { sanitizeHtml } from '@qianyan/shared';
import { useMemo } from 'react';
import { pairBlocks } from './alignBlocks';
import { BILINGUAL_TEXT as T } from './messages';
import './bilingual.css';

/**
 * The English, or the Chinese and English block by block (对照): side by side from 992 px, one
 * after the other below (bilingual.css). Both texts are sanitised whole, then split into blocks.
 */
export function BilingualText({ zh, en, mode, className = '' }: { zh: string; en: string; mode: 'en' | 'both'; className?: string }) {
  const pairs = useMemo(() => (mode === 'both' ? pairBlocks(sanitizeHtml(zh), sanitizeHtml(en)) : []), [zh, en, mode]);
  if (mode === 'en') {
    return <div className={`qy-ai-html qy-bi-en ${className}`} lang="en" dangerouslySetInnerHTML={{ __html: sanitizeHtml(en) }} />;
  }
  return (
    <div className={`qy-bi-pairs ${className}`} data-testid="bilingual-pairs">
      <div className="qy-bi-heads" aria-hidden="true">
        <span>{T.zhColumn}</span>
        <span lang="en">{T.enColumn}</span>
      </div>
      {pairs.map((pair, i) => (
        <div key={i} className="qy-bi-row" data-align={i}>
          <div className="qy-ai-html qy-bi-zh" lang="zh-CN" dangerouslySetInnerHTML={{ __html: pair.zh }} />
          <div className="qy-ai-html qy-bi-en" lang="en" dangerouslySetInnerHTML={{ __html: pair.en }} />
        </div>
      ))}
    </div>
  );
}
