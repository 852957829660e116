import type { WechatSettings } from '../../config.js';
import { WechatOfficial } from './official.js';
import { WechatSimulator } from './simulator.js';

/** 'open': website application (desktop QR login); 'mp': official account (inside WeChat's browser, iswx=1). */
export type WechatApp = 'open' | 'mp';

/** Who authorised, as sns/oauth2/access_token (+ sns/userinfo) tells it. */
export interface WechatIdentity {
  openid: string;
  /** Present when the app belongs to an open-platform account; the same person across apps. */
  unionid?: string;
  nickname: string;
  avatar: string;
}

/** The code is unknown, expired or already used (WeChat errcode 40029, 40163, 42003…). */
export class WechatCodeError extends Error {
  constructor(readonly errcode: number, message: string) {
    super(message);
    this.name = 'WechatCodeError';
  }
}

/** WeChat web authorisation (OAuth 2.0): where to send the browser, and the server-side code exchange. */
export interface WechatOAuth {
  readonly name: string;
  authorizeUrl(args: { app: WechatApp; redirectUri: string; state: string }): string;
  /** Exchanges a code (single use, about 5 minutes) for the identity; WechatCodeError for a bad code. */
  exchange(code: string, app: WechatApp): Promise<WechatIdentity>;
}

export function createWechatOAuth(settings: WechatSettings, now: () => Date): WechatOAuth {
  return settings.provider === 'wechat' ? new WechatOfficial(settings) : new WechatSimulator(now);
}
