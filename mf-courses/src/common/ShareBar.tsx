import { shareOnMobile as shareAction, useCollect, useIsMobile, type CollectCalls } from '@qianyan/shared';
import { PlainButton, PlainPopover, ShareIcon, ShareTargets, StarFilledIcon, StarIcon } from '@qianyan/shared/plain';
import { TEXT } from '../messages';
import './shareBar.css';

export type { CollectCalls } from '@qianyan/shared';

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
        // Desktop: the popover centred under 分享 (antd's Popover at bottom), 微信 and 微博.
        <PlainPopover label={TEXT.share} icon={<ShareIcon />}>
          {(close) => <ShareTargets url={url} title={title} labels={TEXT} onDone={close} />}
        </PlainPopover>
      )}
    </div>
  );
}
