import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { wechatAuthorizations } from '../../db/schema/index.js';
import { AppError, ErrorCode, Messages } from '../../lib/errors.js';
import { WechatCodeError, type WechatApp, type WechatOAuth } from '../../providers/wechat/index.js';
import { hashPassword } from '../account/password.js';
import { MemberConflict, type AccountService, type ClientMeta } from '../account/service.js';
import type { LoginReply } from '../account/schemas.js';
import { deriveKey, safeEqual, sha256Hex } from './keys.js';
import { codeOf, mobileOf } from './rules.js';
import { CodePurpose, type VerificationService } from './verification.js';

export const WECHAT_STATE_TTL_MS = 10 * 60_000;
/** How long an exchanged identity waits for wechat/wxlogin (codes are single use at WeChat). */
export const WECHAT_AUTH_TTL_MS = 10 * 60_000;

export type WechatService = ReturnType<typeof createWechatService>;
export type WechatCheckResult = { result: true } | (LoginReply & { result: false; tokenString: string });

const appOf = (iswx: number | undefined): WechatApp => (iswx === 1 ? 'mp' : 'open');

/**
 * Messaging-app (WeChat) login: the authorize URL with a signed `state`, the server-side code
 * exchange (kept ~10 minutes by code, since WeChat accepts a code once), login of a bound member,
 * and binding a phone (existing member, or a new one with newFlag 1).
 */
