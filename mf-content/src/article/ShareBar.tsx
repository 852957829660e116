import { ExportOutlined, ShareAltOutlined, StarFilled, StarOutlined, WechatOutlined, WeiboOutlined } from '@ant-design/icons';
import { api, MSG, openDialog, openLoginDialog, toast, useIsMobile, useSession } from '@qianyan/shared';
import { Button, Input, Popover } from 'antd';
import { useEffect, useState } from 'react';
import { ARTICLE_TEXT as T, weiboShareUrl } from './messages';

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
        <Button
          icon={<WechatOutlined aria-hidden="true" />}
          className="qy-ai-share-wechat"
          onClick={() => {
            onDone();
            openDialog('shareQr', { url, title });
          }}
        >
          {T.wechat}
        </Button>
        <Button
          icon={<WeiboOutlined aria-hidden="true" />}
          className="qy-ai-share-weibo"
          onClick={() => {
            onDone();
            openWeiboShare(url, title);
          }}
        >
          {T.weibo}
        </Button>
      </div>
      <label className="qy-ai-share-label" htmlFor="qy-ai-share-url">
        {T.shareLink}
      </label>
      <div className="qy-ai-share-row">
        <Input id="qy-ai-share-url" value={url} readOnly size="small" onFocus={(e) => e.target.select()} />
        <Button size="small" onClick={copy}>
          {T.copyLink}
        </Button>
      </div>
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
  const [shareOpen, setShareOpen] = useState(false);
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
      <Button
        className={collected ? 'qy-ai-collected' : undefined}
        icon={collected ? <StarFilled aria-hidden="true" /> : <StarOutlined aria-hidden="true" />}
        aria-pressed={!!collected}
        loading={busy}
        onClick={toggle}
      >
        {collected ? T.collected : T.collect}
      </Button>
      {isMobile ? (
        <Button icon={<ShareAltOutlined aria-hidden="true" />} onClick={shareOnMobile}>
          {T.share}
        </Button>
      ) : (
        <Popover
          open={shareOpen}
          onOpenChange={setShareOpen}
          trigger="click"
          placement="bottomLeft"
          content={<SharePanel url={url} title={title} onDone={() => setShareOpen(false)} />}
        >
          <Button icon={<ShareAltOutlined aria-hidden="true" />} aria-expanded={shareOpen}>
            {T.share}
          </Button>
        </Popover>
      )}
      {outlink && (
        <a className="qy-ai-outlink" href={outlink} target="_blank" rel="noopener noreferrer">
          <ExportOutlined aria-hidden="true" /> {T.original}
        </a>
      )}
    </div>
  );
}
