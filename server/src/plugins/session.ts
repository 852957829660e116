import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { memberSessions } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';

/** Absolute session lifetime (spec §9: 6 hours), counted from login. */
export const SESSION_TTL_MS = 6 * 60 * 60 * 1000;
/** How long a resolved token is trusted without a lookup (SessionStore.recent). */
export const SESSION_CACHE_MS = 3_000;
const SESSION_CACHE_ENTRIES = 10_000;

/** The caller behind a valid token. */
export interface SessionMember {
  id: number;
  sessionId: number;
  expiresAt: Date;
}

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    /** preHandler for routes that need a logged-in member; throws 10002 otherwise. */
    requireMember: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** The logged-in member, or null (no token, unknown, expired or revoked). */
    member: SessionMember | null;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

// 32 random bytes in base64url are 43 characters; anything that cannot be a token skips the lookup.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

/**
 * Opaque tokens: 32 random bytes (base64url) given to the client once; the database keeps only
 * their SHA-256, so a leaked table does not reveal usable tokens.
 */
export class SessionStore {
  /**
   * Recently resolved tokens (by hash), so a reader's burst of calls costs one lookup: kept at most
   * SESSION_CACHE_MS and never past the session's end. A revocation through this store drops its
   * entries at once; another server instance sharing the database notices within SESSION_CACHE_MS
   * (docs/decisions.md "Session lookups").
   */
  private readonly recent = new Map<string, { member: SessionMember; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async issue(memberId: number, meta: { ip?: string; userAgent?: string } = {}): Promise<IssuedSession> {
    const token = randomBytes(32).toString('base64url');
    const createdAt = this.now();
    const expiresAt = new Date(createdAt.getTime() + SESSION_TTL_MS);
    await this.db.insert(memberSessions).values({
      memberId,
      tokenHash: hashToken(token),
      createdAt,
      expiresAt,
      ip: meta.ip?.slice(0, 64),
      userAgent: meta.userAgent?.slice(0, 512),
    });
    return { token, expiresAt };
  }

  async resolve(token: string): Promise<SessionMember | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const tokenHash = hashToken(token);
    const t = this.now().getTime();
    const hit = this.recent.get(tokenHash);
    if (hit && hit.until > t) return hit.member;
    if (hit) this.recent.delete(tokenHash);
    const generation = this.generation;
    const [row] = await this.db
      .select({ id: memberSessions.memberId, sessionId: memberSessions.id, expiresAt: memberSessions.expiresAt })
      .from(memberSessions)
      .where(and(eq(memberSessions.tokenHash, tokenHash), isNull(memberSessions.revokedAt), gt(memberSessions.expiresAt, this.now())))
      .limit(1);
    // Not kept when a revocation happened meanwhile (the row read may predate it).
    if (row && generation === this.generation) {
      if (this.recent.size >= SESSION_CACHE_ENTRIES) this.recent.delete(this.recent.keys().next().value!);
      this.recent.set(tokenHash, { member: row, until: Math.min(t + SESSION_CACHE_MS, row.expiresAt.getTime()) });
    }
    return row ?? null;
  }

  /** Raised by every revocation; a lookup begun before one is not cached. */
  private generation = 0;

  private forget(match: (member: SessionMember) => boolean) {
    this.generation++;
    for (const [key, entry] of this.recent) if (match(entry.member)) this.recent.delete(key);
  }

  /** Ends every live session of the member, except `exceptSessionId` (the caller's own) when given. */
  async revokeAllOf(memberId: number, exceptSessionId?: number, db: Db = this.db): Promise<void> {
    this.forget((m) => m.id === memberId && m.sessionId !== exceptSessionId);
    await db
      .update(memberSessions)
      .set({ revokedAt: this.now() })
      .where(
        and(
          eq(memberSessions.memberId, memberId),
          isNull(memberSessions.revokedAt),
          ...(exceptSessionId === undefined ? [] : [ne(memberSessions.id, exceptSessionId)]),
        ),
      );
    // Again after the update: a lookup may have cached the row in between.
    this.forget((m) => m.id === memberId && m.sessionId !== exceptSessionId);
  }

  async revoke(sessionId: number): Promise<void> {
    this.forget((m) => m.sessionId === sessionId);
    await this.db
      .update(memberSessions)
      .set({ revokedAt: this.now() })
      .where(and(eq(memberSessions.id, sessionId), isNull(memberSessions.revokedAt)));
    this.forget((m) => m.sessionId === sessionId);
  }
}

/** Token from `Authorization: Bearer`, the `token` header, or (membership endpoint only) `?token=`. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) {
    const t = auth.slice(7).trim();
    if (t) return t;
  }
  const header = request.headers.token;
  if (typeof header === 'string' && header.trim()) return header.trim();
  if (request.url.startsWith('/index.php')) {
    const q = (request.query as Record<string, unknown> | undefined)?.token;
    if (typeof q === 'string' && q.trim()) return q.trim();
  }
  return undefined;
}

export default fp<{ now: () => Date }>(
  async function sessionPlugin(app, opts) {
    const store = new SessionStore(app.db, opts.now);
    app.decorate('sessions', store);
    app.decorateRequest('member', null);
    app.addHook('onRequest', async (request) => {
      const token = tokenOf(request);
      if (token) request.member = await store.resolve(token);
    });
    app.decorate('requireMember', async function requireMember(request: FastifyRequest) {
      if (!request.member) throw AppError.noSession();
    });
  },
  { name: 'session', dependencies: ['db'] },
);
