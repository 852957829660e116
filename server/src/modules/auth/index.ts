import type { FastifyBaseLogger } from 'fastify';
import type { AccountsSettings, AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { RateLimiter } from '../../plugins/rateLimit.js';
import { createMailProvider } from '../../providers/mail/index.js';
import { Outbox } from '../../providers/outbox.js';
import { createSmsProvider } from '../../providers/sms/index.js';
import { createWechatOAuth } from '../../providers/wechat/index.js';
import type { AccountService } from '../account/service.js';
import type { CaptchaService } from './captcha.js';
import { createAuthService } from './service.js';
import { createSsoService } from './sso.js';
import { createVerificationService } from './verification.js';
import { createWechatService } from './wechat.js';

export { CodePurpose } from './verification.js';
export type { VerificationService } from './verification.js';

/** The accounts module's services and providers, wired once by services.ts. */
export function createAccountsModule(deps: {
  config: AppConfig;
  /** config.accounts, or the defaults the caller chose once. */
  settings: AccountsSettings;
  db: Db;
  account: AccountService;
  /** Made by the caller: the account service's login throttle asks for it too. */
  captcha: CaptchaService;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
}) {
  const { config, settings, db, account, captcha, rateLimiter, log } = deps;
  const now = config.now;
  const outbox = new Outbox(db, now);
  const sms = createSmsProvider(settings.sms, outbox);
  const mail = createMailProvider(settings.mail, outbox);
  const wechatOAuth = createWechatOAuth(settings.wechat, now);
  const verification = createVerificationService({
    db,
    secret: settings.authSecret,
    now,
    rateLimiter,
    limits: settings.sendLimits,
    sms,
    mail,
    account,
    log,
  });
  const wechat = createWechatService({
    db,
    secret: settings.authSecret,
    now,
    oauth: wechatOAuth,
    account,
    verification,
    publicBaseUrl: settings.publicBaseUrl,
    log,
  });
  const sso = createSsoService({ db, secret: settings.ssoSecret, now, account });
  const auth = createAuthService({ db, account, captcha, verification });
  return { settings, outbox, sms, mail, wechatOAuth, captcha, verification, wechat, sso, auth, account };
}

export type AccountsModule = ReturnType<typeof createAccountsModule>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The accounts module (codes, providers, WeChat, single sign-on); tests reach its services here. */
    accounts: AccountsModule;
  }
}
