// Weekly issues built in the console (issue "The editorial console", item 7): an editor creates the
// week's issue, chooses and orders its journal, digest and animation articles and its catalogue,
// and publishes it; the reader endpoints behind /latest-periodical and the home page's box
// (newestArticle), /period-article (getMonthOfQiKanYear, selectQiKanList) and the catalogue page
// follow at once. Editors only; every change audited; each article moved in or out gets a revision.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import { articleRevisions, articles, editorialAudit, weeklyIssues } from '../src/db/schema/index.js';
import { shanghaiDate } from '../src/lib/dates.js';
import { EditorialMessages as M } from '../src/modules/editorial/messages.js';
import { dataOf, editorCall, journalDraft, refused, staffTokens } from './editorial-helpers.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof staffTokens>>;
/** A date after every seeded issue's, and the seeded newest issue. */
let nextDate: string;
let seededNewest: { id: number; title: string; thedate: string };
before(async () => {
  ctx = await createTestApp();
  tokens = await staffTokens(ctx);
  const [newest] = await ctx.app.db.select().from(weeklyIssues).orderBy(desc(weeklyIssues.thedate)).limit(1);
  seededNewest = newest!;
  nextDate = shanghaiDate(new Date(Date.parse(`${newest!.thedate}T00:00:00Z`) + 86_400_000));
});
after(() => ctx?.close());
const call = (path: string, body: unknown, token = tokens.editor) => editorCall(ctx, path, body, token);
const newest = async () => (await ctx.post('/api/article/newestArticle', {})).body.data;
const ids = (items: { id: number }[]) => items.map((a) => a.id);

/** A published article of a source (through the workflow). */
async function published(tag: string, sourceId: number, fields: Record<string, unknown> = {}) {
  const draft = dataOf(await call('/article/create', { document: journalDraft(tag, { sourceId, filterId: null, ...fields }) }));
  return dataOf(await call('/article/publish', { id: draft.id, revision: 1 }));
}

const dayAfter = (ymd: string, days: number) => shanghaiDate(new Date(Date.parse(`${ymd}T00:00:00Z`) + days * 86_400_000));

describe('weekly issues: who may build them', () => {
  it('a visitor is asked to log in, a reader and a contributor are refused, and nothing is written', async () => {
    const before = (await ctx.app.db.select({ id: weeklyIssues.id }).from(weeklyIssues)).length;
    const routes: [string, unknown][] = [
      ['/issue/list', {}],
      ['/issue/get', { id: seededNewest.id }],
      ['/issue/create', { title: '越权的一期', thedate: dayAfter(nextDate, 300) }],
      ['/issue/save', { id: seededNewest.id, baseRevision: 1, title: '改名' }],
      ['/issue/publish', { id: seededNewest.id, revision: 1 }],
      ['/issue/withdraw', { id: seededNewest.id, revision: 1 }],
    ];
    for (const [path, body] of routes) {
      refused(await editorCall(ctx, path, body), 10002, '登录超时，请重新登录');
      refused(await call(path, body, tokens.reader), 10403, M.notStaff);
      refused(await call(path, body, tokens.contributor), 10403, M.editorOnly);
    }
    assert.equal((await ctx.app.db.select({ id: weeklyIssues.id }).from(weeklyIssues)).length, before);
    const [seeded] = await ctx.app.db.select().from(weeklyIssues).where(eq(weeklyIssues.id, seededNewest.id));
    assert.equal(seeded!.title, seededNewest.title);
    assert.equal(seeded!.state, 'published');
  });

  it('issues from before the console are listed as published, newest first, with their counts', async () => {
    const list = dataOf(await call('/issue/list', { pageSize: 5 }));
    assert.equal(list.results[0].id, seededNewest.id);
    assert.equal(list.results[0].state, 'published');
    assert.equal(list.results[0].stateLabel, '已发布');
    assert.ok(list.results[0].articleCount > 0 && list.results[0].liveCount === list.results[0].articleCount);
    assert.ok(list.results[0].catalogue?.permalinks, 'recent seeded issues have a catalogue');
    const dates = list.results.map((r: { thedate: string }) => r.thedate);
    assert.deepEqual(dates, [...dates].sort().reverse());
  });
});

