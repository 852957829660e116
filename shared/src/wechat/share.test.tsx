import { render, waitFor } from '@testing-library/react';
import { api } from '../api';
import { JSSDK_URL, resetWechatShareForTests, signatureUrl, type WechatJssdk } from './jssdk';
import { setWechatShare, useWechatShare } from './share';

const WECHAT_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36 MicroMessenger/8.0.50.2701(0x28003237) NetType/WIFI';
const WECHAT_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';

/** A stand-in for WeChat's wx: records its calls and fires ready after config, as the JSSDK does. */
function fakeWx() {
  const calls: { config: unknown[]; app: unknown[]; timeline: unknown[] } = { config: [], app: [], timeline: [] };
  let readyFns: (() => void)[] = [];
  const wx: WechatJssdk = {
    config: (o) => {
      calls.config.push(o);
      const fns = readyFns;
      readyFns = [];
      queueMicrotask(() => fns.forEach((f) => f()));
    },
    ready: (f) => readyFns.push(f),
    error: () => undefined,
    updateAppMessageShareData: (d) => calls.app.push(d),
    updateTimelineShareData: (d) => calls.timeline.push(d),
  };
  return { wx, calls };
}

const signature = (url: string) => ({ result: 1 as const, msg: '成功', appId: 'wx-app', timestamp: '1700000000', nonceStr: 'n0nce', signature: `sig:${url}`, jsApiList: ['chooseWXPay'] });

let ua = WECHAT_ANDROID;
let sign: jest.SpyInstance;

beforeEach(() => {
  resetWechatShareForTests();
  delete window.wx;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  jest.spyOn(navigator, 'userAgent', 'get').mockImplementation(() => ua);
  sign = jest.spyOn(api.pay, 'getJssdkConfig').mockImplementation(async (url: string) => signature(url));
  window.history.replaceState(null, '', '/article-info?permalinks=QYJ0001#refs');
});

afterEach(() => jest.restoreAllMocks());

/** Answers the script tag the module added, as the browser would once jweixin has run. */
async function loadScript(wx: WechatJssdk) {
  // The module behind the card is imported first (its own chunk, inside WeChat only).
  const script = await waitFor(() => {
    const tag = document.head.querySelector<HTMLScriptElement>(`script[src="${JSSDK_URL}"]`);
    expect(tag).not.toBeNull();
    return tag;
  });
  window.wx = wx;
  script!.onload!(new Event('load'));
}

describe('WeChat share card', () => {
  it('signs the page URL without its #fragment and hands WeChat the title, intro, link and absolute thumbnail', async () => {
    const { wx, calls } = fakeWx();
    const done = setWechatShare({ title: '心力衰竭的新疗法', desc: '一项随机对照试验\n的结果。', imgUrl: '/uploads/thumb/hf.jpg' });
    await loadScript(wx);
    await expect(done).resolves.toBe(true);

    const url = 'http://localhost/article-info?permalinks=QYJ0001';
    expect(sign).toHaveBeenCalledWith(url, { silent: true });
    expect(calls.config).toEqual([
      { debug: false, appId: 'wx-app', timestamp: '1700000000', nonceStr: 'n0nce', signature: `sig:${url}`, jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'] },
    ]);
    expect(calls.app).toEqual([{ title: '心力衰竭的新疗法', desc: '一项随机对照试验 的结果。', link: url, imgUrl: 'http://localhost/uploads/thumb/hf.jpg' }]);
    expect(calls.timeline).toEqual([{ title: '心力衰竭的新疗法', link: url, imgUrl: 'http://localhost/uploads/thumb/hf.jpg' }]);
  });

  it('does nothing outside WeChat: no script, no signature', async () => {
    ua = SAFARI;
    try {
      await expect(setWechatShare({ title: '心力衰竭的新疗法' })).resolves.toBe(false);
      render(<Page title="心力衰竭的新疗法" />);
      await Promise.resolve();
      expect(document.querySelector(`script[src="${JSSDK_URL}"]`)).toBeNull();
      expect(sign).not.toHaveBeenCalled();
    } finally {
      ua = WECHAT_ANDROID;
    }
  });

  it('signs again after a single-spa route change, and keeps the card a new page sets', async () => {
    const { wx, calls } = fakeWx();
    window.wx = wx;
    await setWechatShare({ title: '第一篇', imgUrl: 'https://cdn.example.org/a.jpg' });
    expect(sign).toHaveBeenCalledTimes(1);

    window.history.pushState(null, '', '/course-video?id=7');
    await setWechatShare({ title: '一节课程', desc: '课程简介' });
    window.dispatchEvent(new Event('single-spa:routing-event'));
    await new Promise((r) => setTimeout(r, 0));

    expect(sign.mock.calls.map((c) => c[0])).toEqual(['http://localhost/article-info?permalinks=QYJ0001', 'http://localhost/course-video?id=7']);
    expect(calls.config).toHaveLength(2);
    expect(calls.app.at(-1)).toEqual({ title: '一节课程', desc: '课程简介', link: 'http://localhost/course-video?id=7', imgUrl: 'http://localhost/api/static/og/qianyan.jpg' });

    // A route to a page that sets no card: signed for it, with a plain card for its own link.
    window.history.pushState(null, '', '/index');
    document.title = '千言医学';
    window.dispatchEvent(new Event('single-spa:routing-event'));
    await new Promise((r) => setTimeout(r, 0));
    expect(sign).toHaveBeenLastCalledWith('http://localhost/index', { silent: true });
    expect(calls.app.at(-1)).toMatchObject({ title: '千言医学', link: 'http://localhost/index' });
  });

  it('signs the address the site was entered by in WeChat on iOS', () => {
    ua = WECHAT_IPHONE;
    try {
      window.history.pushState(null, '', '/meeting-video?id=3#top');
      const entered = signatureUrl();
      expect(entered).not.toContain('#');
      expect(entered).toBe('http://localhost/'); // jsdom's first address, before any pushState
    } finally {
      ua = WECHAT_ANDROID;
    }
  });

  it('sets the card from a page once its data arrives', async () => {
    const { wx, calls } = fakeWx();
    window.wx = wx;
    const { rerender } = render(<Page title="" />);
    await new Promise((r) => setTimeout(r, 0));
    expect(sign).not.toHaveBeenCalled();
    rerender(<Page title="房颤的抗凝治疗" desc="导语" imgUrl="/t.jpg" />);
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.app).toEqual([{ title: '房颤的抗凝治疗', desc: '导语', link: 'http://localhost/article-info?permalinks=QYJ0001', imgUrl: 'http://localhost/t.jpg' }]);
  });
});

function Page({ title, desc, imgUrl }: { title: string; desc?: string; imgUrl?: string }) {
  useWechatShare(title ? { title, desc, imgUrl } : undefined);
  return null;
}
