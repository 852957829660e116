import type { LoginThrottle as LoginThrottleSettings } from '../../config.js';
import { AppError, ErrorCode, Messages } from '../../lib/errors.js';
import { isLimited, type RateLimiter } from '../../plugins/rateLimit.js';
import type { CaptchaService } from '../auth/captcha.js';

/**
 * Whose failures a try counts against: the account (the member the typed name resolved to, so
 * username, mobile and e-mail share one count) or, for a name that matches no account, that name
 * normalised (trimmed, lower-cased), so trying unknown names costs the same as known ones.
 */
export type LoginSubject = { memberId: number } | { name: string };

/** The picture captcha of a try: its uuid (GET /api/captchaImage) and the answer typed. */
export interface CaptchaFields {
  uuid?: string;
  code?: string;
}

export type LoginGate = ReturnType<typeof createLoginThrottle>;

const hasText = (v: string | undefined) => v !== undefined && v.trim() !== '';

/**
 * Failed-login counters (login/login, login/loginWithoutPwd, a wrong old password on
 * user/updatePassword) per account and per client address. Over either limit a try needs a right
 * picture captcha first (code 10030); nothing here ever refuses outright, so the owner who solves
 * the captcha always gets in, and a crowd behind one address (a hospital's NAT) is only asked for
 * captchas. A missing or wrong captcha stops the try before the password or code is looked at.
 */
export function createLoginThrottle(deps: { rateLimiter: RateLimiter; settings: LoginThrottleSettings; captcha: CaptchaService }) {
  const { rateLimiter, settings, captcha } = deps;
  const accountRule = { limit: settings.maxFailuresPerAccount, windowMs: settings.windowMs };
  const ipRule = { limit: settings.maxFailuresPerIp, windowMs: settings.windowMs };

  const keys = (subject: LoginSubject, ip: string) => ({
    account: 'memberId' in subject ? `login:member:${subject.memberId}` : `login:name:${subject.name.trim().toLowerCase()}`,
    ip: `login:ip:${ip}`,
  });

  /** Whether a try for `subject` from `ip` must carry a right captcha. */
  async function captchaRequired(subject: LoginSubject, ip: string): Promise<boolean> {
    const k = keys(subject, ip);
    const [account, address] = await Promise.all([isLimited(rateLimiter, k.account, accountRule), isLimited(rateLimiter, k.ip, ipRule)]);
    return account || address;
  }

  return {
    keys,

    captchaRequired,

    /**
     * Lets the try go on, or throws code 10030: 请输入图片验证码 when the captcha is needed and none
     * came, else the captcha's own message (wrong, used up, expired). The captcha is used up either way.
     */
    async pass(subject: LoginSubject, ip: string, given: CaptchaFields = {}): Promise<void> {
      if (!(await captchaRequired(subject, ip))) return;
      if (!hasText(given.uuid) && !hasText(given.code)) throw new AppError(ErrorCode.captchaRequired, Messages.captchaRequired);
      try {
        await captcha.verify(given.uuid, given.code);
      } catch (err) {
        if (err instanceof AppError) throw new AppError(ErrorCode.captchaRequired, err.msg);
        throw err;
      }
    },

    /** Counts a wrong password or code against the account and the address. */
    async fail(subject: LoginSubject, ip: string): Promise<void> {
      const k = keys(subject, ip);
      await Promise.all([rateLimiter.hit(k.account, accountRule), rateLimiter.hit(k.ip, ipRule)]);
    },

    /** The owner got in (or reset the password): the account's count starts again; the address's stays. */
    async clear(subject: LoginSubject): Promise<void> {
      await rateLimiter.reset(keys(subject, '').account);
    },
  };
}
