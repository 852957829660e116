// The API client: spec §7 intro and §8 rules on top of axios.
import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { MSG } from '../messages';
import { siteConfig } from '../config';
import { clearSession, getToken, storeReplyToken } from '../session/store';
import { openLoginDialog } from '../session/dialogs';
import { toast } from '../toast';
import type { Envelope, ProviderReply } from '../types';
import { takeFirstViewReply } from './firstView';

export const CODE_OK = 0;
export const CODE_NO_SESSION = 10002;
/**
 * A login (password, code, or the old password of a change) past the failure limits: solve the
 * 图片验证码 and send the call again with its uuid and answer. The message says what is missing or
 * wrong (MSG.captchaRequired, MSG.captchaWrong, 图片验证码已失效，请重新获取).
 */
export const CODE_CAPTCHA_REQUIRED = 10030;

/** A failed call. `code` is the envelope code, or -1 for transport failures. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  /** Do not show a toast for a failure (the caller shows its own state). */
  silent?: boolean;
}

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}`, token } : {};
}

export function createHttp(): AxiosInstance {
  const instance = axios.create({ timeout: 15_000 });
  instance.interceptors.request.use((config) => {
    config.baseURL = config.baseURL ?? siteConfig().apiBase;
    Object.assign(config.headers, authHeaders());
    if ((config.method ?? 'get').toLowerCase() === 'get') {
      config.params = { ...(config.params ?? {}), _t: Date.now() };
    }
    return config;
  });
  return instance;
}

export const http = createHttp();

/** Message for a transport failure (§8): no reply, unsupported method, anything else. */
export function transportMessage(err: unknown): string {
  if (err instanceof AxiosError) {
    if (!err.response) return MSG.networkError;
    if (err.response.status === 405) return MSG.methodNotSupported;
    const body = err.response.data as Partial<Envelope<unknown>> | undefined;
    // Rate limits and other enveloped HTTP errors carry their own Chinese message.
    if (body && typeof body.msg === 'string' && body.code && body.code !== 50000) return body.msg;
  }
  return MSG.busy;
}

/** Handles a non-zero envelope code (§8) and returns the error to throw. */
function envelopeError(body: Envelope<unknown>, opts: CallOptions): ApiError {
  if (body.code === CODE_NO_SESSION) {
    clearSession();
    toast.warning(MSG.sessionExpired);
    openLoginDialog();
    return new ApiError(body.code, MSG.sessionExpired);
  }
  const text = body.msg || (typeof body.data === 'string' ? body.data : '') || MSG.busy;
  if (!opts.silent) toast.error(text);
  return new ApiError(body.code, text, body.data);
}

/** Calls an /api endpoint and returns its `data`, or throws ApiError after showing the message. */
export async function call<T>(config: AxiosRequestConfig, opts: CallOptions = {}): Promise<T> {
  let body: Envelope<T>;
  try {
    const first =
      config.method === 'post' && typeof config.url === 'string' && !config.baseURL && !siteConfig().apiBase
        ? takeFirstViewReply(config.url, config.data, !getToken())
        : undefined;
    body = first ? (first as Envelope<T>) : (await http.request<Envelope<T>>(config)).data;
  } catch (err) {
    const resBody = err instanceof AxiosError ? (err.response?.data as Envelope<unknown> | undefined) : undefined;
    if (resBody && resBody.code === CODE_NO_SESSION) throw envelopeError(resBody, opts);
    const text = transportMessage(err);
    if (!opts.silent) toast.error(text);
    throw new ApiError(err instanceof AxiosError && err.response ? err.response.status : -1, text);
  }
  if (!body || typeof body.code !== 'number') {
    if (!opts.silent) toast.error(MSG.busy);
    throw new ApiError(-1, MSG.busy);
  }
  if (body.code !== CODE_OK) throw envelopeError(body as Envelope<unknown>, opts);
  const data = body.data as unknown;
  if (data && typeof data === 'object' && 'token' in data && typeof (data as { token: unknown }).token === 'string') {
    storeReplyToken((data as { token: string }).token);
  }
  return body.data;
}

export const post = <T>(url: string, data: unknown = {}, opts?: CallOptions) =>
  call<T>({ method: 'post', url, data }, opts);

export const get = <T>(url: string, params?: Record<string, unknown>, opts?: CallOptions) =>
  call<T>({ method: 'get', url, params }, opts);

/**
 * Calls the membership endpoint `/index.php?c=..&m=..` (ARCHITECTURE §3.2): the token goes in the
 * query as well, replies use the provider's `{ result, msg }` shape, and result ≠ 1 shows msg.
 */
export async function provider<T extends ProviderReply>(
  c: string,
  m: string,
  params: Record<string, unknown> = {},
  opts: CallOptions & { method?: 'get' | 'post'; body?: unknown } = {},
): Promise<T> {
  const query = { c, m, sf: 'pc', token: getToken() ?? '', ...params };
  let reply: T;
  try {
    const res = await http.request<T>({
      baseURL: siteConfig().membershipBaseUrl,
      url: '/index.php',
      method: opts.method ?? 'get',
      params: query,
      data: opts.body,
    });
    reply = res.data;
  } catch (err) {
    const text = transportMessage(err);
    if (!opts.silent) toast.error(text);
    throw new ApiError(-1, text);
  }
  if (!reply || String(reply.result) !== '1') {
    const text = reply?.msg || MSG.busy;
    if (!opts.silent) toast.error(text);
    throw new ApiError(Number(reply?.result ?? -1), text, reply);
  }
  return reply;
}
