// The collect toggle and the share actions of the article, lesson and meeting pages (spec §2.11, §4).
import { useEffect, useState } from 'react';
import { MSG, openDialog, openLoginDialog, toast, useSession } from '@qianyan/shared/core';

export interface CollectCalls {
  collect: (body: { id: number }) => Promise<boolean>;
  cancel: (body: { id: number }) => Promise<boolean>;
}

/**
 * Collect toggle (§4): logged out raises the login prompt; 0 collects and sets 1, otherwise cancels
 * and sets 0; a truthy reply is success.
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
  // A visitor never sees a collected mark (the server sends 0, and a logout resets it).
  return { collected: loggedIn ? collected : 0, busy, toggle };
}

export const weiboShareUrl = (url: string, title: string) =>
  `https://service.weibo.com/share/share.php?url=${encodeURIComponent(url)}&title=${encodeURIComponent(title)}`;

/** Opens the microblog's share page in a small window (desktop, §2.11). */
export function openWeiboShare(url: string, title: string) {
  window.open(weiboShareUrl(url, title), 'qy-weibo-share', 'noopener,noreferrer,width=640,height=560');
}

/** Mobile (§2.11): the browser's own share sheet when it has one, else the shell's hint dialog. */
export async function shareOnMobile(url: string, title: string) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
    } catch {
      // Dismissed by the reader.
    }
    return;
  }
  openDialog('shareHint', { url, title });
}
