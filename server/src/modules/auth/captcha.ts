import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { captchas } from '../../db/schema/index.js';
import { AppError, Messages } from '../../lib/errors.js';
import { arithmeticQuestion, captchaPng } from './captchaImage.js';
import { deriveKey, hmacHex, safeEqual } from './keys.js';

export const CAPTCHA_TTL_MS = 2 * 60_000;
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type CaptchaService = ReturnType<typeof createCaptchaService>;

/**
 * Arithmetic picture captchas (图片验证码). Each one is good for one answer within 2 minutes: the
 * first attempt uses it up, right or wrong, so answers cannot be tried one after another.
 */
export function createCaptchaService({ db, secret, now, devTools }: { db: Db; secret: string; now: () => Date; devTools: boolean }) {
  const key = deriveKey(secret, 'captcha');
  // With DEV_TOOLS only: answers kept in memory for /api/dev/captchaAnswer (browser journeys
  // cannot read the picture). The database keeps only the HMAC either way.
  const devAnswers = new Map<string, { answer: string; expiresAt: number }>();
  const hashOf = (id: string, answer: string) => hmacHex(key, `${id}:${answer}`);
  let lastSweep = 0;

  return {
    async create(): Promise<{ img: string; uuid: string }> {
      const { question, answer } = arithmeticQuestion();
      const id = randomUUID();
      const created = now();
      const png = await captchaPng(question);
      await db.insert(captchas).values({
        id,
        answerHash: hashOf(id, String(answer)),
        createdAt: created,
        expiresAt: new Date(created.getTime() + CAPTCHA_TTL_MS),
      });
      // Drop captchas that ended more than an hour ago, at most every 10 minutes.
      if (created.getTime() - lastSweep > 10 * 60_000) {
        lastSweep = created.getTime();
        await db.delete(captchas).where(lt(captchas.expiresAt, new Date(created.getTime() - 3_600_000)));
      }
      if (devTools) {
        for (const [k, v] of devAnswers) if (v.expiresAt <= created.getTime()) devAnswers.delete(k);
        devAnswers.set(id, { answer: String(answer), expiresAt: created.getTime() + CAPTCHA_TTL_MS });
      }
      return { img: `data:image/png;base64,${png.toString('base64')}`, uuid: id };
    },

    /** DEV_TOOLS only: the answer of a live captcha, or null. */
    answerForDev(uuid: string): string | null {
      const entry = devTools ? devAnswers.get(uuid.toLowerCase()) : undefined;
      return entry && entry.expiresAt > now().getTime() ? entry.answer : null;
    },

    /** Uses the captcha up and checks the answer; throws the message to show when it is not right. */
    async verify(uuid: string | undefined, answer: string | undefined): Promise<void> {
      const id = uuid?.trim() ?? '';
      const given = answer?.trim() ?? '';
      if (!id) throw AppError.badParameter(Messages.captchaMissing);
      if (!given) throw AppError.badParameter(Messages.captchaAnswerRequired);
      if (!UUID_SHAPE.test(id)) throw AppError.badParameter(Messages.captchaExpired);
      const [row] = await db
        .update(captchas)
        .set({ usedAt: now() })
        .where(and(eq(captchas.id, id.toLowerCase()), isNull(captchas.usedAt), gt(captchas.expiresAt, now())))
        .returning({ answerHash: captchas.answerHash });
      if (!row) throw AppError.badParameter(Messages.captchaExpired);
      const normalised = /^[+-]?\d{1,4}$/.test(given) ? String(Number(given)) : given;
      if (!safeEqual(row.answerHash, hashOf(id.toLowerCase(), normalised))) throw AppError.badParameter(Messages.captchaWrong);
    },
  };
}
