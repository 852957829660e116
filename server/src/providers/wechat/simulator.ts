import { createHash, randomBytes } from 'node:crypto';
import { WechatCodeError, type WechatApp, type WechatIdentity, type WechatOAuth } from './index.js';

const CODE_TTL_MS = 5 * 60_000;

const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 24);

/**
 * A local stand-in for WeChat's authorisation, for development, tests and the demo site. The
 * "authorize screen" is the server page /dev/wechat/authorize (see modules/auth/devRoutes.ts): the
 * person types or picks a nickname and agrees; approve() then issues a code the way WeChat would.
 * The same nickname is the same simulated WeChat user (stable openid per app and unionid), so a
 * returning user can be played. Codes are single use and expire after 5 minutes, as at WeChat.
 */
export class WechatSimulator implements WechatOAuth {
  readonly name = 'simulator';
  private readonly codes = new Map<string, { nickname: string; app: WechatApp; expiresAt: number; used: boolean }>();
  /** Nicknames that agreed recently, offered on the authorize page (newest first). */
  readonly recentNicknames: string[] = [];

  constructor(private readonly now: () => Date) {}

  authorizeUrl({ app, redirectUri, state }: { app: WechatApp; redirectUri: string; state: string }): string {
    const q = new URLSearchParams({ app, redirect_uri: redirectUri, state });
    return `/dev/wechat/authorize?${q.toString()}`;
  }

  /** The person agreed on the simulated screen: a fresh code for this nickname. */
  approve(nickname: string, app: WechatApp): string {
    const t = this.now().getTime();
    for (const [code, entry] of this.codes) if (entry.expiresAt <= t) this.codes.delete(code);
    const code = `sim${randomBytes(16).toString('base64url')}`;
    this.codes.set(code, { nickname, app, expiresAt: t + CODE_TTL_MS, used: false });
    const i = this.recentNicknames.indexOf(nickname);
    if (i >= 0) this.recentNicknames.splice(i, 1);
    this.recentNicknames.unshift(nickname);
    this.recentNicknames.length = Math.min(this.recentNicknames.length, 8);
    return code;
  }

  async exchange(code: string, app: WechatApp): Promise<WechatIdentity> {
    const entry = this.codes.get(code);
    if (!entry || entry.app !== app) throw new WechatCodeError(40029, 'invalid code');
    if (entry.used) throw new WechatCodeError(40163, 'code been used');
    if (entry.expiresAt <= this.now().getTime()) throw new WechatCodeError(42003, 'code expired');
    entry.used = true;
    return {
      openid: `sim-${app}-${digest(`${app}:${entry.nickname}`)}`,
      unionid: `sim-u-${digest(entry.nickname)}`,
      nickname: entry.nickname,
      avatar: '',
    };
  }
}
