// Preview links (issue "The editorial console", item 8): a draft as a visitor, a non-member and a
// member would see it, through getArticleDetail2 and the page's `prev` query. A link is stored
// hashed, opens one article only, expires, can be revoked, and never opens paid text to anyone who
// could not read it: a non-member's preview has no body and only the commentary's free part; a
// member's preview of a member-only article opens for staff who may read the article only.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { readCountOf } from '../src/modules/content/readCounts.js';
import { articlePreviews, articles, editorialAudit, readingRecords } from '../src/db/schema/index.js';
import { EditorialMessages as M } from '../src/modules/editorial/messages.js';
import { dataOf, editorCall, journalDraft, refused, staffTokens } from './editorial-helpers.js';
import { testMember } from './fixtures.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof staffTokens>>;
let member: { id: number; token: string };
before(async () => {
  ctx = await createTestApp();
  tokens = await staffTokens(ctx);
  member = await testMember(ctx, 'preview_member', { member: true });
});
after(() => ctx?.close());
const call = (path: string, body: unknown, token = tokens.editor) => editorCall(ctx, path, body, token);

const FREE = '<p>述评免费部分 P1。</p>';
const PAID_COMMENTARY = '<p>述评会员部分 P1。</p>';
const BODY = '<p>正文 P1：会员可读。</p>';

/** Opens a preview: getArticleDetail2 with the page's permalinks and prev, as the given session. */
const open = async (permalinks: string, prev: string, token?: string) => (await ctx.post('/api/article/getArticleDetail2', { permalinks, prev }, token)).body;
const tokenOf = (url: string) => new URL(url, 'https://qianyan.example').searchParams.get('prev')!;

async function draftWithLinks(tag: string, fields: Record<string, unknown> = {}, creator = tokens.editor) {
  const draft = dataOf(
    await call('/article/create', { document: journalDraft(tag, { content: BODY, wantsay: `${FREE}<hr>${PAID_COMMENTARY}`, videoUrl: 'https://media.example.org/p1.mp4', ...fields }) }, creator),
  );
  const links = Object.fromEntries(
    await Promise.all(
      (['visitor', 'reader', 'member'] as const).map(async (audience) => [audience, dataOf(await call('/article/preview/create', { id: draft.id, audience }, creator))] as const),
    ),
  ) as Record<'visitor' | 'reader' | 'member', { id: number; token: string; url: string; expiresAt: string; audience: string; active: boolean }>;
  return { draft, permalinks: draft.document.permalinks as string, links };
}

describe('making preview links', () => {
  it('gives a link to the reader page with a one-time token; the server keeps only its hash; audited', async () => {
    const { draft, permalinks, links } = await draftWithLinks('P1');
    for (const [audience, link] of Object.entries(links)) {
      assert.equal(link.audience, audience);
      assert.match(link.token, /^[A-Za-z0-9_-]{43}$/);
      assert.equal(link.url, `/article-info?permalinks=${permalinks}&prev=${link.token}`);
      assert.equal(tokenOf(link.url), link.token);
      assert.equal(Date.parse(link.expiresAt) - ctx.clock.now().getTime(), 24 * 3_600_000);
      assert.equal(link.active, true);
    }
    const stored = await ctx.app.db.select().from(articlePreviews).where(eq(articlePreviews.articleId, draft.id));
    assert.equal(stored.length, 3);
    for (const row of stored) {
      const link = Object.values(links).find((l) => l.id === row.id)!;
      assert.equal(row.tokenHash, createHash('sha256').update(link.token).digest('hex'));
      assert.ok(!JSON.stringify(row).includes(link.token), 'the token itself is not stored');
    }
    const listed = dataOf(await call('/article/preview/list', { id: draft.id }));
    assert.equal(listed.length, 3);
    assert.ok(listed.every((l: Record<string, unknown>) => !('token' in l) && l.active === true && (l.createdBy as { username: string }).username === 'demo_editor'));
    const trail = await ctx.app.db
      .select()
      .from(editorialAudit)
      .where(and(eq(editorialAudit.action, 'preview'), eq(editorialAudit.targetId, draft.id)));
    assert.deepEqual(trail.map((e) => [e.actorName, (e.after as { audience: string }).audience]).sort(), [
      ['demo_editor', 'member'],
      ['demo_editor', 'reader'],
      ['demo_editor', 'visitor'],
    ]);
  });

  it('is for staff who may read the article: a visitor, a reader and another contributor are refused', async () => {
    const { draft } = await draftWithLinks('P2');
    const body = { id: draft.id, audience: 'visitor' };
    refused(await editorCall(ctx, '/article/preview/create', body), 10002, '登录超时，请重新登录');
    refused(await call('/article/preview/create', body, tokens.reader), 10403, M.notStaff);
    refused(await call('/article/preview/create', body, tokens.contributor), 10403, M.notOwnArticle);
    refused(await call('/article/preview/list', { id: draft.id }, tokens.contributor), 10403, M.notOwnArticle);
    // A contributor previews their own draft.
    const own = dataOf(await call('/article/create', { document: journalDraft('P2C') }, tokens.contributor));
    assert.equal(dataOf(await call('/article/preview/create', { id: own.id, audience: 'reader' }, tokens.contributor)).audience, 'reader');
    refused(await call('/article/preview/create', { id: draft.id, audience: 'editor' }), 10001, M.previewAudience);
    refused(await call('/article/preview/create', { id: draft.id, audience: 'visitor', hours: 24 * 7 + 1 }), 10001, M.previewHours);
  });
});

