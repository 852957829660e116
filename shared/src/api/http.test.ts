import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { MSG } from '../messages';
import { qyStore, sessionAtom, setSession } from '../session/store';
import { dialogAtom } from '../session/dialogs';
import { toast } from '../toast';
import { ApiError, call, get, http, post, provider } from './http';
import type { SessionUser } from '../types';
import { sessionUser } from '../testing';

const user: SessionUser = sessionUser();

type Seen = { config: InternalAxiosRequestConfig };
let seen: Seen[] = [];
let reply: (config: InternalAxiosRequestConfig) => Promise<{ status: number; data: unknown }>;

beforeEach(() => {
  seen = [];
  qyStore.set(sessionAtom, null);
  qyStore.set(dialogAtom, null);
  jest.spyOn(toast, 'error').mockImplementation(() => {});
  jest.spyOn(toast, 'warning').mockImplementation(() => {});
  http.defaults.adapter = async (config) => {
    seen.push({ config });
    const r = await reply(config);
    const response = { data: r.data, status: r.status, statusText: '', headers: {}, config };
    if (r.status >= 400) {
      throw new AxiosError('fail', String(r.status), config, undefined, response as never);
    }
    return response;
  };
});

afterEach(() => jest.restoreAllMocks());

const ok = (data: unknown) => async () => ({ status: 200, data: { code: 0, msg: 'success', data } });

describe('API client (§7 intro)', () => {
  it('sends the token in both headers when logged in', async () => {
    setSession('tok-123', user);
    reply = ok({});
    await post('/api/user/getMemberInfo');
    const headers = AxiosHeaders.from(seen[0].config.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('token')).toBe('tok-123');
  });

  it('sends no auth headers for a visitor', async () => {
    reply = ok([]);
    await post('/api/article/selectArticleClass');
    const headers = AxiosHeaders.from(seen[0].config.headers);
    expect(headers.has('Authorization')).toBe(false);
  });

  it('adds a _t timestamp to GET requests only', async () => {
    reply = ok({});
    await get('/api/health', { a: 1 });
    await post('/api/x', { b: 2 });
    expect(seen[0].config.params).toEqual({ a: 1, _t: expect.any(Number) });
    expect(seen[1].config.params).toBeUndefined();
  });

  it('returns data on code 0 and stores a token found in the reply', async () => {
    setSession('old', user);
    reply = ok({ token: 'new-token', x: 1 });
    await expect(call({ url: '/api/x', method: 'post' })).resolves.toEqual({ token: 'new-token', x: 1 });
    expect(qyStore.get(sessionAtom)?.token).toBe('new-token');
  });

  it('on 10002 clears the session, says 登录超时，请重新登录 and opens the login dialog', async () => {
    setSession('tok', user);
    reply = async () => ({ status: 200, data: { code: 10002, msg: 'x', data: null } });
    await expect(post('/api/user/getMemberInfo')).rejects.toMatchObject({ code: 10002, message: MSG.sessionExpired });
    expect(qyStore.get(sessionAtom)).toBeNull();
    expect(toast.warning).toHaveBeenCalledWith('登录超时，请重新登录');
    expect(qyStore.get(dialogAtom)).toEqual({ name: 'login', props: undefined });
  });

  it("shows the reply's message for another non-zero code", async () => {
    reply = async () => ({ status: 200, data: { code: 10005, msg: '用户名或密码错误', data: null } });
    await expect(post('/api/login/login')).rejects.toBeInstanceOf(ApiError);
    expect(toast.error).toHaveBeenCalledWith('用户名或密码错误');
  });

  it('falls back to the data text, then to 网络繁忙，请稍后！', async () => {
    reply = async () => ({ status: 200, data: { code: 1, msg: '', data: '数据说明' } });
    await expect(post('/api/x')).rejects.toThrow('数据说明');
    reply = async () => ({ status: 200, data: { code: 1, msg: '', data: null } });
    await expect(post('/api/x')).rejects.toThrow('网络繁忙，请稍后！');
  });

  it('says 网络错误！ when no reply arrives', async () => {
    http.defaults.adapter = async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    };
    await expect(post('/api/x')).rejects.toThrow('网络错误！');
    expect(toast.error).toHaveBeenCalledWith('网络错误！');
  });

  it('says 请求方式不支持！ for HTTP 405 and 网络繁忙，请稍后！ for a 500', async () => {
    reply = async () => ({ status: 405, data: '' });
    await expect(post('/api/x')).rejects.toThrow('请求方式不支持！');
    reply = async () => ({ status: 500, data: { code: 50000, msg: '网络繁忙，请稍后！', data: null } });
    await expect(post('/api/x')).rejects.toThrow('网络繁忙，请稍后！');
  });

  it('shows the rate-limit message of a 429 reply', async () => {
    reply = async () => ({ status: 429, data: { code: 10029, msg: '操作过于频繁，请稍后再试', data: null } });
    await expect(post('/api/login/login')).rejects.toThrow('操作过于频繁，请稍后再试');
  });

  it('stays quiet when asked to be silent', async () => {
    reply = async () => ({ status: 200, data: { code: 10004, msg: '内容不存在', data: null } });
    await expect(post('/api/x', {}, { silent: true })).rejects.toThrow('内容不存在');
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('membership endpoint client (§7.6)', () => {
  it('calls /index.php with c, m, sf=pc and the token in the query', async () => {
    setSession('tok-9', user);
    reply = async () => ({ status: 200, data: { result: 1, msg: 'success', servicelsit: [] } });
    await provider('program', 'getServiceList', { ut: 1 });
    expect(seen[0].config.url).toBe('/index.php');
    expect(seen[0].config.params).toMatchObject({ c: 'program', m: 'getServiceList', sf: 'pc', token: 'tok-9', ut: 1 });
  });

  it('shows the server msg when result is not 1', async () => {
    reply = async () => ({ status: 200, data: { result: 0, msg: '您要删除的订单id不存在!' } });
    await expect(provider('program', 'deleteServiceOrder')).rejects.toThrow('您要删除的订单id不存在!');
    expect(toast.error).toHaveBeenCalledWith('您要删除的订单id不存在!');
  });
});
