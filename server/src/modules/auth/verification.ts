import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SendLimits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { verificationCodes, verifyTokens } from '../../db/schema/index.js';
import { AppError, ErrorCode, Messages } from '../../lib/errors.js';
import type { RateLimiter, RateRule } from '../../plugins/rateLimit.js';
import type { MailProvider } from '../../providers/mail/index.js';
import type { SmsProvider } from '../../providers/sms/index.js';
import { CODE_TTL_MINUTES, CodePurpose, mailContent, textToHtml, type OutgoingMessage } from '../../providers/texts.js';
import type { AccountService } from '../account/service.js';
import { deriveKey, hmacHex, safeEqual, sha256Hex } from './keys.js';

export { CodePurpose };

export const CODE_TTL_MS = CODE_TTL_MINUTES * 60_000;
export const VERIFY_TOKEN_TTL_MS = 15 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

/** Where a code goes: a mobile number (SMS) or a lower-cased e-mail address. */
export type CodeTarget = { channel: 'sms'; value: string } | { channel: 'email'; value: string };

const WINDOWS = [
  { name: 'day', ms: 24 * 3_600_000, message: Messages.sendTooOftenDay },
  { name: 'hour', ms: 3_600_000, message: Messages.sendTooOftenHour },
  { name: 'minute', ms: 60_000, message: Messages.sendTooOftenMinute },
] as const;

export type VerificationService = ReturnType<typeof createVerificationService>;

export interface VerificationDeps {
  db: Db;
  secret: string;
  now: () => Date;
  rateLimiter: RateLimiter;
  limits: SendLimits;
  sms: SmsProvider;
  mail: MailProvider;
  account: AccountService;
  log: FastifyBaseLogger;
}

/**
 * Verification codes (6 digits from crypto.randomInt, 10 minutes, one use, bound to one phone or
 * e-mail and one CODE_TYPE purpose, stored as an HMAC, dead after 5 wrong tries) and the proofs
 * (`verifyToken`) that base/checkCode hands out for them.
 */
