// The editorial console's server (issue "The editorial console"): staff roles checked on the server
// for every route, articles of every source as editorial documents, the workflow and what readers
// see of it, revisions with optimistic versioning, and the append-only audit trail.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { articleRevisions, articles, contentVersion, editorialAudit, hotReads, staffRoles } from '../src/db/schema/index.js';
import { EditorialMessages as M } from '../src/modules/editorial/messages.js';
import { testMember } from './fixtures.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
let contributor: string;
let editor: string;
let admin: string;
let reader: string;

before(async () => {
  ctx = await createTestApp();
  [contributor, editor, admin, reader] = await Promise.all(['demo_contributor', 'demo_editor', 'demo_admin', 'demo_reader'].map((n) => ctx.login(n)));
});
after(() => ctx?.close());

const call = async (path: string, body: unknown, token?: string) => (await ctx.post(`/api/editor${path}`, body, token)).body;
function dataOf<T = any>(reply: { code: number; msg: string; data: T }): T {
  assert.equal(reply.code, 0, JSON.stringify(reply).slice(0, 400));
  return reply.data;
}
const refused = (reply: { code: number; msg: string }, code: number, msg: string) => {
  assert.equal(reply.code, code, JSON.stringify(reply).slice(0, 400));
  assert.equal(reply.msg, msg);
};

let serial = 0;
/** Every reader-visible field of a journal article, Chinese and English, with a unique search word. */
function journalDocument() {
  serial++;
  const word = `zebrafish${serial}omics`;
  return {
    word,
    document: {
      sourceId: 5,
      filterId: 3,
      typeId: null,
      weeklyIssueId: null,
      classIds: [4, 2],
      permalinks: `QYT${String(serial).padStart(4, '0')}`,
      title: `编辑部测试稿：斑马鱼模型 ${word} 研究`,
      outtitle: `A Zebrafish Model Study ${serial}`,
      author: 'Jane Doe, M.D., Ph.D.',
      pcauthor: 'Jane Doe',
      intro: '<p>这是一篇用于测试编辑流程的摘要。</p>',
      content: '<p>正文第一段。</p><p>正文第二段。</p>',
      wantsay: '<p>述评的免费部分。</p><hr /><p>述评的会员部分。</p>', // as the server stores it (sanitised)
      wantsayTitle: '述评：斑马鱼模型',
      coi: '<p>作者声明无利益冲突。</p>',
      keyword: '斑马鱼,模型',
      aboutcontent: '<ol><li>Doe J. Zebrafish. N Engl J Med 2026;394:1-10.</li></ol>',
      appendix: '<p>附录</p>',
      thank: '<p>致谢</p>',
      pubdate: '2026-11-12',
      thumb: '/api/static/covers/source-5-1.svg',
      videoUrl: '',
      outlink: 'https://www.nejm.org/doi/full/10.1056/NEJMoa0000000',
      relationArticleIds: [],
      accessLevel: 'member' as const,
      linkOnly: false,
      enAuthors: 'Jane Doe, M.D., Ph.D., and John Roe, M.D.',
      enAbstract: '<p>Background: a zebrafish model.</p>',
      enBody: '<p>First paragraph.</p><p>Second paragraph.</p>',
      enReferences: '<ol><li>Doe J. Zebrafish.</li></ol>',
    },
  };
}

const version = async () => Number((await ctx.app.db.select({ v: contentVersion.version }).from(contentVersion))[0]?.v ?? 0);
const articleCount = async () => (await ctx.app.db.select({ id: articles.id }).from(articles)).length;
const readerDetail = async (permalinks: string, token?: string) => (await ctx.post('/api/article/getArticleDetail', { permalinks }, token)).body;
const listIds = async (body: Record<string, unknown>) =>
  ((await ctx.post('/api/article/selectArticleList', { pageNo: 1, pageSize: 100, ...body })).body.data.results as { id: number }[]).map((r) => r.id);
