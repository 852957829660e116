import { clearSession, qyStore, sessionAtom, setSession, type SessionUser } from '@qianyan/shared/core';
import { articlePage, picturesOf, remoteFiles, weekArticles } from './keeper';
import { apiCacheKey, CACHES, canonicalBody, isKeptApiCall, isKeptPage, isStaticFile } from './policy';
import { KEPT_KEY, watchReader } from './session';

describe('what the service worker keeps', () => {
  it.each([
    '/api/article/getArticleDetail',
    '/api/article/newestArticle',
    '/api/article/selectArticleList',
    '/api/base/getModularSwitch',
    '/api/advert/selectAdvertList',
    '/api/glossary',
    '/api/user/getMemberInfo',
  ])('keeps the reading call %s', (path) => expect(isKeptApiCall(path)).toBe(true));

  it.each([
    '/api/login/login',
    '/api/login/userLogout',
    '/api/user/collectArticle',
    '/api/user/updateSubscribe',
    '/api/base/sendCode',
    '/api/article/citation',
    '/api/editor/articles/list',
    '/api/article/getArticleDetail/extra',
  ])('never keeps %s (it changes something, or is not reading)', (path) => expect(isKeptApiCall(path)).toBe(false));

  it('keeps reader pages, never the console, payment hand-offs or the server’s own files', () => {
    for (const p of ['/', '/index', '/latest-periodical', '/article-info', '/personal']) expect(isKeptPage(p)).toBe(true);
    for (const p of ['/editor', '/editor/articles', '/api/health', '/qrcode-member-ali-pay/12', '/sitemap.xml', '/sitemap-2.xml', '/robots.txt', '/remotes.json', '/wechat/wxlogin']) {
      expect(isKeptPage(p)).toBe(false);
    }
  });

  it('takes as unchanging only files whose address names their release or content', () => {
    expect(isStaticFile('/remotes/mf-content/0.1.0-45bf12286d/mf-manifest.json')).toBe(true);
    expect(isStaticFile('/remotes/mf-content/0.1.0-45bf12286d/__federation_expose_app.3f9a1c2b.js')).toBe(true);
    expect(isStaticFile('/main.87aa12c4.js')).toBe(true);
    expect(isStaticFile('/api/static/covers/cover-1.svg')).toBe(true);
    expect(isStaticFile('/remotes.json')).toBe(false);
    expect(isStaticFile('/sw.js')).toBe(false);
    expect(isStaticFile('/manifest.webmanifest')).toBe(false);
    expect(isStaticFile('/api/article/getArticleDetail')).toBe(false);
  });
});

describe('the key of a kept reply', () => {
  // A readable stand-in for SHA-256: the key's parts can be checked by eye.
  const digest = async (text: string) => `<${text}>`;
  const key = (over: Partial<Parameters<typeof apiCacheKey>[0]> = {}) =>
    apiCacheKey({ method: 'POST', url: 'https://qy.test/api/article/getArticleDetail', body: '{"memberId":7,"permalinks":"QYJ0005"}', authorization: 'Bearer t1', ...over }, digest);

  it('is one key for one call, whatever the order of the body’s fields or the cache-busting _t', async () => {
    expect(await key({ body: '{"permalinks":"QYJ0005","memberId":7}' })).toBe(await key());
    expect(await key({ method: 'GET', url: 'https://qy.test/api/glossary?_t=1', body: '' })).toBe(await key({ method: 'GET', url: 'https://qy.test/api/glossary?_t=2', body: '' }));
    expect(canonicalBody('{"b":1,"a":{"d":2,"c":3}}')).toBe('{"a":{"c":3,"d":2},"b":1}');
  });

  it('differs by reader and by call, so one member’s reply never answers another reader', async () => {
    expect(await key({ authorization: 'Bearer t2' })).not.toBe(await key());
    expect(await key({ authorization: null })).not.toBe(await key());
    expect(await key({ body: '{"memberId":7,"permalinks":"QYJ0006"}' })).not.toBe(await key());
    expect(await key()).toMatch(/^https:\/\/qy\.test\/__qy-offline\/api\/article\/getArticleDetail\?/);
  });
});