export function createVerificationService(deps: VerificationDeps) {
  const { db, now, rateLimiter, limits, log } = deps;
  const codeKey = deriveKey(deps.secret, 'verification-code');
  const codeHash = (target: string, purpose: number, code: string) => hmacHex(codeKey, `${purpose}:${target}:${code}`);
  let lastSweep = 0;

  const rulesFor = (scope: keyof SendLimits) =>
    WINDOWS.map((w) => ({ ...w, rule: { limit: limits[scope][w.name], windowMs: w.ms } satisfies RateRule }));
  const targetKeys = (target: string) => rulesFor('target').map((w) => ({ ...w, key: `code:to:${target}:${w.name}` }));
  /** A send with a solved captcha counts against the address's own, higher, windows. */
  const ipKeys = (ip: string, captcha: boolean) =>
    captcha
      ? rulesFor('ipCaptcha').map((w) => ({ ...w, key: `code:ipc:${ip}:${w.name}` }))
      : rulesFor('ip').map((w) => ({ ...w, key: `code:ip:${ip}:${w.name}` }));
  const limiterKeys = (target: string, ip: string, captcha: boolean) => [...targetKeys(target), ...ipKeys(ip, captcha)];

  async function overLimit(keys: ReturnType<typeof targetKeys>) {
    for (const k of keys) if ((await rateLimiter.peek(k.key)).count >= k.rule.limit) return k;
    return undefined;
  }

  /**
   * Throws 429 when the phone/e-mail or the address has used up a window: the captcha windows when
   * the send comes with a solved captcha (`captcha`), else the plain ones.
   */
  async function assertCanSend(target: string, ip: string, { captcha }: { captcha: boolean }): Promise<void> {
    const over = await overLimit(limiterKeys(target, ip, captcha));
    if (over) throw new AppError(ErrorCode.rateLimited, over.message, 429);
  }

  /**
   * Whether a send without a captcha from this address is past its plain windows, so the picture
   * captcha is asked for (code 10030) rather than the whole address refused: many readers of one
   * hospital share it.
   */
  async function needsCaptcha(ip: string): Promise<boolean> {
    return (await overLimit(ipKeys(ip, false))) !== undefined;
  }

  /** Refuses when the phone/e-mail or the address used up a window; counts this send otherwise. */
  async function countSend(target: string, ip: string, captcha: boolean): Promise<void> {
    const keys = limiterKeys(target, ip, captcha);
    await assertCanSend(target, ip, { captcha });
    const states = await Promise.all(keys.map((k) => rateLimiter.hit(k.key, k.rule)));
    // Two sends at the same moment can both pass the peek; the counters settle which one is over.
    const over = keys.find((k, i) => states[i]!.count > k.rule.limit);
    if (over) throw new AppError(ErrorCode.rateLimited, over.message, 429);
  }

  async function deliver(target: CodeTarget, message: OutgoingMessage): Promise<void> {
    if (target.channel === 'sms') return deps.sms.send(target.value, message);
    const { subject, text } = mailContent(message);
    return deps.mail.send({
      to: target.value,
      subject,
      text,
      html: textToHtml(text),
      code: message.kind === 'code' ? message.code : undefined,
    });
  }

  /** Whether this purpose sends a code, or a notice saying the account does (not) exist. */
  async function messageKind(target: CodeTarget, purpose: CodePurpose): Promise<'code' | 'registered' | 'unregistered'> {
    if (purpose === CodePurpose.change || purpose === CodePurpose.bind) return 'code';
    const contact = target.channel === 'sms' ? { mobile: target.value } : { email: target.value };
    const exists = await deps.account.contactTaken(contact);
    if (purpose === CodePurpose.register) return exists ? 'registered' : 'code';
    return exists ? 'code' : 'unregistered';
  }

  async function sweep(at: Date): Promise<void> {
    if (at.getTime() - lastSweep < 10 * 60_000) return;
    lastSweep = at.getTime();
    const before = new Date(at.getTime() - 24 * 3_600_000);
    await db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, before));
    await db.delete(verifyTokens).where(lt(verifyTokens.expiresAt, before));
  }

  /**
   * Uses up the newest live code for this target and purpose when `code` matches it; every try
   * counts one of its 5. False when it does not match, or there is no live code.
   */
  async function consumeCode(targetValue: string, purpose: CodePurpose, code: string): Promise<boolean> {
    const at = now();
    const [latest] = await db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, targetValue), eq(verificationCodes.purpose, purpose)))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    const live = latest && !latest.consumedAt && latest.expiresAt > at && latest.attempts < MAX_CODE_ATTEMPTS;
    if (!live) return false;
    const right = /^\d{6}$/.test(code) && safeEqual(latest.codeHash, codeHash(targetValue, purpose, code));
    // One conditional statement per guess, right or wrong: it counts the try only while the code is
    // unused and under 5 tries, so guesses arriving together cannot read the same count and get
    // more than 5 between them, and two requests with the right code cannot both use it.
    const counted = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1`, ...(right ? { consumedAt: at } : {}) })
      .where(
        and(
          eq(verificationCodes.id, latest.id),
          isNull(verificationCodes.consumedAt),
          sql`${verificationCodes.attempts} < ${MAX_CODE_ATTEMPTS}`,
        ),
      )
      .returning({ id: verificationCodes.id });
    return right && counted.length === 1;
  }

  return {
    /** The send limits without counting (checked before a captcha is spent). */
    assertCanSend,
    needsCaptcha,

    /**
     * Sends a code for `purpose` to the phone or e-mail, within the send limits. The caller always
     * gets the same reply: where a code makes no sense (registering an existing account, resetting
     * or logging in to one that does not exist) the owner gets a notice saying so instead.
     */
    async send(target: CodeTarget, purpose: CodePurpose, meta: { ip: string; captcha: boolean }): Promise<void> {
      await countSend(target.value, meta.ip, meta.captcha);
      const kind = await messageKind(target, purpose);
      const at = now();
      await sweep(at);
      if (kind !== 'code') {
        try {
          await deliver(target, { kind: 'notice', notice: kind });
        } catch (err) {
          log.error({ err, channel: target.channel }, 'notice could not be sent');
          throw new AppError(ErrorCode.providerFailed, Messages.sendFailed);
        }
        return;
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const [row] = await db
        .insert(verificationCodes)
        .values({
          channel: target.channel,
          target: target.value,
          purpose,
          codeHash: codeHash(target.value, purpose, code),
          createdAt: at,
          expiresAt: new Date(at.getTime() + CODE_TTL_MS),
        })
        .returning({ id: verificationCodes.id });
      try {
        await deliver(target, { kind: 'code', code, purpose });
      } catch (err) {
        // A code nobody received must not stay valid.
        await db.update(verificationCodes).set({ consumedAt: now() }).where(eq(verificationCodes.id, row!.id));
        log.error({ err, channel: target.channel }, 'code could not be sent');
        throw new AppError(ErrorCode.providerFailed, Messages.sendFailed);
      }
    },

    consumeCode,

    /** base/checkCode: uses the code up and returns a proof for the same target and purpose. */
    async check(targetValue: string, purpose: CodePurpose, code: string): Promise<string> {
      if (!(await consumeCode(targetValue, purpose, code))) {
        throw new AppError(ErrorCode.wrongCredentials, Messages.codeWrong);
      }
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await db.insert(verifyTokens).values({
        tokenHash: sha256Hex(token),
        target: targetValue,
        purpose,
        createdAt: at,
        expiresAt: new Date(at.getTime() + VERIFY_TOKEN_TTL_MS),
      });
      return token;
    },

    /**
     * Uses up a `verifyToken` from base/checkCode. It must be for the same target (the mobile, or the
     * lower-cased e-mail) and purpose (CODE_TYPE), unused and under 15 minutes old; otherwise this
     * throws 10001 `验证已失效，请重新获取验证码` and nothing is used up. Pass the caller's transaction
     * as `tx` so the proof is only spent if the change it allows is saved.
     *
     * Example (change of mobile): `await verification.consume(body.verifyToken, { target: mobile,
     * purpose: CodePurpose.change }, tx)`.
     */
    async consume(token: string | undefined, expected: { target: string; purpose: CodePurpose }, tx: Db = db): Promise<void> {
      const value = token?.trim() ?? '';
      if (!/^[A-Za-z0-9_-]{20,128}$/.test(value)) throw AppError.badParameter(Messages.verifyExpired);
      const used = await tx
        .update(verifyTokens)
        .set({ usedAt: now() })
        .where(
          and(
            eq(verifyTokens.tokenHash, sha256Hex(value)),
            eq(verifyTokens.target, expected.target),
            eq(verifyTokens.purpose, expected.purpose),
            isNull(verifyTokens.usedAt),
            gt(verifyTokens.expiresAt, now()),
          ),
        )
        .returning({ id: verifyTokens.id });
      if (used.length !== 1) throw AppError.badParameter(Messages.verifyExpired);
    },
  };
}
