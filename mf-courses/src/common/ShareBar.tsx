import { ShareAltOutlined, StarFilled, StarOutlined, WechatOutlined, WeiboOutlined } from '@ant-design/icons';
import { MSG, openDialog, openLoginDialog, toast, useIsMobile, useSession } from '@qianyan/shared';
import { Button, Popover } from 'antd';
import { useEffect, useState } from 'react';
import { TEXT } from '../messages';

export interface CollectCalls {
  collect: (body: { id: number }) => Promise<boolean>;
  cancel: (body: { id: number }) => Promise<boolean>;
}

/**
 * Collect toggle (§4) for a lesson or a meeting: logged out raises the login prompt; ifFav 0 collects
 * and sets 1, otherwise cancels and sets 0; a truthy reply is success.
 */
export function useCollect(id: number, initial: number, calls: CollectCalls) {
  const { loggedIn } = useSession();
  const [collected, setCollected] = useState(initial);
  const [busy, setBusy] = useState(false);
  useEffect(() => setCollected(initial), [id, initial]);
  const toggle = async () => {
    if (!loggedIn) {
      openLoginDialog();
      return;
    }
    setBusy(true);
    try {
      if (!collected) {
        if (await calls.collect({ id })) {
          setCollected(1);
          toast.success(MSG.operationSuccess);
        } else toast.error(MSG.busy);
      } else if (await calls.cancel({ id })) {
        setCollected(0);
        toast.success(MSG.cancelled);
      } else toast.error(MSG.busy);
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(false);
    }
  };
  return { collected: loggedIn ? collected : 0, busy, toggle };
}

const weiboShareUrl = (url: string, title: string) =>
  `https://service.weibo.com/share/share.php?url=${encodeURIComponent(url)}&title=${encodeURIComponent(title)}`;

/** 收藏 and 分享 (§2.11 share bar): on phones the share sheet or hint, on desktop the QR code or the microblog. */
export function ShareBar({ id, ifFav, title, calls }: { id: number; ifFav: number; title: string; calls: CollectCalls }) {
  const { collected, busy, toggle } = useCollect(id, ifFav, calls);
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const url = typeof window !== 'undefined' ? window.location.href : '';

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
              window.open(weiboShareUrl(url, title), 'qy-weibo-share', 'noopener,noreferrer,width=640,height=560');
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
