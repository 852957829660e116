// Preview links (issue "The editorial console", item 8): an editor shows an article in any state as a
// visitor, a logged-in reader who is not a member, or a member would see it, through the page's
// `prev` query and getArticleDetail2 (spec §7.5). A link opens one article, as one audience, for a
// limited time; the token is stored as its SHA-256 only. The reply is gated exactly as for that
// audience (the content service's gating), and a member's view of a member-only article is shown
// to staff who may read the article only: a link passed on never opens paid text.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { articlePreviews, articles, members, type PreviewAudience } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { articleAccess } from './access.js';
import { EditorialMessages as M } from './messages.js';
import type { PreviewLink } from './schemas.js';
import { allow, audit, factsOf, forbidden, readArticle, type EditorialService } from './service.js';

/** How long a preview link works unless the editor asks otherwise (hours), and at most. */
export const PREVIEW_HOURS = { default: 24, max: 7 * 24 };
/** The fixed `prev` value the reader page has always sent (spec §2.1): no token, no extra rights. */
export const FIXED_PREV_TOKEN = 'qy-preview';

export const AUDIENCE_LABELS: Record<PreviewAudience, string> = {
  visitor: '未登录访客',
  reader: '已登录的非会员',
  member: '会员',
};

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export type PreviewService = ReturnType<typeof createPreviewService>;

export function createPreviewService(deps: { db: Db; now: () => Date; editorial: EditorialService }) {
  const { db, now, editorial } = deps;

  const linkOf = (row: typeof articlePreviews.$inferSelect, creator: string | null, at: Date): PreviewLink => ({
    id: row.id,
    audience: row.audience,
    audienceLabel: AUDIENCE_LABELS[row.audience],
    createdBy: row.createdBy === null ? null : { id: row.createdBy, username: creator ?? '' },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : '',
    active: row.revokedAt === null && row.expiresAt > at,
  });

  return {
    /**
     * A new preview link of an article the caller may read (a contributor: their own), as one
     * audience, for `hours` (24 by default, a week at most); audited. The token is in the reply
     * only: the server keeps its hash.
     */
    async create(memberId: number | undefined, input: { id: number; audience: PreviewAudience; hours?: number }) {
      const staff = await editorial.requireStaff(memberId);
      const article = await readArticle(db, input.id);
      allow(articleAccess.read(staff, factsOf(article)));
      const at = now();
      const hours = input.hours ?? PREVIEW_HOURS.default;
      const token = randomBytes(32).toString('base64url');
      const row = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(articlePreviews)
          .values({ articleId: article.id, tokenHash: hashOf(token), audience: input.audience, createdBy: staff.id, createdAt: at, expiresAt: new Date(at.getTime() + hours * 3_600_000) })
          .returning();
        await audit(tx, {
          actor: staff,
          action: 'preview',
          targetType: 'article',
          targetId: article.id,
          targetLabel: article.title,
          before: null,
          after: { previewId: row!.id, audience: input.audience, expiresAt: row!.expiresAt.toISOString(), state: article.editorialState },
          at,
        });
        return row!;
      });
      const query = new URLSearchParams({ permalinks: article.permalinks, prev: token });
      return { ...linkOf(row, staff.username, at), token, url: `/article-info?${query.toString()}` };
    },

    /** The preview links of an article, newest first (never their tokens). */
    async list(memberId: number | undefined, articleId: number): Promise<PreviewLink[]> {
      const staff = await editorial.requireStaff(memberId);
      allow(articleAccess.read(staff, factsOf(await readArticle(db, articleId))));
      const rows = await db
        .select({ link: articlePreviews, creator: members.username })
        .from(articlePreviews)
        .leftJoin(members, eq(members.id, articlePreviews.createdBy))
        .where(eq(articlePreviews.articleId, articleId))
        .orderBy(desc(articlePreviews.id))
        .limit(100);
      const at = now();
      return rows.map((r) => linkOf(r.link, r.creator, at));
    },

    /** Ends a preview link at once (whoever may read the article). */
    async revoke(memberId: number | undefined, input: { id: number; previewId: number }): Promise<PreviewLink> {
      const staff = await editorial.requireStaff(memberId);
      allow(articleAccess.read(staff, factsOf(await readArticle(db, input.id))));
      const at = now();
      const [row] = await db
        .update(articlePreviews)
        .set({ revokedAt: at })
        .where(and(eq(articlePreviews.id, input.previewId), eq(articlePreviews.articleId, input.id)))
        .returning();
      if (!row) throw AppError.notFound(M.previewUnknown);
      return linkOf(row, null, at);
    },

    /**
     * Opens a preview link: the article it shows and the audience, when the token is one the
     * server made, for this article (by its permalinks), not expired or revoked. A member's view
     * of a member-only article needs a staff session that may read the article.
     */
    async resolve(token: string, permalinks: string | undefined, memberId: number | undefined): Promise<{ articleId: number; audience: PreviewAudience }> {
      const [row] = await db
        .select({
          articleId: articlePreviews.articleId,
          audience: articlePreviews.audience,
          expiresAt: articlePreviews.expiresAt,
          revokedAt: articlePreviews.revokedAt,
          permalinks: articles.permalinks,
          accessLevel: articles.accessLevel,
          editorialState: articles.editorialState,
          createdBy: articles.createdBy,
        })
        .from(articlePreviews)
        .innerJoin(articles, eq(articles.id, articlePreviews.articleId))
        .where(eq(articlePreviews.tokenHash, hashOf(token)))
        .limit(1);
      if (!row || row.revokedAt !== null) throw AppError.notFound(M.previewInvalid);
      if (row.expiresAt <= now()) throw AppError.notFound(M.previewExpired);
      if (row.permalinks !== permalinks?.trim()) throw AppError.notFound(M.previewOtherArticle);
      if (row.audience === 'member' && row.accessLevel === 'member') {
        const staff = memberId === undefined ? undefined : await editorial.requireStaff(memberId).catch(() => undefined);
        if (!staff || articleAccess.read(staff, factsOf(row)) !== undefined) throw forbidden(M.previewMemberStaffOnly);
      }
      return { articleId: row.articleId, audience: row.audience };
    },
  };
}