const auditOf = (targetId: number, targetType = 'article') =>
  ctx.app.db
    .select()
    .from(editorialAudit)
    .where(and(eq(editorialAudit.targetType, targetType), eq(editorialAudit.targetId, targetId)))
    .orderBy(editorialAudit.id);

async function createDraft(token = editor) {
  const { word, document } = journalDocument();
  const article = dataOf(await call('/article/create', { document }, token));
  return { word, document, article };
}

describe('staff roles, checked on the server', () => {
  it('demo staff log in with the demo password like readers and get their role', async () => {
    for (const [token, role] of [
      [contributor, 'contributor'],
      [editor, 'editor'],
      [admin, 'admin'],
    ] as const) {
      const me = dataOf(await call('/me', {}, token));
      assert.equal(me.role, role);
      assert.equal(me.can.publish, role !== 'contributor');
      assert.equal(me.can.manageStaff, role === 'admin');
      assert.equal(me.can.readAudit, role === 'admin');
    }
  });

  it('a visitor is asked to log in and a reader is refused on every staff route; nothing is written', async () => {
    const before = await articleCount();
    const routes: [string, unknown][] = [
      ['/me', {}],
      ['/article/list', {}],
      ['/article/get', { id: 1 }],
      ['/article/create', { document: journalDocument().document }],
      ['/article/save', { id: 1, baseRevision: 1, document: { title: '改' } }],
      ['/article/publish', { id: 1, revision: 1 }],
      ['/article/withdraw', { id: 1, revision: 1 }],
      ['/article/schedule', { id: 1, revision: 1, publishAt: '2099-01-01 08:00' }],
      ['/article/revisions', { id: 1 }],
      ['/staff/list', {}],
      ['/staff/setRole', { account: 'demo_reader', role: 'admin' }],
      ['/audit/list', {}],
    ];
    for (const [path, body] of routes) {
      refused(await call(path, body), 10002, '登录超时，请重新登录');
      refused(await call(path, body, reader), 10403, M.notStaff);
    }
    assert.equal(await articleCount(), before);
    assert.equal((await ctx.app.db.select().from(staffRoles)).length, 3);
  });

  it('a contributor cannot publish, schedule, withdraw, manage staff or read the audit trail', async () => {
    const { article } = await createDraft(contributor);
    const { article: published } = await createDraft(editor);
    dataOf(await call('/article/publish', { id: published.id, revision: 1 }, editor));
    refused(await call('/article/publish', { id: article.id, revision: 1 }, contributor), 10403, M.editorOnly);
    refused(await call('/article/schedule', { id: article.id, revision: 1, publishAt: '2099-01-01 08:00' }, contributor), 10403, M.editorOnly);
    refused(await call('/article/withdraw', { id: published.id, revision: 1 }, contributor), 10403, M.editorOnly);
    refused(await call('/staff/setRole', { account: 'demo_contributor', role: 'admin' }, contributor), 10403, M.adminOnly);
    refused(await call('/audit/list', {}, contributor), 10403, M.adminOnly);
    const [row] = await ctx.app.db.select({ state: articles.editorialState, status: articles.status }).from(articles).where(eq(articles.id, article.id));
    assert.deepEqual(row, { state: 'draft', status: 0 });
    assert.equal((await readerDetail(published.document.permalinks)).code, 0, 'still published');
    assert.deepEqual(
      (await ctx.app.db.select().from(staffRoles)).map((r) => r.role).sort(),
      ['admin', 'contributor', 'editor'],
    );
  });

  it('an editor cannot manage staff nor read the audit trail', async () => {
    refused(await call('/staff/list', {}, editor), 10403, M.adminOnly);
    refused(await call('/staff/setRole', { account: 'demo_reader', role: 'editor' }, editor), 10403, M.adminOnly);
    refused(await call('/audit/list', {}, editor), 10403, M.adminOnly);
  });

  it('a contributor writes and edits their own drafts only, and cannot edit once submitted', async () => {
    const { article: own } = await createDraft(contributor);
    const { article: others } = await createDraft(editor);
    assert.equal(own.createdBy.id, dataOf(await call('/me', {}, contributor)).id);

    refused(await call('/article/get', { id: others.id }, contributor), 10403, M.notOwnArticle);
    refused(await call('/article/save', { id: others.id, baseRevision: 1, document: { title: '改别人的' } }, contributor), 10403, M.notOwnArticle);
    // Seeded articles belong to no contributor.
    refused(await call('/article/get', { id: 1 }, contributor), 10403, M.notOwnArticle);

    const list = dataOf(await call('/article/list', { pageSize: 100 }, contributor));
    assert.ok(list.results.length > 0);
    assert.ok(list.results.every((r: { createdBy: { username: string } }) => r.createdBy.username === 'demo_contributor'));

    const saved = dataOf(await call('/article/save', { id: own.id, baseRevision: 1, document: { title: '投稿人修改的标题' } }, contributor));
    assert.equal(saved.revision, 2);
    assert.equal(saved.can.publish, false);
    const submitted = dataOf(await call('/article/submit', { id: own.id, revision: 2 }, contributor));
    assert.equal(submitted.state, 'in_review');
    assert.equal(submitted.stateLabel, '待审核');
    refused(await call('/article/save', { id: own.id, baseRevision: 2, document: { title: '再改' } }, contributor), 10403, M.notDraftAnymore);
    // Taken back from review, it is a draft again and can be edited.
    assert.equal(dataOf(await call('/article/toDraft', { id: own.id, revision: 2 }, contributor)).state, 'draft');
    assert.equal(dataOf(await call('/article/save', { id: own.id, baseRevision: 2, document: { title: '再改' } }, contributor)).revision, 3);
  });

  it('an admin gives, changes and takes away roles, audited; the last admin stays', async () => {
    const account = await testMember(ctx, 'staff_candidate');
    refused(await call('/me', {}, account.token), 10403, M.notStaff);

    const given = dataOf(await call('/staff/setRole', { account: 'staff_candidate', role: 'contributor', note: '新同事' }, admin));
    assert.deepEqual(given, { memberId: account.id, username: 'staff_candidate', role: 'contributor' });
    assert.equal(dataOf(await call('/me', {}, account.token)).role, 'contributor');
    dataOf(await call('/staff/setRole', { account: 'staff_candidate', role: 'editor' }, admin));
    assert.equal(dataOf(await call('/me', {}, account.token)).role, 'editor');
    const staff = dataOf(await call('/staff/list', {}, admin));
    assert.ok(staff.some((s: { username: string; role: string; grantedBy: { username: string } }) => s.username === 'staff_candidate' && s.role === 'editor' && s.grantedBy.username === 'demo_admin'));
    dataOf(await call('/staff/setRole', { account: 'staff_candidate', role: '' }, admin));
    refused(await call('/me', {}, account.token), 10403, M.notStaff);

    const trail = await auditOf(account.id, 'member');
    assert.deepEqual(
      trail.map((e) => [e.action, e.actorName, e.before, e.after]),
      [
        ['role', 'demo_admin', { role: null }, { role: 'contributor' }],
        ['role', 'demo_admin', { role: 'contributor' }, { role: 'editor' }],
        ['role', 'demo_admin', { role: 'editor' }, { role: null }],
      ],
    );
    assert.equal(trail[0]!.note, '新同事');

    refused(await call('/staff/setRole', { account: 'demo_admin', role: 'editor' }, admin), 10001, M.lastAdmin);
    refused(await call('/staff/setRole', { account: 'nobody_here', role: 'editor' }, admin), 10001, M.memberUnknown);
    assert.equal(dataOf(await call('/me', {}, admin)).role, 'admin');
  });
});

