import { createHmac, randomBytes } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ssoTicketsUsed } from '../../db/schema/index.js';
import { AppError, ErrorCode, Messages } from '../../lib/errors.js';
import type { AccountService, ClientMeta } from '../account/service.js';
import type { LoginReply } from '../account/schemas.js';
import { safeEqual, sha256Hex } from './keys.js';

export const SSO_TICKET_TTL_MS = 2 * 60_000;

export type SsoService = ReturnType<typeof createSsoService>;

/**
 * Single sign-on tickets (authLogin/getToken → the `data` query of authLogin/login): a member id, an
 * expiry 2 minutes ahead and a nonce, signed with HMAC-SHA256 under SSO_SECRET. A ticket is good for
 * one exchange: its hash is kept as used until it expires.
 *
 * Format: base64url(JSON {m, e, n}) + "." + base64url(HMAC-SHA256(SSO_SECRET, first part)).
 */
export function createSsoService({ db, secret, now, account }: { db: Db; secret: string; now: () => Date; account: AccountService }) {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  const invalid = () => new AppError(ErrorCode.wrongCredentials, Messages.ssoTicketInvalid);

  return {
    issue(memberId: number): string {
      const payload = Buffer.from(
        JSON.stringify({ m: memberId, e: now().getTime() + SSO_TICKET_TTL_MS, n: randomBytes(12).toString('base64url') }),
      ).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },

    /** Checks the ticket, marks it used and logs its member in with a new session. */
    async exchange(ticket: string | undefined, meta: ClientMeta): Promise<LoginReply> {
      const value = ticket?.trim() ?? '';
      if (!value) throw AppError.badParameter(Messages.ssoTicketRequired);
      const [payload, signature, extra] = value.split('.');
      if (!payload || !signature || extra !== undefined || value.length > 512) throw invalid();
      if (!safeEqual(signature, sign(payload))) throw invalid();
      let claims: { m?: unknown; e?: unknown };
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        throw invalid();
      }
      const at = now();
      if (typeof claims.m !== 'number' || typeof claims.e !== 'number' || claims.e <= at.getTime()) throw invalid();
      const member = await account.findById(claims.m);
      if (!member) throw invalid();

      await db.delete(ssoTicketsUsed).where(lt(ssoTicketsUsed.expiresAt, at));
      const fresh = await db
        .insert(ssoTicketsUsed)
        .values({ ticketHash: sha256Hex(value), memberId: member.id, usedAt: at, expiresAt: new Date(claims.e) })
        .onConflictDoNothing()
        .returning({ ticketHash: ssoTicketsUsed.ticketHash });
      if (fresh.length !== 1) throw invalid();
      return account.startSession(member, meta);
    },
  };
}
