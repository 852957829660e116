import { RichHtml } from '@qianyan/shared';
import { useId, useState, type ReactNode } from 'react';
import { DownIcon } from '../common/icons';
import { ARTICLE_TEXT as T } from './messages';

/**
 * The 述评 panel (§4 commentary panel): a toggle header, the commentary, and when only its free part
 * came back, 查看全部述评 (the page decides what that does: login, free read or membership).
 */
export function CommentaryPanel({
  title,
  html,
  truncated,
  onMore,
  body,
}: {
  title: string;
  html: string;
  truncated: boolean;
  onMore: () => void;
  /** What shows instead of `html` (bilingual reading's English or 对照 view of it). */
  body?: ReactNode;
}) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  return (
    <section className="qy-ai-wantsay" aria-label={T.commentary}>
      <h2 className="qy-ai-wantsay-head">
        <button type="button" className="qy-ai-barred" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
          <span className="qy-ai-wantsay-title">{title || T.commentary}</span>
          <DownIcon className={open ? 'qy-ai-chevron qy-ai-chevron-open' : 'qy-ai-chevron'} />
        </button>
      </h2>
      <div id={bodyId} hidden={!open} className="qy-ai-wantsay-body">
        {body || <RichHtml className="qy-ai-html" html={html} />}
        {truncated && (
          <button type="button" className="qy-ai-linkbutton qy-ai-wantsay-more" onClick={onMore}>
            {T.commentaryMore}
          </button>
        )}
      </div>
    </section>
  );
}
