import type { WechatSettings } from '../../config.js';
import { WechatCodeError, type WechatApp, type WechatIdentity, type WechatOAuth } from './index.js';

type OfficialSettings = Extract<WechatSettings, { provider: 'wechat' }>;

// errcodes that mean "this code is no good" rather than "WeChat or our keys have a problem".
const CODE_ERRORS = new Set([40029, 40163, 42003, 41008]);

interface WechatError {
  errcode?: number;
  errmsg?: string;
}

/**
 * The real WeChat web authorisation. Desktop: the open platform's QR login (connect/qrconnect,
 * scope snsapi_login) with the website application; inside WeChat (iswx=1): connect/oauth2/authorize
 * (scope snsapi_userinfo) with the official account. The code is exchanged server-side at
 * sns/oauth2/access_token, then sns/userinfo gives the nickname and picture.
 */
export class WechatOfficial implements WechatOAuth {
  readonly name = 'wechat';
  constructor(private readonly settings: OfficialSettings) {}

  private credentials(app: WechatApp) {
    if (app === 'mp') {
      if (!this.settings.mpAppId) throw new Error('WECHAT_MP_APP_ID is not set: authorisation inside WeChat is not configured');
      return { appid: this.settings.mpAppId, secret: this.settings.mpAppSecret };
    }
    return { appid: this.settings.openAppId, secret: this.settings.openAppSecret };
  }

  authorizeUrl({ app, redirectUri, state }: { app: WechatApp; redirectUri: string; state: string }): string {
    const { appid } = this.credentials(app);
    const q = new URLSearchParams({
      appid,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: app === 'mp' ? 'snsapi_userinfo' : 'snsapi_login',
      state,
    });
    const path = app === 'mp' ? '/connect/oauth2/authorize' : '/connect/qrconnect';
    return `${this.settings.openBase}${path}?${q.toString()}#wechat_redirect`;
  }

  async exchange(code: string, app: WechatApp): Promise<WechatIdentity> {
    const { appid, secret } = this.credentials(app);
    const token = await this.call<{ access_token?: string; openid?: string; unionid?: string }>('/sns/oauth2/access_token', {
      appid,
      secret,
      code,
      grant_type: 'authorization_code',
    });
    if (!token.access_token || !token.openid) throw new Error('WeChat access_token reply without access_token/openid');
    let info: { nickname?: string; headimgurl?: string; unionid?: string } = {};
    try {
      info = await this.call('/sns/userinfo', { access_token: token.access_token, openid: token.openid, lang: 'zh_CN' });
    } catch {
      // The identity is enough to log in; the nickname and picture are a nicety.
    }
    return {
      openid: token.openid,
      unionid: token.unionid ?? info.unionid,
      nickname: info.nickname ?? '',
      avatar: info.headimgurl ?? '',
    };
  }

  private async call<T>(path: string, query: Record<string, string>): Promise<T> {
    const res = await fetch(`${this.settings.apiBase}${path}?${new URLSearchParams(query).toString()}`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`WeChat ${path}: HTTP ${res.status}`);
    // WeChat answers JSON, sometimes labelled text/plain.
    const body = JSON.parse(await res.text()) as T & WechatError;
    if (body.errcode) {
      if (CODE_ERRORS.has(body.errcode)) throw new WechatCodeError(body.errcode, body.errmsg ?? 'invalid code');
      throw new Error(`WeChat ${path}: errcode ${body.errcode} ${body.errmsg ?? ''}`);
    }
    return body;
  }
}
