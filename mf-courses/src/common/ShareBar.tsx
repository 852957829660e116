import { openDialog, openWeiboShare, shareOnMobile as shareAction, useCollect, useIsMobile, type CollectCalls } from '@qianyan/shared';
import { PlainButton, useDismiss } from '@qianyan/shared/plain';
import { useId, useRef, useState } from 'react';
import { TEXT } from '../messages';
import { ShareIcon, StarFilledIcon, StarIcon, WechatIcon, WeiboIcon } from './icons';
import './shareBar.css';

export type { CollectCalls } from '@qianyan/shared';

/**
 * The desktop share button and its popover (drawn like antd's Popover at bottom, without antd): a
 * click toggles it; Escape, a press elsewhere or a choice closes it, focus going back to the button
 * when it was inside. 微信 opens the shell's QR code dialog, 微博 the microblog's share page.
 */
function SharePopover({ url, title }: { url: string; title: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useDismiss(open, wrapRef, (reason) => {
    if (reason === 'escape' && wrapRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    setOpen(false);
  });
  const done = () => {
    buttonRef.current?.focus();
    setOpen(false);
  };

  return (
    <div className="qy-cr-share-anchor" ref={wrapRef}>
      <PlainButton
        ref={buttonRef}
        icon={<ShareIcon />}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {TEXT.share}
      </PlainButton>
      {open && (
        <div className="qy-cr-share-pop" id={panelId}>
          <span className="qy-cr-share-arrow" aria-hidden="true" />
          <div className="qy-cr-share-targets">
            <PlainButton
              icon={<WechatIcon />}
              onClick={() => {
                done();
                openDialog('shareQr', { url, title });
              }}
            >
              {TEXT.wechat}
            </PlainButton>
            <PlainButton
              icon={<WeiboIcon />}
              onClick={() => {
                done();
                openWeiboShare(url, title);
              }}
            >
              {TEXT.weibo}
            </PlainButton>
          </div>
        </div>
      )}
    </div>
  );
}

/** 收藏 and 分享 (§2.11 share bar): on phones the share sheet or hint, on desktop the QR code or the microblog. */
export function ShareBar({ id, ifFav, title, calls }: { id: number; ifFav: number; title: string; calls: CollectCalls }) {
  const { collected, busy, toggle } = useCollect(id, ifFav, calls);
  const isMobile = useIsMobile();
  const url = typeof window !== 'undefined' ? window.location.href : '';

  return (
    <div className="qy-cr-sharebar">
      <PlainButton
        className="qy-cr-collect"
        icon={collected ? <StarFilledIcon /> : <StarIcon />}
        aria-pressed={!!collected}
        loading={busy}
        onClick={toggle}
      >
        {collected ? TEXT.collected : TEXT.collect}
      </PlainButton>
      {isMobile ? (
        <PlainButton icon={<ShareIcon />} onClick={() => shareAction(url, title)}>
          {TEXT.share}
        </PlainButton>
      ) : (
        <SharePopover url={url} title={title} />
      )}
    </div>
  );
}