describe('what a preview shows', () => {
  it('a draft is not found without a token, or with the page\'s fixed prev value', async () => {
    const { permalinks } = await draftWithLinks('P3');
    assert.equal((await ctx.post('/api/article/getArticleDetail', { permalinks })).body.code, 10004);
    assert.equal((await ctx.post('/api/article/getArticleDetail2', { permalinks })).body.code, 10004);
    assert.equal((await open(permalinks, 'qy-preview')).code, 10004);
    assert.equal((await open(permalinks, 'qy-preview', tokens.editor)).code, 10004);
  });

  it('as a visitor: the intro and the commentary\'s free part, no body, no video', async () => {
    const { permalinks, links } = await draftWithLinks('P4');
    for (const session of [undefined, member.token, tokens.editor]) {
      const reply = await open(permalinks, links.visitor.token, session);
      assert.equal(reply.code, 0, JSON.stringify(reply));
      const d = reply.data;
      assert.equal(d.permalinks, permalinks);
      assert.equal(d.intro, '一篇用于测试的摘要。');
      assert.equal(d.wantsay, FREE);
      assert.equal(d.wantsayTruncated, true);
      assert.equal(d.content, '');
      assert.equal(d.contentLocked, true);
      assert.equal(d.videoUrl, '');
      assert.equal(d.is_have_view_auth, 2);
      assert.equal(d.is_subscribe, 1);
      assert.equal(d.is_month_chance, 1);
      assert.equal(d.ifCollect, 0);
      assert.ok(!JSON.stringify(d).includes('会员部分') && !JSON.stringify(d).includes('会员可读'), 'no paid text, whoever opens it');
    }
  });

  it('as a non-member: the same locked form, with the month\'s free read still to claim; a login-level article opens', async () => {
    const { permalinks, links } = await draftWithLinks('P5');
    const d = dataOf(await open(permalinks, links.reader.token));
    assert.equal(d.wantsay, FREE);
    assert.equal(d.content, '');
    assert.equal(d.is_have_view_auth, 2);
    assert.equal(d.is_month_chance, 2);
    assert.ok(!JSON.stringify(d).includes('会员部分'));

    const login = await draftWithLinks('P5L', { accessLevel: 'login' });
    const open5 = dataOf(await open(login.permalinks, login.links.reader.token));
    assert.equal(open5.content, BODY);
    assert.equal(open5.contentLocked, false);
    const visitor5 = dataOf(await open(login.permalinks, login.links.visitor.token));
    assert.equal(visitor5.content, '', 'a visitor does not see a login-level body');
  });

  it('as a member: everything, but only for staff who may read the article', async () => {
    const { permalinks, links } = await draftWithLinks('P6');
    for (const session of [undefined, tokens.reader, member.token, tokens.contributor]) {
      refused(await open(permalinks, links.member.token, session), 10403, M.previewMemberStaffOnly);
    }
    for (const session of [tokens.editor, tokens.admin]) {
      const d = dataOf(await open(permalinks, links.member.token, session));
      assert.equal(d.content, BODY);
      assert.equal(d.wantsay, `${FREE}<hr />${PAID_COMMENTARY}`);
      assert.equal(d.wantsayTruncated, false);
      assert.equal(d.videoUrl, 'https://media.example.org/p1.mp4');
      assert.equal(d.is_subscribe, 2);
      assert.equal(d.is_have_view_auth, 1);
    }
    // The contributor who wrote it may read their own draft as a member would.
    const own = await draftWithLinks('P6C', {}, tokens.contributor);
    assert.equal(dataOf(await open(own.permalinks, own.links.member.token, tokens.contributor)).content, BODY);
    // A public article has no paid part: its member view opens for anyone with the link.
    const open6 = await draftWithLinks('P6P', { accessLevel: 'public' });
    assert.equal(dataOf(await open(open6.permalinks, open6.links.member.token)).content, BODY);
  });

  it('works for its own article only', async () => {
    const a = await draftWithLinks('P7A');
    const b = await draftWithLinks('P7B', { accessLevel: 'public' });
    for (const token of Object.values(a.links).map((l) => l.token)) {
      refused(await open(b.permalinks, token, tokens.editor), 10004, M.previewOtherArticle);
    }
    // Nor for a published article of the site.
    const [published] = await ctx.app.db.select({ permalinks: articles.permalinks }).from(articles).where(eq(articles.status, 1)).limit(1);
    refused(await open(published!.permalinks, a.links.visitor.token), 10004, M.previewOtherArticle);
  });

  it('expires after 24 hours (or the hours asked for), and at once when revoked', async () => {
    const { draft, permalinks, links } = await draftWithLinks('P8');
    const short = dataOf(await call('/article/preview/create', { id: draft.id, audience: 'reader', hours: 1 }));
    assert.equal(Date.parse(short.expiresAt) - ctx.clock.now().getTime(), 3_600_000);

    ctx.clock.advance(3_600_000);
    refused(await open(permalinks, short.token), 10004, M.previewExpired);
    assert.equal((await open(permalinks, links.visitor.token)).code, 0);

    const revoked = dataOf(await call('/article/preview/revoke', { id: draft.id, previewId: links.reader.id }));
    assert.equal(revoked.active, false);
    refused(await open(permalinks, links.reader.token), 10004, M.previewInvalid);
    // A link of this article named with another article's id.
    refused(await call('/article/preview/revoke', { id: 1, previewId: links.visitor.id }), 10004, M.previewUnknown);

    ctx.clock.advance(23 * 3_600_000);
    // A day later the sessions have ended too: log in again.
    tokens = await staffTokens(ctx);
    member = { id: member.id, token: (await ctx.app.sessions.issue(member.id)).token };
    refused(await open(permalinks, links.visitor.token), 10004, M.previewExpired);
    refused(await open(permalinks, links.member.token, tokens.editor), 10004, M.previewExpired);
    const listed = dataOf(await call('/article/preview/list', { id: draft.id }));
    assert.ok(listed.every((l: { active: boolean }) => !l.active));
  });

  it('refuses a made-up or altered token, and counts no read nor reading record', async () => {
    const { draft, permalinks, links } = await draftWithLinks('P9', { accessLevel: 'public' });
    const altered = `${links.visitor.token.slice(0, -1)}${links.visitor.token.endsWith('A') ? 'B' : 'A'}`;
    for (const prev of [altered, 'x', 'a'.repeat(128), "' or 1=1 --"]) refused(await open(permalinks, prev), 10004, M.previewInvalid);
    refused(await open(permalinks, 'a'.repeat(129)), 10001, '预览链接格式不正确');

    dataOf(await open(permalinks, links.reader.token, member.token));
    dataOf(await open(permalinks, links.member.token, member.token));
    const [row] = await ctx.app.db.select({ readCount: readCountOf }).from(articles).where(eq(articles.id, draft.id));
    assert.equal(row!.readCount, 0);
    await ctx.app.flushReadings();
    const records = await ctx.app.db.select().from(readingRecords).where(and(eq(readingRecords.memberId, member.id), eq(readingRecords.itemId, draft.id)));
    assert.equal(records.length, 0);
  });

  it('shows the article as saved now: an edit after the link was made is what the link shows', async () => {
    const { draft, permalinks, links } = await draftWithLinks('P10', { accessLevel: 'public' });
    dataOf(await call('/article/save', { id: draft.id, baseRevision: 1, document: { content: '<p>改过的正文</p>' } }));
    assert.equal(dataOf(await open(permalinks, links.visitor.token)).content, '<p>改过的正文</p>');
  });
});