describe('articles as editorial documents', () => {
  it('a draft of every source keeps every field a reader sees and the English original', async () => {
    const { document, article } = await createDraft(editor);
    assert.equal(article.state, 'draft');
    assert.equal(article.revision, 1);
    assert.deepEqual(article.document, document);
    assert.deepEqual(dataOf(await call('/article/get', { id: article.id }, editor)).document, document);

    for (const sourceId of [6, 7, 8, 9, 10, 11, 1]) {
      const created = dataOf(await call('/article/create', { document: { sourceId, title: `来源${sourceId}的草稿` } }, contributor));
      assert.equal(created.document.sourceId, sourceId);
      assert.match(created.document.permalinks, /^QYN\d{6}$/);
      assert.equal(created.document.accessLevel, 'public');
    }
  });

  it('a draft is not on any reader list, search or page, and writing it does not touch the reader caches', async () => {
    const versionBefore = await version();
    const { word, document, article } = await createDraft(editor);
    dataOf(await call('/article/save', { id: article.id, baseRevision: 1, document: { intro: '<p>改过的摘要</p>' } }, editor));
    assert.equal(await version(), versionBefore, 'the content version (list caches) did not move');
    refused(await readerDetail(document.permalinks), 10004, '内容不存在');
    assert.ok(!(await listIds({ sourceIds: [5] })).includes(article.id));
    assert.deepEqual(await listIds({ searchInfo: word }), []);
  });

  it('refuses a document that does not hold together, with the reason', async () => {
    const base = journalDocument().document;
    refused(await call('/article/create', { document: { ...base, title: '  ' } }, editor), 10001, M.titleRequired);
    refused(await call('/article/create', { document: { title: '无来源' } }, editor), 10001, M.sourceRequired);
    refused(await call('/article/create', { document: { ...base, sourceId: 99 } }, editor), 10001, M.sourceUnknown(99));
    refused(await call('/article/create', { document: { ...base, filterId: 6 } }, editor), 10001, M.filterMismatch);
    refused(await call('/article/create', { document: { ...base, typeId: 1 } }, editor), 10001, M.typeMismatch);
    refused(await call('/article/create', { document: { ...base, classIds: [4, 77] } }, editor), 10001, M.classUnknown([77]));
    refused(await call('/article/create', { document: { ...base, relationArticleIds: [2_000_000] } }, editor), 10001, M.relatedUnknown([2_000_000]));
    refused(await call('/article/create', { document: { ...base, permalinks: 'QYJ0001' } }, editor), 10001, M.permalinksTaken('QYJ0001'));
    refused(await call('/article/create', { document: { ...base, permalinks: 'a b' } }, editor), 10001, M.permalinksShape);
    refused(await call('/article/create', { document: { ...base, pubdate: '2026-02-30' } }, editor), 10001, M.pubdateInvalid);
    refused(await call('/article/create', { document: { ...base, accessLevel: 'vip' } }, editor), 10001, '阅读权限应为public、login或member');
    refused(await call('/article/create', { document: { ...base, status: 1 } }, editor), 10001, '文章字段不正确');
    assert.equal((await ctx.app.db.select().from(articles).where(eq(articles.permalinks, base.permalinks))).length, 0);
  });
});

