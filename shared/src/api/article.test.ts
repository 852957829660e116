import type { InternalAxiosRequestConfig } from 'axios';
import { MSG } from '../messages';
import { qyStore, sessionAtom, setSession } from '../session/store';
import { toast } from '../toast';
import { http } from './http';
import { api, ARTICLE_PREV_TOKEN } from './index';
import type { SessionUser } from '../types';
import { sessionUser } from '../testing';

const user: SessionUser = sessionUser({ id: 42, membername: 'demo_member' });

let seen: InternalAxiosRequestConfig[] = [];
let replyData: unknown;

beforeEach(() => {
  seen = [];
  qyStore.set(sessionAtom, null);
  jest.spyOn(toast, 'error').mockImplementation(() => {});
  http.defaults.adapter = async (config) => {
    seen.push(config);
    return { data: replyData, status: 200, statusText: '', headers: {}, config };
  };
});

afterEach(() => jest.restoreAllMocks());

const body = (i = 0) => JSON.parse(String(seen[i].data ?? '{}'));
const ok = (data: unknown) => ({ code: 0, msg: 'success', data });

describe('article detail calls (§7.5)', () => {
  it('posts permalinks with the reader member id to the three detail variants', async () => {
    setSession('tok', user);
    replyData = ok({ id: 1 });
    await api.article.getArticleDetail({ permalinks: 'QYJ0001' });
    await api.article.getArticleDetail2({ permalinks: 'QYJ0001' });
    await api.article.getArticleDetailById({ id: 9 });
    expect(seen.map((c) => c.url)).toEqual([
      '/api/article/getArticleDetail',
      '/api/article/getArticleDetail2',
      '/api/article/getArticleDetailById',
    ]);
    expect(body(0)).toEqual({ memberId: 42, permalinks: 'QYJ0001' });
    expect(body(1)).toEqual({ memberId: 42, permalinks: 'QYJ0001' });
    expect(body(2)).toEqual({ memberId: 42, id: 9 });
  });

  it('sends no member id for a visitor and returns the related list', async () => {
    replyData = ok([{ id: 3 }]);
    await expect(api.article.getRelationVideo({ permalinks: 'QYJ0001' })).resolves.toEqual([{ id: 3 }]);
    expect(seen[0].url).toBe('/api/article/getRelationVideo');
    expect(body()).toEqual({ permalinks: 'QYJ0001' });
  });

  it('asks selectArticleFilter for the options of a source or of a filter id', async () => {
    replyData = ok([{ id: 6, filtername: '临床指南' }]);
    await expect(api.article.selectArticleFilter({ sourceId: 6 })).resolves.toEqual([{ id: 6, filtername: '临床指南' }]);
    await api.article.selectArticleFilter({ filterId: 3 });
    expect(seen.map((c) => [c.url, JSON.parse(String(c.data))])).toEqual([
      ['/api/article/selectArticleFilter', { sourceId: 6 }],
      ['/api/article/selectArticleFilter', { filterId: 3 }],
    ]);
  });

  it('fixes the preview token', () => {
    expect(ARTICLE_PREV_TOKEN).toBe('qy-preview');
  });
});

describe('collect calls (§7.3)', () => {
  it('posts the article id to collectArticle and cancelCollect', async () => {
    setSession('tok', user);
    replyData = ok(true);
    await expect(api.user.collectArticle({ id: 5 })).resolves.toBe(true);
    await expect(api.user.cancelCollect({ id: 5 })).resolves.toBe(true);
    expect(seen.map((c) => [c.url, JSON.parse(String(c.data))])).toEqual([
      ['/api/user/collectArticle', { id: 5 }],
      ['/api/user/cancelCollect', { id: 5 }],
    ]);
  });
});

describe('free read of the month (§7.6)', () => {
  it('calls program/articleUseMonthChance with the article id, sf=pc and the token', async () => {
    setSession('tok-7', user);
    replyData = { result: '1', msg: '', article_content: '<p>全文</p>', wantsay: '<p>述评</p>' };
    const reply = await api.program.articleUseMonthChance(12);
    expect(reply.article_content).toBe('<p>全文</p>');
    expect(seen[0].url).toBe('/index.php');
    expect(seen[0].params).toMatchObject({ c: 'program', m: 'articleUseMonthChance', sf: 'pc', token: 'tok-7', id: 12 });
  });

  it('rejects with the reply attached when result is not 1', async () => {
    replyData = { result: 0, msg: '' };
    await expect(api.program.articleUseMonthChance(12, { silent: true })).rejects.toMatchObject({
      data: { result: 0, msg: '' },
      message: MSG.busy,
    });
    expect(toast.error).not.toHaveBeenCalled();
  });
});
