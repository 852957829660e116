import { api, openDialog, openWeiboShare, shareOnMobile as shareAction, toast, useCollect, useIsMobile } from '@qianyan/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { ExportIcon, ShareIcon, StarFilledIcon, StarIcon, WechatIcon, WeiboIcon } from '../common/icons';
import { CiteButton } from './CiteButton';
import { ARTICLE_TEXT as T } from './messages';
import { PlainButton, useDismiss } from '@qianyan/shared/plain';
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
      <div className="qy-ai-share-targets">
        <PlainButton
          icon={<WechatIcon />}
          className="qy-ai-share-wechat"
          onClick={() => {
            onDone();
            openDialog('shareQr', { url, title });
          }}
        >
          {T.wechat}
        </PlainButton>
        <PlainButton
          icon={<WeiboIcon />}
          className="qy-ai-share-weibo"
          onClick={() => {
            onDone();
            openWeiboShare(url, title);
          }}
        >
          {T.weibo}
        </PlainButton>
      </div>
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

/**
 * The desktop share button and its popover (drawn like antd's Popover, bottom left): a click toggles
 * it; Escape, a click elsewhere or a choice closes it, focus going back to the button when it was inside.
 */
function SharePopover({ url, title }: { url: string; title: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useDismiss(open, wrapRef, (reason) => {
    // Escape gives focus back to the button when it was inside; a press elsewhere leaves it there.
    if (reason === 'escape' && wrapRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    setOpen(false);
  });

  return (
    <div className="qy-ai-share-anchor" ref={wrapRef}>
      <PlainButton
        ref={buttonRef}
        icon={<ShareIcon />}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {T.share}
      </PlainButton>
      {open && (
        <div className="qy-ai-share-pop" id={panelId}>
          <span className="qy-ai-share-arrow" aria-hidden="true" />
          <div className="qy-ai-share-pop-inner">
            <SharePanel
              url={url}
              title={title}
              onDone={() => {
                buttonRef.current?.focus();
                setOpen(false);
              }}
            />
          </div>
        </div>
      )}
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
        <SharePopover url={url} title={title} />
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
