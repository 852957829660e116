// The share card inside WeChat (issue 21 item 6), the part loaded only in WeChat's browser (share.ts
// imports it there): the JSSDK is loaded, signed and given the page's card (docs/decisions.md
// "WeChat share card").
// Through the federation singleton, as every module outside core: a relative import of ../api would
// put a second API client and session store into each app that shares a page.
import { api, isWechatBrowser } from '@qianyan/shared/core';

/** The only script this loads, and only inside WeChat (the CSP names this file and no more). */
export const JSSDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
/** The site's own picture when a page has none (the server's og:image default). */
export const DEFAULT_SHARE_IMAGE = '/api/static/og/qianyan.jpg';

import type { ShareCard } from './share';

interface ShareData {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

/** The part of WeChat's `wx` object this uses. */
export interface WechatJssdk {
  config(options: { debug?: boolean; appId: string; timestamp: string; nonceStr: string; signature: string; jsApiList: string[] }): void;
  ready(callback: () => void): void;
  error(callback: (reason: unknown) => void): void;
  updateAppMessageShareData(data: ShareData): void;
  updateTimelineShareData(data: Omit<ShareData, 'desc'>): void;
}

declare global {
  interface Window {
    wx?: WechatJssdk;
  }
}

const SHARE_APIS = ['updateAppMessageShareData', 'updateTimelineShareData'];

/** The address without its #fragment (WeChat signs and compares it so). */
export const withoutHash = (href: string) => href.split('#')[0]!;

/** WeChat on iPhone/iPad keeps the address the page was entered by, whatever pushState did since. */
const isIosWechat = (ua: string) => /iPhone|iPad|iPod/i.test(ua) && isWechatBrowser(ua);

/** The address the document was loaded by (before any single-spa navigation). */
function landingUrl(): string {
  const entry = typeof performance !== 'undefined' ? performance.getEntriesByType?.('navigation')[0] : undefined;
  return withoutHash(entry?.name || landing || location.href);
}
const landing = typeof location === 'undefined' ? '' : withoutHash(location.href);

/**
 * The URL wx.config is signed for: the current page address without #… — except in WeChat on iOS,
 * which checks the signature against the address the site was entered by.
 */
export function signatureUrl(ua = navigator.userAgent): string {
  return isIosWechat(ua) ? landingUrl() : withoutHash(location.href);
}

/**
 * One state per page, not per bundle: this module is in the UI half of @qianyan/shared, which each
 * remote bundles, so mf-content's and mf-courses' copies keep the script, the signature, the last
 * card and the route listener under one global key.
 */
interface ShareState {
  sdk?: Promise<WechatJssdk>;
  signed?: { url: string; ready: Promise<WechatJssdk> };
  lastCard?: ShareData;
  listener?: () => void;
}
const STATE_KEY = Symbol.for('qianyan.wechatShare');
const state = (): ShareState => ((window as unknown as Record<symbol, ShareState>)[STATE_KEY] ??= {});

function loadSdk(): Promise<WechatJssdk> {
  const st = state();
  st.sdk ??= new Promise<WechatJssdk>((resolve, reject) => {
    if (window.wx) return resolve(window.wx);
    const script = document.createElement('script');
    script.src = JSSDK_URL;
    script.async = true;
    script.onload = () => (window.wx ? resolve(window.wx) : reject(new Error('jweixin loaded without wx')));
    script.onerror = () => reject(new Error('jweixin failed to load'));
    document.head.appendChild(script);
  }).catch((err) => {
    st.sdk = undefined;
    throw err;
  });
  return st.sdk;
}

/** wx.config for the signature URL, once per URL; resolves when wx.ready fires. */
function ensureSigned(): Promise<WechatJssdk> {
  const st = state();
  const url = signatureUrl();
  if (st.signed?.url === url) return st.signed.ready;
  const ready = loadSdk().then(async (wx) => {
    const reply = await api.pay.getJssdkConfig(url, { silent: true });
    await new Promise<void>((resolve, reject) => {
      wx.ready(resolve);
      wx.error(reject);
      wx.config({ debug: false, appId: reply.appId, timestamp: reply.timestamp, nonceStr: reply.nonceStr, signature: reply.signature, jsApiList: SHARE_APIS });
    });
    return wx;
  });
  const entry = { url, ready };
  st.signed = entry;
  ready.catch(() => {
    if (st.signed === entry) st.signed = undefined;
  });
  return ready;
}

function apply(wx: WechatJssdk, data: ShareData) {
  wx.updateAppMessageShareData(data);
  wx.updateTimelineShareData({ title: data.title, link: data.link, imgUrl: data.imgUrl });
}

/** After a single-spa route change: sign the new address; a page that set no card gets a plain one. */
function onRoute() {
  const link = withoutHash(location.href);
  ensureSigned()
    .then((wx) => {
      if (state().lastCard?.link === link || withoutHash(location.href) !== link) return;
      apply(wx, { title: document.title, desc: '', link, imgUrl: absoluteUrl(DEFAULT_SHARE_IMAGE) });
    })
    .catch(() => undefined);
}

const absoluteUrl = (src: string) => new URL(src, location.origin).href;

/**
 * Sets the share card of the current page inside WeChat (title, intro, this page's link, the
 * thumbnail as an absolute URL). Outside WeChat it does nothing and loads nothing. Resolves true
 * once WeChat has the card.
 */
export async function setWechatShare(card: ShareCard): Promise<boolean> {
  if (typeof window === 'undefined' || !isWechatBrowser(navigator.userAgent)) return false;
  const st = state();
  if (!st.listener) {
    st.listener = onRoute;
    window.addEventListener('single-spa:routing-event', onRoute);
  }
  const data: ShareData = {
    title: card.title,
    desc: (card.desc ?? '').replace(/\s+/g, ' ').trim().slice(0, 120),
    link: withoutHash(location.href),
    imgUrl: absoluteUrl(card.imgUrl || DEFAULT_SHARE_IMAGE),
  };
  st.lastCard = data;
  try {
    const wx = await ensureSigned();
    if (st.lastCard !== data) return false;
    apply(wx, data);
    return true;
  } catch {
    // No signature (the server or WeChat refused): WeChat shares its plain card.
    return false;
  }
}

/** Tests only: forget the loaded SDK and signature. */
export function resetWechatShareForTests() {
  const st = state();
  if (st.listener) window.removeEventListener('single-spa:routing-event', st.listener);
  delete (window as unknown as Record<symbol, ShareState>)[STATE_KEY];
}
