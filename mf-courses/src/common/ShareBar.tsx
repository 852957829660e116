import { ShareAltOutlined, StarFilled, StarOutlined, WechatOutlined, WeiboOutlined } from '@ant-design/icons';
import { openDialog, openWeiboShare, shareOnMobile as shareAction, useCollect, useIsMobile, type CollectCalls } from '@qianyan/shared';
import { Button, Popover } from 'antd';
import { useState } from 'react';
import { TEXT } from '../messages';

export type { CollectCalls } from '@qianyan/shared';

/** 收藏 and 分享 (§2.11 share bar): on phones the share sheet or hint, on desktop the QR code or the microblog. */
export function ShareBar({ id, ifFav, title, calls }: { id: number; ifFav: number; title: string; calls: CollectCalls }) {
  const { collected, busy, toggle } = useCollect(id, ifFav, calls);
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const url = typeof window !== 'undefined' ? window.location.href : '';

  const shareOnMobile = () => shareAction(url, title);

  const collectButton = (
    <Button
      className="qy-cr-collect"
      icon={collected ? <StarFilled aria-hidden="true" /> : <StarOutlined aria-hidden="true" />}
      aria-pressed={!!collected}
      loading={busy}
      onClick={toggle}
    >
      {collected ? TEXT.collected : TEXT.collect}
    </Button>
  );
  const shareButton = isMobile ? (
    <Button icon={<ShareAltOutlined aria-hidden="true" />} onClick={shareOnMobile}>
      {TEXT.share}
    </Button>
  ) : (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottom"
      content={
        <div className="qy-cr-share-targets">
          <Button
            icon={<WechatOutlined aria-hidden="true" />}
            onClick={() => {
              setOpen(false);
              openDialog('shareQr', { url, title });
            }}
          >
            {TEXT.wechat}
          </Button>
          <Button
            icon={<WeiboOutlined aria-hidden="true" />}
            onClick={() => {
              setOpen(false);
              openWeiboShare(url, title);
            }}
          >
            {TEXT.weibo}
          </Button>
        </div>
      }
    >
      <Button icon={<ShareAltOutlined aria-hidden="true" />}>{TEXT.share}</Button>
    </Popover>
  );
  return (
    <div className="qy-cr-sharebar">
      {collectButton}
      {shareButton}
    </div>
  );
}