export function createWechatService(deps: {
  db: Db;
  secret: string;
  now: () => Date;
  oauth: WechatOAuth;
  account: AccountService;
  verification: VerificationService;
  publicBaseUrl: string;
  log: FastifyBaseLogger;
}) {
  const { db, now, oauth, account, verification, log } = deps;
  const stateKey = deriveKey(deps.secret, 'wechat-state');
  const signState = (payload: string) => createHmac('sha256', stateKey).update(payload).digest('base64url');

  function checkState(state: string | undefined, app: WechatApp): void {
    const [payload, signature, extra] = (state ?? '').split('.');
    const bad = () => AppError.badParameter(Messages.wechatStateInvalid);
    if (!payload || !signature || extra !== undefined || !safeEqual(signature, signState(payload))) throw bad();
    let claims: { a?: unknown; e?: unknown };
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw bad();
    }
    if (claims.a !== app || typeof claims.e !== 'number' || claims.e <= now().getTime()) throw bad();
  }

  /** The exchanged identity behind a code: from the cache, or from WeChat (then cached). */
  async function identityOf(code: string, app: WechatApp) {
    const codeHash = sha256Hex(code);
    const cached = async () => {
      const [row] = await db
        .select()
        .from(wechatAuthorizations)
        .where(and(eq(wechatAuthorizations.codeHash, codeHash), eq(wechatAuthorizations.app, app), gt(wechatAuthorizations.expiresAt, now())))
        .limit(1);
      return row;
    };
    const hit = await cached();
    if (hit) return hit;
    let identity;
    try {
      identity = await oauth.exchange(code, app);
    } catch (err) {
      // A second checkCode for the same code (a page loaded twice) finds the first exchange.
      const again = await cached();
      if (again) return again;
      if (err instanceof WechatCodeError) throw AppError.badParameter(Messages.wechatCodeInvalid);
      log.error({ err }, 'wechat code exchange failed');
      throw new AppError(ErrorCode.providerFailed, Messages.wechatUnavailable);
    }
    const at = now();
    await db.delete(wechatAuthorizations).where(lt(wechatAuthorizations.expiresAt, at));
    const row = {
      codeHash,
      app,
      wechatId: identity.unionid ? identity.unionid : `openid:${identity.openid}`,
      openid: identity.openid,
      nickname: identity.nickname.slice(0, 100),
      avatar: identity.avatar,
      createdAt: at,
      expiresAt: new Date(at.getTime() + WECHAT_AUTH_TTL_MS),
    };
    await db.insert(wechatAuthorizations).values(row).onConflictDoNothing();
    return row;
  }

  return {
    /**
     * GET /api/wechat/authorizeUrl: the provider's page, returning to /wechat/wxlogin?code=&state=
     * (or, inside WeChat, to the same-site path `back`).
     */
    authorizeUrl(iswx: number | undefined, back?: string): { url: string; state: string } {
      const app = appOf(iswx);
      // Another same-site page (the subscription panel fetching an openid) only inside WeChat.
      if (back !== undefined && (app !== 'mp' || !back.startsWith('/') || back.startsWith('//') || back.startsWith('/\\'))) {
        throw AppError.badParameter(Messages.badParameter);
      }
      const payload = Buffer.from(
        JSON.stringify({ a: app, e: now().getTime() + WECHAT_STATE_TTL_MS, n: randomBytes(9).toString('base64url') }),
      ).toString('base64url');
      const state = `${payload}.${signState(payload)}`;
      const redirectUri = `${deps.publicBaseUrl}${back ?? '/wechat/wxlogin'}`;
      return { url: oauth.authorizeUrl({ app, redirectUri, state }), state };
    },

    /** GET /api/wechat/checkCode: `{result:true}` to bind a phone, or the bound member logged in. */
    async checkCode(query: { code?: string; state?: string; iswx?: number }, meta: ClientMeta): Promise<WechatCheckResult> {
      const app = appOf(query.iswx);
      const code = query.code?.trim();
      if (!code) throw AppError.badParameter(Messages.wechatCodeRequired);
      if (code.length > 256) throw AppError.badParameter(Messages.wechatCodeInvalid);
      checkState(query.state, app);
      const identity = await identityOf(code, app);
      const member = await account.findByContact({ wechatId: identity.wechatId });
      if (!member) return { result: true };
      const reply = await account.startSession(member, meta);
      return { ...reply, result: false, tokenString: reply.token };
    },

    /**
     * GET /api/wechat/wxlogin: binds the identity checked by checkCode to the member with this
     * phone (verified by an SMS code of codeType 4), or creates a member for it, and logs in.
     */
    async bindPhone(
      query: { code?: string; phone?: string; verifyCode?: string; iswx?: number },
      meta: ClientMeta,
    ): Promise<LoginReply & { newFlag: 0 | 1 }> {
      const app = appOf(query.iswx);
      const code = query.code?.trim();
      if (!code) throw AppError.badParameter(Messages.wechatCodeRequired);
      const phone = mobileOf(query.phone);
      const smsCode = codeOf(query.verifyCode);
      const [identity] = await db
        .select()
        .from(wechatAuthorizations)
        .where(
          and(eq(wechatAuthorizations.codeHash, sha256Hex(code)), eq(wechatAuthorizations.app, app), gt(wechatAuthorizations.expiresAt, now())),
        )
        .limit(1);
      if (!identity) throw AppError.badParameter(Messages.wechatCodeInvalid);
      if (!(await verification.consumeCode(phone, CodePurpose.bind, smsCode))) {
        throw new AppError(ErrorCode.wrongCredentials, Messages.codeWrong);
      }

      const bound = await account.findByContact({ wechatId: identity.wechatId });
      const owner = await account.findByContact({ mobile: phone });
      let member;
      let newFlag: 0 | 1 = 0;
      if (bound) {
        // Already bound (the same page submitted twice, or bound meanwhile): only to this phone's member.
        if (owner?.id !== bound.id) throw AppError.badParameter(Messages.wechatBoundElsewhere);
        member = bound;
      } else if (owner) {
        if (owner.wechatUnionId && owner.wechatUnionId !== identity.wechatId) {
          throw AppError.badParameter(Messages.wechatBoundElsewhere);
        }
        try {
          await account.bindWechat(owner.id, identity.wechatId);
        } catch (err) {
          if (err instanceof MemberConflict) throw AppError.badParameter(Messages.wechatCodeInvalid);
          throw err;
        }
        member = owner;
      } else {
        const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
        for (let attempt = 0; !member; attempt++) {
          try {
            member = await account.createMember({
              username: await account.freeUsername('wx_'),
              passwordHash,
              mobile: phone,
              wechatId: identity.wechatId,
              avatar: identity.avatar.startsWith('https://') ? identity.avatar : '',
            });
          } catch (err) {
            if (!(err instanceof MemberConflict)) throw err;
            if (err.field !== 'username' || attempt >= 3) throw AppError.badParameter(Messages.wechatCodeInvalid);
          }
        }
        newFlag = 1;
      }
      await db.delete(wechatAuthorizations).where(eq(wechatAuthorizations.codeHash, identity.codeHash));
      const reply = await account.startSession(member, meta);
      return { ...reply, newFlag };
    },
  };
}
