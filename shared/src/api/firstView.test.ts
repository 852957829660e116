import type { InternalAxiosRequestConfig } from 'axios';
import { qyStore, sessionAtom, setSession } from '../session/store';
import type { SessionUser } from '../types';
import { FIRST_VIEW_TTL_MS, resetFirstViewForTests } from './firstView';
import { http, post } from './http';
import { sessionUser } from '../testing';

const user: SessionUser = sessionUser();

const banner = { code: 'home', content: [{ pic: '/api/static/banners/home-1.svg', title: 'a', intro: '', url: '' }] };
let sent: InternalAxiosRequestConfig[] = [];

beforeEach(() => {
  sent = [];
  qyStore.set(sessionAtom, null);
  resetFirstViewForTests();
  window.__QY_FIRST__ = [
    { path: '/api/base/getBanner', body: { code: 'home' }, reply: { code: 0, msg: 'success', data: banner } },
    {
      path: '/api/advert/selectAdvertList',
      body: { advertPosition: '页眉', ifPublish: '是', pageNo: 1, pageSize: 1 },
      reply: { code: 0, msg: 'success', data: { results: [], page: { total: 0 } } },
    },
  ];
  http.defaults.adapter = async (config) => {
    sent.push(config);
    return { data: { code: 0, msg: 'success', data: { from: 'network' } }, status: 200, statusText: '', headers: {}, config };
  };
});

afterEach(() => {
  jest.restoreAllMocks();
  delete window.__QY_FIRST__;
});

describe('first-view replies in the page', () => {
  it("answers a visitor's matching call from the page, once; the next one goes to the server", async () => {
    await expect(post('/api/base/getBanner', { code: 'home' })).resolves.toEqual(banner);
    expect(sent).toHaveLength(0);
    await expect(post('/api/base/getBanner', { code: 'home' })).resolves.toEqual({ from: 'network' });
    expect(sent).toHaveLength(1);
  });

  it('matches a body whatever the order of its keys', async () => {
    await expect(post('/api/advert/selectAdvertList', { pageNo: 1, pageSize: 1, advertPosition: '页眉', ifPublish: '是' })).resolves.toEqual({
      results: [],
      page: { total: 0 },
    });
    expect(sent).toHaveLength(0);
  });

  it('sends a call with another body or path to the server', async () => {
    await post('/api/base/getBanner', { code: 'classroom' });
    await post('/api/base/getModularSwitch', { moduleName: 'advert' });
    expect(sent.map((c) => c.url)).toEqual(['/api/base/getBanner', '/api/base/getModularSwitch']);
  });

  it("never answers a logged-in reader's call from the page", async () => {
    setSession('tok-1', user);
    await expect(post('/api/base/getBanner', { code: 'home' })).resolves.toEqual({ from: 'network' });
    expect(sent).toHaveLength(1);
  });

  it('drops the replies once the first view is over', async () => {
    jest.spyOn(performance, 'now').mockReturnValue(FIRST_VIEW_TTL_MS + 1);
    await expect(post('/api/base/getBanner', { code: 'home' })).resolves.toEqual({ from: 'network' });
    expect(sent).toHaveLength(1);
  });

  it('reads the page data once and removes it from the window', async () => {
    await post('/api/base/getBanner', { code: 'home' });
    expect(window.__QY_FIRST__).toBeUndefined();
  });
});