describe('building, publishing and withdrawing an issue', () => {
  let issueId: number;
  let a: any, b: any, c: any, d: any, e: any, catalogue: any;

  it('creates a draft issue (audited); a taken date, an impossible date or a blank title are refused', async () => {
    const created = dataOf(await call('/issue/create', { title: '2026年测试期 · 编辑部', thedate: nextDate }));
    issueId = created.id;
    assert.deepEqual(
      [created.state, created.stateLabel, created.revision, created.articleCount, created.catalogue, created.createdBy.username],
      ['draft', '未发布', 1, 0, null, 'demo_editor'],
    );
    refused(await call('/issue/create', { title: '重复', thedate: seededNewest.thedate }), 10001, M.issueDateTaken(seededNewest.title));
    refused(await call('/issue/create', { title: '不存在的日期', thedate: '2026-02-30' }), 10001, M.issueDateInvalid);
    refused(await call('/issue/create', { title: '  ', thedate: dayAfter(nextDate, 200) }), 10001, M.issueTitleRequired);
    const [entry] = await ctx.app.db.select().from(editorialAudit).where(and(eq(editorialAudit.targetType, 'issue'), eq(editorialAudit.targetId, issueId)));
    assert.equal(entry!.action, 'save');
    assert.equal(entry!.actorName, 'demo_editor');
    assert.equal(entry!.before, null);
  });

  it('chooses and orders journal, digest and animation articles and a catalogue; each article moved gets a revision', async () => {
    a = await published('W1A', 5);
    b = await published('W1B', 5);
    c = await published('W1C', 6);
    d = await published('W1D', 7);
    // A journal article scheduled an hour from now.
    const draftE = dataOf(await call('/article/create', { document: journalDraft('W1E', { filterId: null }) }));
    const at = new Date(ctx.clock.now().getTime() + 3_600_000);
    e = dataOf(await call('/article/schedule', { id: draftE.id, revision: 1, publishAt: at.toISOString() }));
    const catalogueDraft = dataOf(await call('/article/create', { document: journalDraft('W1M', { title: '2026年测试期 目录', linkOnly: true, accessLevel: 'public', content: '<ul><li>本期目录</li></ul>' }) }));
    catalogue = dataOf(await call('/article/publish', { id: catalogueDraft.id, revision: 1 }));

    const saved = dataOf(await call('/issue/save', { id: issueId, baseRevision: 1, articleIds: [b.id, a.id, c.id, d.id, e.id], catalogueId: catalogue.id }));
    assert.equal(saved.revision, 2);
    assert.deepEqual(ids(saved.articles), [b.id, a.id, c.id, d.id, e.id]);
    assert.deepEqual(saved.articles.map((x: { stateLabel: string }) => x.stateLabel), ['已发布', '已发布', '已发布', '已发布', '已排期']);
    assert.equal(saved.catalogue.id, catalogue.id);
    assert.equal(saved.articleCount, 5);
    assert.equal(saved.liveCount, 4);

    for (const article of [a, b, c, d, e]) {
      const [row] = await ctx.app.db.select({ weeklyIssueId: articles.weeklyIssueId, revision: articles.revision }).from(articles).where(eq(articles.id, article.id));
      assert.equal(row!.weeklyIssueId, issueId);
      assert.equal(row!.revision, article.revision + 1);
      const [revision] = await ctx.app.db.select().from(articleRevisions).where(eq(articleRevisions.articleId, article.id)).orderBy(desc(articleRevisions.id)).limit(1);
      assert.deepEqual([revision!.kind, revision!.memberName, revision!.changed, (revision!.document as { weeklyIssueId: number }).weeklyIssueId], ['save', 'demo_editor', ['weeklyIssueId'], issueId]);
    }
  });

  it('refuses what does not belong in an issue, naming it, and changes nothing', async () => {
    const audio = await published('W2AU', 8);
    const [seededArticle] = await ctx.app.db.select().from(articles).where(and(eq(articles.weeklyIssueId, seededNewest.id), eq(articles.sourceId, 5))).limit(1);
    const base = { id: issueId, baseRevision: 2 };
    const cases: [Record<string, unknown>, string][] = [
      [{ articleIds: [a.id, audio.id] }, M.issueArticleSource(audio.document.title)],
      [{ articleIds: [a.id, seededArticle!.id] }, M.issueArticleElsewhere(seededArticle!.title, seededNewest.title)],
      [{ articleIds: [a.id, catalogue.id] }, M.issueArticleLinkOnly(catalogue.document.title)],
      [{ articleIds: [a.id, b.id, a.id] }, M.issueArticleDuplicate([a.id])],
      [{ articleIds: [a.id, 2_000_000_000] }, M.issueArticleUnknown([2_000_000_000])],
      [{ catalogueId: a.id }, M.issueCatalogueNotLinkOnly(a.document.title)],
      [{ catalogueId: 2_000_000_000 }, M.issueCatalogueUnknown(2_000_000_000)],
      [{ thedate: seededNewest.thedate }, M.issueDateTaken(seededNewest.title)],
      [{ title: '' }, M.issueTitleRequired],
    ];
    for (const [change, message] of cases) refused(await call('/issue/save', { ...base, ...change }), 10001, message);
    const detail = dataOf(await call('/issue/get', { id: issueId }));
    assert.equal(detail.revision, 2);
    assert.deepEqual(ids(detail.articles), [b.id, a.id, c.id, d.id, e.id]);
    const [audioRow] = await ctx.app.db.select({ weeklyIssueId: articles.weeklyIssueId }).from(articles).where(eq(articles.id, audio.id));
    assert.equal(audioRow!.weeklyIssueId, null);
  });

  it('is not on the periodical pages while a draft', async () => {
    const box = await newest();
    assert.equal(box.articleWeeklyPo.id, seededNewest.id);
    const month = nextDate.slice(0, 7).replace('-', '');
    const groups = (await ctx.post('/api/article/selectQiKanList', { month, pageNo: 1, pageSize: 20 })).body.data.results;
    assert.ok(!groups.some((g: { articleWeeklyPo: { id: number } }) => g.articleWeeklyPo.id === issueId));
  });

  it('publishes (audited): the home box, /latest-periodical and /period-article show it at once, in the editors\' order', async () => {
    refused(await call('/issue/publish', { id: issueId, revision: 1 }), 10409, M.issueStale(2));
    const done = dataOf(await call('/issue/publish', { id: issueId, revision: 2, note: '本周刊出' }));
    assert.equal(done.state, 'published');
    assert.ok(done.publishedAt);
    refused(await call('/issue/publish', { id: issueId, revision: 2 }), 10409, M.issueAlreadyPublished);

    const box = await newest();
    assert.deepEqual(box.articleWeeklyPo, { id: issueId, title: '2026年测试期 · 编辑部', thedate: nextDate, catalogPermalinks: catalogue.document.permalinks });
    assert.deepEqual(ids(box.articleMap['5']), [b.id, a.id], 'the scheduled one is not shown yet');
    assert.deepEqual(ids(box.articleMap['6']), [c.id]);
    assert.deepEqual(ids(box.articleMap['7']), [d.id]);
    assert.deepEqual(ids(box.articleMap['1']), [b.id, a.id], 'journal articles with a commentary');
    assert.deepEqual(ids(box.articleMap['0']), [catalogue.id]);
    // The catalogue page reads the catalogue by its link.
    const page = (await ctx.post('/api/article/getArticleDetail', { permalinks: catalogue.document.permalinks })).body;
    assert.equal(page.code, 0);
    assert.equal(page.data.title, '2026年测试期 目录');

    const month = nextDate.slice(0, 7).replace('-', '');
    const groups = (await ctx.post('/api/article/selectQiKanList', { month, pageNo: 1, pageSize: 20 })).body.data.results;
    assert.equal(groups[0].articleWeeklyPo.id, issueId);
    assert.deepEqual(ids(groups[0].articleMap['5']), [b.id, a.id]);

    const [entry] = await ctx.app.db
      .select()
      .from(editorialAudit)
      .where(and(eq(editorialAudit.targetType, 'issue'), eq(editorialAudit.targetId, issueId), eq(editorialAudit.action, 'publish')));
    assert.deepEqual([entry!.actorName, entry!.note, (entry!.before as { state: string }).state, (entry!.after as { state: string }).state], ['demo_editor', '本周刊出', 'draft', 'published']);
  });

  it('a scheduled article joins its issue when the scheduler publishes it, in its place', async () => {
    ctx.clock.advance(3_600_000 + 1_000);
    assert.equal(await ctx.app.editorial.publishDue(), 1);
    assert.deepEqual(ids((await newest()).articleMap['5']), [b.id, a.id, e.id]);
  });

  it('reorders and removes: readers follow at once; an article taken out leaves the issue with a revision', async () => {
    const reordered = dataOf(await call('/issue/save', { id: issueId, baseRevision: 2, articleIds: [a.id, e.id, b.id, c.id] }));
    assert.equal(reordered.revision, 3);
    const box = await newest();
    assert.deepEqual(ids(box.articleMap['5']), [a.id, e.id, b.id]);
    assert.deepEqual(box.articleMap['7'], []);
    const [row] = await ctx.app.db.select({ weeklyIssueId: articles.weeklyIssueId }).from(articles).where(eq(articles.id, d.id));
    assert.equal(row!.weeklyIssueId, null);
    // The article's own editor, holding the revision from before it moved, is told someone changed it.
    const stale = await call('/article/save', { id: a.id, baseRevision: a.revision, document: { weeklyIssueId: null } });
    assert.equal(stale.code, 10409);
    const [still] = await ctx.app.db.select({ weeklyIssueId: articles.weeklyIssueId }).from(articles).where(eq(articles.id, a.id));
    assert.equal(still!.weeklyIssueId, issueId, 'a save based on the old revision does not take it out');
  });

  it('two editors saving the same issue: the second is refused and nothing of it is applied', async () => {
    const first = dataOf(await call('/issue/save', { id: issueId, baseRevision: 3, title: '2026年测试期 · 定稿' }));
    assert.equal(first.revision, 4);
    refused(await call('/issue/save', { id: issueId, baseRevision: 3, title: '另一个标题', articleIds: [] }, tokens.admin), 10409, M.issueConflict(4));
    const detail = dataOf(await call('/issue/get', { id: issueId }));
    assert.equal(detail.title, '2026年测试期 · 定稿');
    assert.equal(detail.articles.length, 4);
  });

  it('withdraws (audited): the periodical pages go back to the issue before it at once', async () => {
    refused(await call('/issue/withdraw', { id: issueId, revision: 3 }), 10409, M.issueStale(4));
    const back = dataOf(await call('/issue/withdraw', { id: issueId, revision: 4 }));
    assert.equal(back.state, 'draft');
    assert.equal((await newest()).articleWeeklyPo.id, seededNewest.id);
    refused(await call('/issue/withdraw', { id: issueId, revision: 4 }), 10409, M.issueNotPublished);
    // Its articles stay published and listed.
    assert.equal((await ctx.post('/api/article/getArticleDetail', { permalinks: a.document.permalinks })).body.code, 0);

    const trail = dataOf(await call('/audit/list', { targetType: 'issue', targetId: issueId, pageSize: 50 }, tokens.admin));
    assert.deepEqual(
      trail.results.map((e: { action: string }) => e.action).reverse(),
      ['save', 'save', 'publish', 'save', 'save', 'withdraw'],
    );
  });

  it('an issue with nothing published or scheduled cannot be published', async () => {
    const empty = dataOf(await call('/issue/create', { title: '空的一期', thedate: dayAfter(nextDate, 7) }));
    refused(await call('/issue/publish', { id: empty.id, revision: 1 }), 10001, M.issueEmpty);
    const draftOnly = dataOf(await call('/article/create', { document: journalDraft('W9', { filterId: null }) }));
    const withDraft = dataOf(await call('/issue/save', { id: empty.id, baseRevision: 1, articleIds: [draftOnly.id] }));
    assert.equal(withDraft.liveCount, 0);
    refused(await call('/issue/publish', { id: empty.id, revision: 2 }), 10001, M.issueEmpty);
    assert.equal((await newest()).articleWeeklyPo.id, seededNewest.id);
  });
});
