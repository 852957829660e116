import { api, shareOnMobile as shareAction, toast, useCollect, useIsMobile } from '@qianyan/shared';
import { ExportIcon, ShareIcon, StarFilledIcon, StarIcon } from '../common/icons';
import { CiteButton } from './CiteButton';
import { ARTICLE_TEXT as T } from './messages';
import { PlainButton, PlainPopover, ShareTargets } from '@qianyan/shared/plain';
import './shareBar.css';

const articleCollectCalls = {
  collect: (body: { id: number }) => api.user.collectArticle(body),
  cancel: (body: { id: number }) => api.user.cancelCollect(body),
};

/** Desktop share choices: the messaging app's QR code (a shell dialog), the microblog, or the link. */
function SharePanel({ url, title, onDone }: { url: string; title: string; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(T.linkCopied);
    } catch {
      toast.error(T.copyFailed);
    }
  };
  return (
    <div className="qy-ai-share-panel">
      <ShareTargets className="qy-ai-share-targets" url={url} title={title} labels={T} onDone={onDone} />
      <label className="qy-ai-share-label" htmlFor="qy-ai-share-url">
        {T.shareLink}
      </label>
      <div className="qy-ai-share-row">
        <input id="qy-ai-share-url" className="qy-input qy-input-sm" type="text" value={url} readOnly onFocus={(e) => e.target.select()} />
        <PlainButton size="small" onClick={copy}>
          {T.copyLink}
        </PlainButton>
      </div>
    </div>
  );
}

/** 收藏 / 分享 / 引用本文 / 原文 under the article head. */
export function ShareBar({
  articleId,
  ifCollect,
  title,
  outlink,
}: {
  articleId: number;
  ifCollect: number;
  title: string;
  outlink: string;
}) {
  const { collected, busy, toggle } = useCollect(articleId, ifCollect, articleCollectCalls);
  const isMobile = useIsMobile();
  const url = typeof window !== 'undefined' ? window.location.href : '';

  const shareOnMobile = () => shareAction(url, title);

  return (
    <div className="qy-ai-sharebar">
      <PlainButton
        className={collected ? 'qy-ai-collected' : undefined}
        icon={collected ? <StarFilledIcon /> : <StarIcon />}
        aria-pressed={!!collected}
        loading={busy}
        onClick={toggle}
      >
        {collected ? T.collected : T.collect}
      </PlainButton>
      {isMobile ? (
        <PlainButton icon={<ShareIcon />} onClick={shareOnMobile}>
          {T.share}
        </PlainButton>
      ) : (
        // Desktop: the popover under 分享, aligned with its left edge (antd's Popover at bottomLeft).
        <PlainPopover label={T.share} icon={<ShareIcon />} placement="bottomLeft">
          {(close) => <SharePanel url={url} title={title} onDone={close} />}
        </PlainPopover>
      )}
      <CiteButton articleId={articleId} />
      {outlink && (
        <a className="qy-ai-outlink" href={outlink} target="_blank" rel="noopener noreferrer">
          <ExportIcon /> {T.original}
        </a>
      )}
    </div>
  );
}
