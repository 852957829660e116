// Timed publication (issue "The editorial console", workflow): scheduled articles go live at their
// time on every instance, exactly once. On PostgreSQL two app instances share one database; on the
// embedded database (one process owns it) the second instance is a second editorial service on it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import { buildApp, type App } from '../src/app.js';
import { articles, editorialAudit } from '../src/db/schema/index.js';
import { createEditorialService, type EditorialService } from '../src/modules/editorial/service.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
let editor: string;
/** The other instance's app (PostgreSQL only). */
let otherApp: App | undefined;
let other: EditorialService;

before(async () => {
  ctx = await createTestApp();
  editor = await ctx.login('demo_editor');
  if (ctx.driver === 'postgres') {
    otherApp = await buildApp({ ...ctx.config, now: ctx.clock.now }, { logger: false });
    await otherApp.ready();
    other = otherApp.editorial;
  } else {
    other = createEditorialService({ db: ctx.app.db, now: ctx.clock.now });
  }
});
after(async () => {
  await otherApp?.close();
  await ctx?.close();
});

const call = async (path: string, body: unknown) => (await ctx.post(`/api/editor${path}`, body, editor)).body;
function dataOf<T = any>(reply: { code: number; msg: string; data: T }): T {
  assert.equal(reply.code, 0, JSON.stringify(reply).slice(0, 400));
  return reply.data;
}

let serial = 0;
/** A draft scheduled `minutes` from now; returns its id and permalinks. */
async function scheduled(minutes: number) {
  serial++;
  const draft = dataOf(await call('/article/create', { document: { sourceId: 6, title: `定时发布测试 ${serial}`, permalinks: `QYS${serial}` } }));
  const publishAt = new Date(ctx.clock.now().getTime() + minutes * 60_000).toISOString();
  dataOf(await call('/article/schedule', { id: draft.id, revision: 1, publishAt }));
  return { id: draft.id as number, permalinks: `QYS${serial}` };
}

const publishEntries = (ids: number[]) =>
  ctx.app.db
    .select()
    .from(editorialAudit)
    .where(and(eq(editorialAudit.action, 'publish'), eq(editorialAudit.targetType, 'article'), inArray(editorialAudit.targetId, ids)));

describe('the scheduler with two instances on one database', () => {
  it('publishes one due article once: one instance publishes it, the other finds nothing, one audit entry', async () => {
    const item = await scheduled(30);
    assert.deepEqual(await Promise.all([ctx.app.editorial.publishDue(), other.publishDue()]), [0, 0], 'not due yet');

    ctx.clock.advance(30 * 60_000);
    const counts = await Promise.all([ctx.app.editorial.publishDue(), other.publishDue()]);
    assert.deepEqual([...counts].sort(), [0, 1]);
    assert.equal((await publishEntries([item.id])).length, 1);
    const [row] = await ctx.app.db.select().from(articles).where(eq(articles.id, item.id));
    assert.equal(row!.editorialState, 'published');
    assert.equal(row!.status, 1);

    // Later runs of either instance publish nothing more.
    assert.deepEqual(await Promise.all([ctx.app.editorial.publishDue(), other.publishDue()]), [0, 0]);
    assert.equal((await publishEntries([item.id])).length, 1);
  });

  it('publishes many due articles each once while both instances run repeatedly', async () => {
    const items = await Promise.all([1, 2, 3, 4, 5, 6].map(() => scheduled(10)));
    ctx.clock.advance(10 * 60_000);
    const counts = await Promise.all([
      ctx.app.editorial.publishDue(),
      other.publishDue(),
      ctx.app.editorial.publishDue(),
      other.publishDue(),
    ]);
    assert.equal(counts.reduce((a, b) => a + b, 0), items.length);
    const entries = await publishEntries(items.map((i) => i.id));
    assert.deepEqual(entries.map((e) => e.targetId).sort(), items.map((i) => i.id).sort());
  });

  it('what one instance publishes, the other serves on its lists and pages at once', { skip: !process.env.TEST_DATABASE_URL && 'PostgreSQL only' }, async () => {
    const item = await scheduled(5);
    const otherList = async () =>
      ((await otherApp!.inject({ method: 'POST', url: '/api/article/selectArticleList', payload: { sourceIds: [6], pageSize: 5 } })).json().data.results as {
        id: number;
      }[]).map((r) => r.id);
    assert.ok(!(await otherList()).includes(item.id));
    ctx.clock.advance(5 * 60_000);
    assert.equal(await ctx.app.editorial.publishDue(), 1);
    assert.equal((await otherList())[0], item.id);
    const page = (await otherApp!.inject({ method: 'POST', url: '/api/article/getArticleDetail', payload: { permalinks: item.permalinks } })).json();
    assert.equal(page.code, 0);
  });
});

describe('the scheduler timer', () => {
  it('runs every EDITORIAL_SCHEDULER_INTERVAL_SECONDS with the app, and stops with it', async () => {
    const timed = await createTestApp({ config: { editorial: { schedulerIntervalMs: 50 } } });
    try {
      const token = await timed.login('demo_editor');
      const post = async (path: string, body: unknown) => dataOf((await timed.post(`/api/editor${path}`, body, token)).body);
      const draft = await post('/article/create', { document: { sourceId: 7, title: '定时器发布的动画' } });
      const publishAt = new Date(timed.clock.now().getTime() + 60_000).toISOString();
      await post('/article/schedule', { id: draft.id, revision: 1, publishAt });
      const state = async () => (await timed.app.db.select({ s: articles.editorialState }).from(articles).where(eq(articles.id, draft.id)))[0]!.s;
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(await state(), 'scheduled');
      timed.clock.advance(60_000);
      const deadline = Date.now() + 5_000;
      while ((await state()) !== 'published' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      assert.equal(await state(), 'published');
    } finally {
      await timed.close();
    }
  });
});