describe('the keeper', () => {
  const item = (permalinks: string, thumb = '') => ({ id: 1, title: '', outtitle: '', author: '', intro: '', permalinks, sourceid: 5, filterName: '', classNames: '', thumb, postdate: '', haswantsay: 0, accessLevel: 'member' });

  it('keeps the catalogue, journal and digest articles once each, at the address their list links to', () => {
    const week = { articleWeeklyPo: { id: 3, title: '', thedate: '', catalogPermalinks: '' }, articleMap: { '0': [item('C1')], '5': [item('A1'), item('A2')], '6': [item('A2'), item('D1')], '7': [item('V1')] } };
    expect(weekArticles(week).map((a) => a.permalinks)).toEqual(['C1', 'A1', 'A2', 'D1']);
    expect(articlePage('QY J/1')).toBe('/article-info?permalinks=QY%20J%2F1');
  });

  it('keeps the body’s pictures of this site only', () => {
    const html = '<p><img alt="" src="/api/uploads/a.png"><img src="https://qy.test/api/static/f.svg" /><img src="https://other.example/x.png"></p>';
    expect(picturesOf(html, 'https://qy.test')).toEqual(['/api/uploads/a.png', '/api/static/f.svg']);
  });

  it('keeps every file of the content remote’s live release, named from its manifest’s address', () => {
    const files = remoteFiles('https://qy.test/remotes/mf-content/1.2.3-abc/mf-manifest.json', {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ assets: { js: { sync: ['app.1.js'], async: ['page.2.js'] }, css: { sync: [], async: ['page.2.css'] } } }],
      shared: [{ assets: { js: { sync: ['antd.3.js'], async: [] } } }],
    });
    expect(files).toEqual(
      ['remoteEntry.js', 'app.1.js', 'page.2.js', 'page.2.css', 'antd.3.js'].map((f) => `https://qy.test/remotes/mf-content/1.2.3-abc/${f}`),
    );
  });
});

describe('one reader’s copy', () => {
  const user = { id: 7 } as SessionUser;
  let deleted: string[];
  beforeEach(() => {
    deleted = [];
    (globalThis as { caches?: unknown }).caches = { delete: async (name: string) => deleted.push(name) > 0 };
    clearSession();
    localStorage.clear();
  });
  afterEach(() => {
    delete (globalThis as { caches?: unknown }).caches;
    clearSession();
  });

  it('deletes the kept replies when the member logs out, and keeps again after a login', async () => {
    const onLogin = jest.fn();
    const stop = watchReader(onLogin);
    setSession('t1', user);
    await Promise.resolve();
    expect(onLogin).toHaveBeenCalledTimes(1);
    expect(deleted).toEqual([]);
    localStorage.setItem(KEPT_KEY, JSON.stringify({ reader: '7' }));
    clearSession();
    await new Promise((r) => setTimeout(r, 0));
    expect(deleted).toEqual([CACHES.api]);
    expect(localStorage.getItem(KEPT_KEY)).toBeNull();
    stop();
  });

  it('deletes at start a copy kept for a member who is no longer signed in here', () => {
    localStorage.setItem(KEPT_KEY, JSON.stringify({ reader: '7' }));
    watchReader(() => undefined)();
    expect(deleted).toEqual([CACHES.api]);
  });

  it('leaves a visitor’s copy and the same member’s copy alone', () => {
    localStorage.setItem(KEPT_KEY, JSON.stringify({ reader: 'visitor' }));
    watchReader(() => undefined)();
    qyStore.set(sessionAtom, { token: 't1', user, savedAt: Date.now() });
    localStorage.setItem(KEPT_KEY, JSON.stringify({ reader: '7' }));
    watchReader(() => undefined)();
    expect(deleted).toEqual([]);
  });
});
