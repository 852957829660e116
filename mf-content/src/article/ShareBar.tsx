import { api, MSG, openDialog, openLoginDialog, toast, useIsMobile, useSession } from '@qianyan/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { ExportIcon, ShareIcon, StarFilledIcon, StarIcon, WechatIcon, WeiboIcon } from '../common/icons';
import { ARTICLE_TEXT as T, weiboShareUrl } from './messages';
import { PlainButton, useDismiss } from '@qianyan/shared/plain';
import './shareBar.css';

/**
 * Collect toggle (§4): logged out raises the login prompt; ifCollect 0 collects and sets 1, otherwise
 * cancels and sets 0; a truthy reply is success.
 */
export function useCollect(articleId: number, initial: number) {
  const { loggedIn } = useSession();
  const [collected, setCollected] = useState(initial);
  const [busy, setBusy] = useState(false);
  useEffect(() => setCollected(initial), [articleId, initial]);

  const toggle = async () => {
    if (!loggedIn) {
      openLoginDialog();
      return;
    }
    setBusy(true);
    try {
      if (!collected) {
        if (await api.user.collectArticle({ id: articleId })) {
          setCollected(1);
          toast.success(MSG.operationSuccess);
        } else toast.error(MSG.busy);
      } else if (await api.user.cancelCollect({ id: articleId })) {
        setCollected(0);
        toast.success(MSG.cancelled);
      } else toast.error(MSG.busy);
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(false);
    }
  };
  // A visitor never sees a collected mark (the server sends 0, and a logout resets it).
  return { collected: loggedIn ? collected : 0, busy, toggle };
}

/** Opens the microblog's share page in a small window (desktop, §2.11). */
export function openWeiboShare(url: string, title: string) {
  window.open(weiboShareUrl(url, title), 'qy-weibo-share', 'noopener,noreferrer,width=640,height=560');
}

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

/** 收藏 / 分享 / 原文 under the article head. */
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
  const { collected, busy, toggle } = useCollect(articleId, ifCollect);
  const isMobile = useIsMobile();
  const url = typeof window !== 'undefined' ? window.location.href : '';

  // Mobile (§2.11): the browser's own share sheet when it has one, else the shell's hint dialog.
  const shareOnMobile = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
      } catch {
        // Dismissed by the reader.
      }
      return;
    }
    openDialog('shareHint', { url, title });
  };

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
      {outlink && (
        <a className="qy-ai-outlink" href={outlink} target="_blank" rel="noopener noreferrer">
          <ExportIcon /> {T.original}
        </a>
      )}
    </div>
  );
}
