// The share card inside WeChat (issue 21 item 6): content pages hand their title, intro and
// thumbnail here. Outside WeChat nothing more is loaded; inside, jssdk.ts (its own chunk) loads
// WeChat's JSSDK, signs the page and sets the card.
import { useEffect } from 'react';
import { isWechatBrowser } from '@qianyan/shared/core';

export interface ShareCard {
  title: string;
  /** The intro; WeChat shows about 60 characters. */
  desc?: string;
  /** Absolute or site-relative; made absolute before it is sent. */
  imgUrl?: string;
}

/**
 * Sets the share card of the current page inside WeChat (title, intro, this page's link, the
 * thumbnail as an absolute URL). Outside WeChat it does nothing and loads nothing. Resolves true
 * once WeChat has the card.
 */
export async function setWechatShare(card: ShareCard): Promise<boolean> {
  if (typeof window === 'undefined' || !isWechatBrowser(navigator.userAgent)) return false;
  const jssdk = await import(/* webpackChunkName: "wechat-jssdk" */ './jssdk');
  return jssdk.setWechatShare(card);
}

/** A page's share card, set when its data arrives (card undefined while loading). */
export function useWechatShare(card: ShareCard | undefined) {
  const { title, desc, imgUrl } = card ?? { title: '' };
  useEffect(() => {
    if (title) void setWechatShare({ title, desc, imgUrl });
  }, [title, desc, imgUrl]);
}