describe('workflow: what readers see', () => {
  it('publishing puts it on the lists, in search and on its page at once; the reader gets the gated form', async () => {
    const { word, document, article } = await createDraft(editor);
    const at = ctx.clock.now().toISOString();
    const published = dataOf(await call('/article/publish', { id: article.id, revision: 1, note: '本周上线' }, editor));
    assert.equal(published.state, 'published');
    assert.equal(published.postdate, at, 'dated when it first went live');
    assert.equal(published.firstPublishedAt, at);

    assert.equal((await listIds({ sourceIds: [5], pageSize: 5 }))[0], article.id, 'newest on the journal list');
    assert.deepEqual(await listIds({ searchInfo: word }), [article.id]);
    const visitor = (await readerDetail(document.permalinks)).data;
    assert.equal(visitor.title, document.title);
    assert.equal(visitor.contentLocked, true, 'member level: the body is withheld from a visitor');
    assert.equal(visitor.wantsay, '<p>述评的免费部分。</p>');
    const member = (await readerDetail(document.permalinks, await ctx.login('demo_member'))).data;
    assert.equal(member.content, document.content);

    const [entry] = await auditOf(article.id);
    assert.equal(entry!.action, 'publish');
    assert.equal(entry!.actorName, 'demo_editor');
    assert.deepEqual(entry!.before, { state: 'draft', status: 0, publishAt: '' });
    assert.deepEqual(entry!.after, { state: 'published', status: 1, publishAt: '' });
    assert.equal(entry!.note, '本周上线');
  });

  it('withdrawing takes it off every list, search, the home page and its page at once', async () => {
    // A seeded article on the home page's hot reads, in the newest weekly issue's journal list.
    const [hot] = await ctx.app.db.select().from(hotReads).where(eq(hotReads.relationType, 40)).limit(1);
    const [target] = await ctx.app.db.select().from(articles).where(eq(articles.id, hot!.relationId));
    const hotIds = async () =>
      ((await ctx.post('/api/hotRead/selectHotReadList', { pageNo: 1, pageSize: 100 })).body.data.results as { relationType: number; id: number }[])
        .filter((i) => i.relationType === 40)
        .map((i) => i.id);
    // Searched by its own title, among this article only (search honours the list filters).
    const found = async () => (await listIds({ searchInfo: target!.title.slice(0, 30), articleIds: [target!.id] })).includes(target!.id);
    assert.ok((await hotIds()).includes(target!.id));
    assert.ok((await listIds({ sourceIds: [target!.sourceId], articleIds: [target!.id] })).includes(target!.id));
    assert.ok(await found());

    const withdrawn = dataOf(await call('/article/withdraw', { id: target!.id, revision: target!.revision }, editor));
    assert.equal(withdrawn.state, 'withdrawn');
    assert.ok(!(await hotIds()).includes(target!.id), 'off the home page');
    assert.ok(!(await listIds({ sourceIds: [target!.sourceId], articleIds: [target!.id] })).includes(target!.id), 'off the list');
    assert.ok(!(await found()), 'out of search');
    refused(await readerDetail(target!.permalinks), 10004, '内容不存在');
    refused((await ctx.post('/api/article/getArticleDetailById', { id: target!.id })).body, 10004, '内容不存在');

    // Published again (from withdrawn), it keeps its original date.
    const again = dataOf(await call('/article/publish', { id: target!.id, revision: target!.revision }, editor));
    assert.equal(again.postdate, target!.postdate.toISOString());
    assert.equal((await readerDetail(target!.permalinks)).code, 0);
    assert.deepEqual(
      (await auditOf(target!.id)).map((e) => e.action),
      ['withdraw', 'publish'],
    );
  });

  it('a catalogue published by link only stays off the lists when withdrawn and published again', async () => {
    const [catalogue] = await ctx.app.db.select().from(articles).where(eq(articles.status, 2)).limit(1);
    assert.equal(catalogue!.linkOnly, true);
    dataOf(await call('/article/withdraw', { id: catalogue!.id, revision: catalogue!.revision }, editor));
    refused(await readerDetail(catalogue!.permalinks), 10004, '内容不存在');
    dataOf(await call('/article/publish', { id: catalogue!.id, revision: catalogue!.revision }, editor));
    const [row] = await ctx.app.db.select({ status: articles.status }).from(articles).where(eq(articles.id, catalogue!.id));
    assert.equal(row!.status, 2);
    assert.equal((await readerDetail(catalogue!.permalinks)).code, 0);
  });

  it('scheduling takes a Shanghai time in the future; the scheduler publishes it at that time, dated then', async () => {
    const { word, article } = await createDraft(contributor);
    dataOf(await call('/article/submit', { id: article.id, revision: 1 }, contributor));
    refused(await call('/article/schedule', { id: article.id, revision: 1, publishAt: '明天' }, editor), 10001, M.publishAtInvalid);
    refused(await call('/article/schedule', { id: article.id, revision: 1, publishAt: '2020-01-01 08:00' }, editor), 10001, M.publishAtPast);

    const when = new Date(ctx.clock.now().getTime() + 2 * 3_600_000);
    when.setUTCSeconds(0, 0);
    const shanghai = new Date(when.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    const scheduled = dataOf(await call('/article/schedule', { id: article.id, revision: 1, publishAt: shanghai }, editor));
    assert.equal(scheduled.state, 'scheduled');
    assert.equal(scheduled.publishAt, when.toISOString());
    assert.equal(scheduled.publishAtShanghai, shanghai);

    assert.equal(await ctx.app.editorial.publishDue(), 0, 'not yet');
    assert.deepEqual(await listIds({ searchInfo: word }), []);
    ctx.clock.advance(2 * 3_600_000 + 10_000);
    assert.equal(await ctx.app.editorial.publishDue(), 1);
    const live = dataOf(await call('/article/get', { id: article.id }, editor));
    assert.equal(live.state, 'published');
    assert.equal(live.postdate, when.toISOString());
    assert.equal(live.publishAt, '');
    assert.deepEqual(await listIds({ searchInfo: word }), [article.id]);

    const trail = await auditOf(article.id);
    assert.deepEqual(
      trail.map((e) => [e.action, e.actorId === null ? null : e.actorName]),
      [
        ['submit', 'demo_contributor'],
        ['schedule', 'demo_editor'],
        ['publish', null],
      ],
    );
    assert.equal(trail[2]!.actorName, '定时发布');
    assert.deepEqual(trail[1]!.after, { state: 'scheduled', status: 0, publishAt: when.toISOString() });
  });

  it('unscheduling returns it to draft, audited; a state change from the wrong state or an old revision is refused', async () => {
    const { article } = await createDraft(editor);
    refused(await call('/article/withdraw', { id: article.id, revision: 1 }, editor), 10409, M.badTransition('draft', '撤回'));
    dataOf(await call('/article/schedule', { id: article.id, revision: 1, publishAt: '2099-12-31 20:00' }, editor));
    const back = dataOf(await call('/article/toDraft', { id: article.id, revision: 1 }, editor));
    assert.equal(back.state, 'draft');
    assert.equal(back.publishAt, '');
    assert.deepEqual((await auditOf(article.id)).map((e) => e.action), ['schedule', 'unschedule']);

    dataOf(await call('/article/save', { id: article.id, baseRevision: 1, document: { title: '别人改过的标题' } }, admin));
    const stale = await call('/article/publish', { id: article.id, revision: 1 }, editor);
    refused(stale, 10409, M.staleRevision(2));
    assert.deepEqual(stale.data, { currentRevision: 2 });
    assert.equal((await ctx.app.db.select({ s: articles.editorialState }).from(articles).where(eq(articles.id, article.id)))[0]!.s, 'draft');
  });
});

describe('revisions and optimistic versioning', () => {
  it('every save keeps a revision: who, when, which fields', async () => {
    const { article } = await createDraft(contributor);
    dataOf(await call('/article/save', { id: article.id, baseRevision: 1, document: { title: '第二版标题' } }, contributor));
    dataOf(await call('/article/save', { id: article.id, baseRevision: 2, document: { content: '<p>第三版正文</p>', enBody: '<p>Third</p>' } }, editor));
    // Saving the same text again makes no revision.
    assert.equal(dataOf(await call('/article/save', { id: article.id, baseRevision: 3, document: { title: '第二版标题' } }, editor)).revision, 3);

    const revisions = dataOf(await call('/article/revisions', { id: article.id }, editor));
    assert.deepEqual(
      revisions.map((r: { revision: number; kind: string; member: { username: string }; changed: string[]; applied: boolean }) => [
        r.revision,
        r.kind,
        r.member.username,
        r.changed,
        r.applied,
      ]),
      [
        [3, 'save', 'demo_editor', ['content', 'enBody'], true],
        [2, 'save', 'demo_contributor', ['title'], true],
        [1, 'create', 'demo_contributor', Object.keys(journalDocument().document), true],
      ],
    );
    const first = dataOf(await call('/article/revision', { id: article.id, revisionId: revisions[2].id }, editor));
    assert.equal(first.document.title, article.document.title);
  });

  it('a save based on a stale revision is refused, the loser keeps the text as a revision not applied, and can restore it', async () => {
    const { article } = await createDraft(editor);
    const second = await ctx.login('demo_admin');
    // Both opened revision 1; the editor saves first.
    dataOf(await call('/article/save', { id: article.id, baseRevision: 1, document: { content: '<p>编辑先保存的正文</p>' } }, editor));
    const lost = await call('/article/save', { id: article.id, baseRevision: 1, document: { content: '<p>管理员后保存的正文</p>' } }, second);
    refused(lost, 10409, M.saveConflict(2));
    assert.equal(lost.data.currentRevision, 2);

    const current = dataOf(await call('/article/get', { id: article.id }, editor));
    assert.equal(current.document.content, '<p>编辑先保存的正文</p>', 'the first save stands');
    assert.equal(current.revision, 2);

    const kept = dataOf(await call('/article/revision', { id: article.id, revisionId: lost.data.revisionId }, second));
    assert.equal(kept.kind, 'conflict');
    assert.equal(kept.applied, false);
    assert.equal(kept.revision, null);
    assert.equal(kept.baseRevision, 1);
    assert.equal(kept.member.username, 'demo_admin');
    assert.equal(kept.document.content, '<p>管理员后保存的正文</p>', 'the loser\'s text is not lost');

    // Restoring it on top of revision 2 applies it as revision 3, audited.
    refused(await call('/article/restore', { id: article.id, revisionId: lost.data.revisionId, baseRevision: 1 }, second), 10409, M.saveConflict(2));
    const restored = dataOf(await call('/article/restore', { id: article.id, revisionId: lost.data.revisionId, baseRevision: 2 }, second));
    assert.equal(restored.revision, 3);
    assert.equal(restored.document.content, '<p>管理员后保存的正文</p>');
    const [revision3] = await ctx.app.db
      .select()
      .from(articleRevisions)
      .where(and(eq(articleRevisions.articleId, article.id), eq(articleRevisions.revision, 3)));
    assert.equal(revision3!.kind, 'restore');
    const restoreEntries = (await auditOf(article.id)).filter((e) => e.action === 'restore');
    assert.equal(restoreEntries.length, 1);
    assert.deepEqual(restoreEntries[0]!.before, { revision: 2 });
    assert.equal((restoreEntries[0]!.after as { restoredRevisionId: number }).restoredRevisionId, lost.data.revisionId);
    refused(await call('/article/revision', { id: article.id, revisionId: 2_000_000 }, editor), 10004, M.revisionUnknown);
  });

  it('restoring an earlier revision of a published article changes what readers see', async () => {
    const { document, article } = await createDraft(editor);
    dataOf(await call('/article/publish', { id: article.id, revision: 1 }, editor));
    dataOf(await call('/article/save', { id: article.id, baseRevision: 1, document: { title: '上线后改的标题' } }, editor));
    assert.equal((await readerDetail(document.permalinks)).data.title, '上线后改的标题');
    const [first] = await ctx.app.db
      .select({ id: articleRevisions.id })
      .from(articleRevisions)
      .where(and(eq(articleRevisions.articleId, article.id), eq(articleRevisions.revision, 1)));
    dataOf(await call('/article/restore', { id: article.id, revisionId: first!.id, baseRevision: 2 }, editor));
    assert.equal((await readerDetail(document.permalinks)).data.title, document.title);
  });
});

describe('the audit trail', () => {
  it('admins read it newest first and filter it by action, actor, target and day', async () => {
    const all = dataOf(await call('/audit/list', { pageSize: 100 }, admin));
    assert.ok(all.page.total > 5 && all.results.length === all.page.total, 'one page holds every entry');
    const times = all.results.map((e: { at: string }) => Date.parse(e.at));
    assert.deepEqual(times, [...times].sort((a, b) => b - a));

    const publishes = dataOf(await call('/audit/list', { action: 'publish', pageSize: 100 }, admin));
    assert.ok(publishes.results.length > 0 && publishes.results.every((e: { action: string }) => e.action === 'publish'));
    const byScheduler = dataOf(await call('/audit/list', { actorId: 0, pageSize: 100 }, admin));
    assert.ok(byScheduler.results.length > 0 && byScheduler.results.every((e: { actorId: null; actorName: string }) => e.actorId === null && e.actorName === '定时发布'));
    const roleChanges = dataOf(await call('/audit/list', { action: 'role', targetType: 'member', pageSize: 100 }, admin));
    assert.equal(roleChanges.results.length, 3);
    const target = roleChanges.results[0].targetId;
    assert.equal(dataOf(await call('/audit/list', { targetType: 'member', targetId: target }, admin)).page.total, 3);

    // The entries span more than one Shanghai day when the tests' clock moved past midnight (a
    // schedule firing the next morning): the day filter must count exactly the entries of its day.
    const shanghaiDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
    const days = all.results.map((e: { at: string }) => shanghaiDay(e.at));
    for (const day of new Set<string>(days)) {
      const expected = days.filter((d: string) => d === day).length;
      assert.equal(dataOf(await call('/audit/list', { startDate: day, endDate: day, pageSize: 1 }, admin)).page.total, expected, `entries of ${day}`);
    }
    assert.equal(dataOf(await call('/audit/list', { startDate: days.at(-1), endDate: days[0], pageSize: 1 }, admin)).page.total, all.page.total);
    assert.equal(dataOf(await call('/audit/list', { startDate: '20200101', endDate: '20200101' }, admin)).page.total, 0);
    refused(await call('/audit/list', { action: 'erase' }, admin), 10001, '操作类型不正确');
  });

  it('is append-only: the database refuses to change or remove an entry', async () => {
    const [entry] = await ctx.app.db.select().from(editorialAudit).limit(1);
    // Drizzle wraps the driver's error: the trigger's message is its cause.
    const appendOnly = (err: Error & { cause?: Error }) => /editorial_audit is append-only/.test(`${err.message} ${err.cause?.message}`);
    await assert.rejects(ctx.app.db.update(editorialAudit).set({ note: '改写' }).where(eq(editorialAudit.id, entry!.id)), appendOnly);
    await assert.rejects(ctx.app.db.delete(editorialAudit).where(eq(editorialAudit.id, entry!.id)), appendOnly);
    await assert.rejects(ctx.app.db.execute(sql`truncate editorial_audit`), appendOnly);
    const [still] = await ctx.app.db.select().from(editorialAudit).where(eq(editorialAudit.id, entry!.id));
    assert.deepEqual(still, entry);
  });
});

describe('the OpenAPI document', () => {
  it('describes every editorial route with its body and reply', async () => {
    const doc = (await ctx.get('/api/docs/json')).body;
    for (const path of ['/api/editor/me', '/api/editor/article/save', '/api/editor/article/schedule', '/api/editor/staff/setRole', '/api/editor/audit/list']) {
      const op = doc.paths[path]?.post;
      assert.ok(op, path);
      assert.deepEqual(op.tags, ['editorial']);
      assert.ok(op.responses['200'], path);
    }
    assert.ok(doc.paths['/api/editor/article/save'].post.requestBody);
  });
});
