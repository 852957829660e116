import { createHash, randomBytes } from 'node:crypto';
import type { WechatSettings } from '../../config.js';

export interface JssdkConfig {
  appId: string;
  timestamp: string;
  nonceStr: string;
  signature: string;
  jsApiList: string[];
}

/** What a payment page inside WeChat's browser asks wx.config for. */
export const JS_API_LIST = ['chooseWXPay', 'updateAppMessageShareData', 'updateTimelineShareData'];

/** signature = SHA-1 of "jsapi_ticket=…&noncestr=…&timestamp=…&url=…" (the URL without its #fragment). */
export function jssdkSignature(ticket: string, nonceStr: string, timestamp: string, url: string): string {
  return createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`).digest('hex');
}

/**
 * wx.config parameters for pay/getJssdkConfig. With the official account configured
 * (WECHAT_PROVIDER=wechat and WECHAT_MP_APP_ID/SECRET) the jsapi_ticket comes from WeChat
 * (cgi-bin/token, then cgi-bin/ticket/getticket, both cached about 2 hours); otherwise a local
 * ticket signs the same way, for the simulator and the sandbox.
 */
export class WechatJssdk {
  private ticket?: { value: string; expiresAt: number };
  private readonly localTicket = randomBytes(24).toString('base64url');

  constructor(
    private readonly wechat: WechatSettings,
    private readonly now: () => Date,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  get live(): boolean {
    return this.wechat.provider === 'wechat' && Boolean(this.wechat.mpAppId);
  }

  async config(pageUrl: string): Promise<JssdkConfig> {
    const url = pageUrl.split('#')[0]!;
    const timestamp = String(Math.floor(this.now().getTime() / 1000));
    const nonceStr = randomBytes(8).toString('hex');
    const appId = this.wechat.provider === 'wechat' ? this.wechat.mpAppId : 'sandbox-mp-app';
    const ticket = this.live ? await this.jsapiTicket() : this.localTicket;
    return { appId, timestamp, nonceStr, signature: jssdkSignature(ticket, nonceStr, timestamp, url), jsApiList: JS_API_LIST };
  }

  private async jsapiTicket(): Promise<string> {
    const t = this.now().getTime();
    if (this.ticket && this.ticket.expiresAt > t) return this.ticket.value;
    if (this.wechat.provider !== 'wechat') throw new Error('no official account');
    const base = this.wechat.apiBase;
    const tokenRes = await this.fetchImpl(
      `${base}/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(this.wechat.mpAppId)}&secret=${encodeURIComponent(this.wechat.mpAppSecret)}`,
      { signal: AbortSignal.timeout(10_000) },
    );
    const token = (await tokenRes.json()) as { access_token?: string; errcode?: number; errmsg?: string };
    if (!token.access_token) throw new Error(`cgi-bin/token: ${token.errcode} ${token.errmsg}`);
    const ticketRes = await this.fetchImpl(`${base}/cgi-bin/ticket/getticket?access_token=${token.access_token}&type=jsapi`, {
      signal: AbortSignal.timeout(10_000),
    });
    const ticket = (await ticketRes.json()) as { ticket?: string; expires_in?: number; errcode?: number; errmsg?: string };
    if (!ticket.ticket) throw new Error(`getticket: ${ticket.errcode} ${ticket.errmsg}`);
    this.ticket = { value: ticket.ticket, expiresAt: t + Math.max(60, (ticket.expires_in ?? 7200) - 300) * 1000 };
    return ticket.ticket;
  }
}
