// The site furniture in the editorial console (issue 20, item 1): banners, adverts, hot reads and
// module switches. Editors and admins only (nothing changes for anyone else), every change audited,
// bad input refused naming the field, saves against a replaced revision refused (also when sent at
// the same moment), and readers' calls and the page the server draws before scripts follow at once.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SiteMessages as M } from '../src/modules/editorial/siteMessages.js';
import { EditorialMessages } from '../src/modules/editorial/messages.js';
import { auditTrail, dataOf, editorCall, refused, staffTokens, type Reply } from './editorial-helpers.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
let dir: string;
let tokens: Awaited<ReturnType<typeof staffTokens>>;

/** A shell page with the boxes the server fills (the header advert and the route's top). */
const INDEX =
  '<!doctype html><html><head></head><body><div id=qy-header-ad class=qy-header-ad--reserved></div><main id=qy-main class=qy-main--pending></main></body></html>';

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qy-site-'));
  const web = join(dir, 'web');
  const releases = join(dir, 'releases');
  await mkdir(web, { recursive: true });
  await mkdir(releases, { recursive: true });
  await writeFile(join(web, 'index.html'), INDEX);
  await writeFile(join(web, 'routes.json'), JSON.stringify({ remotes: { 'mf-content': ['/', '/index'] }, shell: [] }));
  await writeFile(join(releases, 'remotes.json'), '{}');
  ctx = await createTestApp({ config: { webRoot: web, releasesDir: releases } });
  tokens = await staffTokens(ctx);
});
after(async () => {
  await ctx?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const call = (path: string, body: unknown, token?: string): Promise<Reply> => editorCall(ctx, `/site${path}`, body, token);
const reader = async (path: string, body: unknown) => dataOf((await ctx.post(path, body)).body);
const homeBanner = () => reader('/api/base/getBanner', { code: 'home' });
const headerAdverts = () => reader('/api/advert/selectAdvertList', { ifPublish: '是', pageNo: 1, pageSize: 10, advertPosition: '页眉' });
/** The home page as the server draws it before any script. */
const homePage = async () => {
  const res = await ctx.get('/index', { accept: 'text/html' });
  assert.equal(res.status, 200);
  return res.text;
};
const trail = (targetType: string) => auditTrail(ctx, targetType, tokens.admin);

describe('site furniture: who may change it', () => {
  it('refuses visitors, readers and contributors on every route, and nothing changes', async () => {
    const banner = dataOf(await call('/banner/get', { code: 'home' }, tokens.editor));
    const adverts = dataOf(await call('/advert/list', {}, tokens.editor)).results;
    const hot = dataOf(await call('/hotRead/list', {}, tokens.editor));
    const writes: [string, unknown][] = [
      ['/banner/save', { code: 'home', baseRevision: banner.revision, pictures: [] }],
      ['/advert/save', { name: '越权广告', img: '/x.png', advertPosition: '页眉', ifPublish: 1 }],
      ['/advert/delete', { id: adverts[0].id, baseRevision: adverts[0].revision }],
      ['/advert/reorder', { advertPosition: 'bottom', ids: adverts.filter((a: any) => a.advertPosition === 'bottom').map((a: any) => a.id).reverse() }],
      ['/hotRead/save', { baseVersion: hot.version, items: [] }],
      ['/switch/set', { moduleName: 'advert', switchValue: 0 }],
    ];
    const reads: [string, unknown][] = [
      ['/banner/get', { code: 'home' }],
      ['/advert/list', {}],
      ['/hotRead/list', {}],
      ['/hotRead/candidates', { relationType: 40 }],
      ['/switch/list', {}],
    ];
    for (const [path, body] of [...writes, ...reads]) {
      refused(await call(path, body), 10002, /登录/);
      refused(await call(path, body, tokens.reader), 10403, EditorialMessages.notStaff);
      refused(await call(path, body, tokens.contributor), 10403, EditorialMessages.editorOnly);
    }
    assert.deepEqual(dataOf(await call('/banner/get', { code: 'home' }, tokens.editor)), banner);
    assert.deepEqual(dataOf(await call('/advert/list', {}, tokens.editor)).results, adverts);
    assert.deepEqual(dataOf(await call('/hotRead/list', {}, tokens.editor)), hot);
    assert.equal((await reader('/api/base/getModularSwitch', { moduleName: 'advert' })).switchValue, 1);
    for (const target of ['banner', 'advert', 'hot_read', 'module_switch']) assert.deepEqual(await trail(target), [], target);
  });
});

describe('site furniture: banners', () => {
  it('refuses a picture without its picture, a bad link and a stale revision, naming the field', async () => {
    const banner = dataOf(await call('/banner/get', { code: 'home' }, tokens.editor));
    const pictures = banner.pictures as { pic: string; title: string; intro: string; url: string }[];
    assert.ok(pictures.length >= 2);
    refused(await call('/banner/save', { code: 'home', baseRevision: banner.revision, pictures: [...pictures, { pic: ' ', title: '无图' }] }, tokens.editor), 10001, M.bannerPicRequired(pictures.length + 1));
    assert.equal(M.bannerPicRequired(2), '第2张横幅：请上传横幅图片');
    refused(await call('/banner/save', { code: 'home', baseRevision: banner.revision, pictures: [{ ...pictures[0]!, url: 'javascript:alert(1)' }] }, tokens.editor), 10001, M.bannerUrlInvalid(1));
    refused(await call('/banner/save', { code: 'home', baseRevision: banner.revision, pictures: [{ ...pictures[0]!, title: '长'.repeat(65) }] }, tokens.editor), 10001, M.bannerTitleTooLong(1));
    refused(await call('/banner/save', { code: 'lobby', baseRevision: 1, pictures: [] }, tokens.editor), 10001, M.bannerCode);
    refused(await call('/banner/save', { code: 'home', pictures: [] }, tokens.editor), 10001, M.revisionRequired);
    assert.deepEqual((await homeBanner()).content, pictures);
  });

  it('adds, edits, moves and removes pictures; readers and the first view have them at once; audited; a stale save is refused', async () => {
    const banner = dataOf(await call('/banner/get', { code: 'home' }, tokens.editor));
    const [first, second, ...rest] = banner.pictures;
    const added = { pic: '/api/static/banners/new-home.png', title: '新横幅：年度专题', intro: '编辑部换上的新横幅。', url: '/latest-periodical' };
    // New picture first, the old first one edited and moved after the second, the last removed.
    const next = [added, second, { ...first, title: `${first.title}（修订）` }, ...rest.slice(0, -1)];
    const started = Date.now();
    const saved = dataOf(await call('/banner/save', { code: 'home', baseRevision: banner.revision, pictures: next }, tokens.editor));
    assert.equal(saved.revision, banner.revision + 1);
    assert.deepEqual(saved.pictures, next);
    assert.deepEqual((await homeBanner()).content, next);
    const page = await homePage();
    assert.ok(Date.now() - started < 5000);
    const firstView = /<div id="qy-first-view"[\s\S]*?<\/div><\/div><\/div>/.exec(page)?.[0] ?? '';
    assert.match(firstView, /<img src="\/api\/static\/banners\/new-home\.png"/);
    assert.match(firstView, /新横幅：年度专题/);
    assert.match(page, /<link rel="preload" href="\/api\/static\/banners\/new-home\.png" as="image"/);

    // The same list again changes nothing: no revision, no entry.
    assert.equal(dataOf(await call('/banner/save', { code: 'home', baseRevision: saved.revision, pictures: next }, tokens.editor)).revision, saved.revision);

    // Someone holding the old revision is refused, and the list stays the newer one.
    const stale = await call('/banner/save', { code: 'home', baseRevision: banner.revision, pictures: [] }, tokens.admin);
    refused(stale, 10409, M.bannerStale(saved.revision));
    assert.equal(stale.data.currentRevision, saved.revision);
    assert.deepEqual((await homeBanner()).content, next);

    const entries = await trail('banner');
    assert.equal(entries.length, 1);
    assert.equal(entries[0]!.action, 'save');
    assert.equal(entries[0]!.actorName, 'demo_editor');
    assert.equal(entries[0]!.targetLabel, '首页横幅');
    assert.deepEqual(entries[0]!.before.pictures, banner.pictures);
    assert.deepEqual(entries[0]!.after.pictures, next);
  });

  it('of two saves sent at the same moment on the same revision, exactly one applies', async () => {
    const banner = dataOf(await call('/banner/get', { code: 'classroom' }, tokens.editor));
    const mine = (title: string) => banner.pictures.map((p: any, i: number) => (i === 0 ? { ...p, title } : p));
    const replies = await Promise.all([
      call('/banner/save', { code: 'classroom', baseRevision: banner.revision, pictures: mine('编辑甲的标题') }, tokens.editor),
      call('/banner/save', { code: 'classroom', baseRevision: banner.revision, pictures: mine('管理员乙的标题') }, tokens.admin),
    ]);
    assert.deepEqual(replies.map((r) => r.code).sort(), [0, 10409]);
    const winner = replies.find((r) => r.code === 0)!.data;
    assert.deepEqual((await reader('/api/base/getBanner', { code: 'classroom' })).content, winner.pictures);
    assert.equal((await trail('banner')).filter((e) => e.targetLabel === '课堂横幅').length, 1);
  });
});

describe('site furniture: adverts', () => {
  const advert = (fields: Record<string, unknown> = {}) => ({
    name: '新的页眉广告',
    img: '/api/static/adverts/new-header.png',
    adUrl: '/course-resources',
    advertPosition: '页眉',
    ifPublish: 1,
    ...fields,
  });

  it('refuses an advert without a name or picture, with a bad link or time, or ending before it starts', async () => {
    const before = dataOf(await call('/advert/list', {}, tokens.editor)).results.length;
    refused(await call('/advert/save', advert({ name: '  ' }), tokens.editor), 10001, M.advertNameRequired);
    refused(await call('/advert/save', advert({ img: '' }), tokens.editor), 10001, M.advertImageRequired);
    refused(await call('/advert/save', advert({ adUrl: 'ftp://x' }), tokens.editor), 10001, M.advertUrlInvalid);
    refused(await call('/advert/save', advert({ advertPosition: 'left' }), tokens.editor), 10001, M.advertPosition);
    refused(await call('/advert/save', advert({ startAt: '2026-13-01 10:00' }), tokens.editor), 10001, M.startInvalid);
    refused(await call('/advert/save', advert({ endAt: '明天' }), tokens.editor), 10001, M.endInvalid);
    refused(await call('/advert/save', advert({ startAt: '2026-06-02 10:00', endAt: '2026-06-01 10:00' }), tokens.editor), 10001, '结束时间不能早于开始时间');
    assert.equal(dataOf(await call('/advert/list', {}, tokens.editor)).results.length, before);
    assert.deepEqual(await trail('advert'), []);
  });

  it('a new header advert moved first is the one readers and the first view show, at once; unpublished it goes', async () => {
    const started = Date.now();
    const created = dataOf(await call('/advert/save', advert(), tokens.admin));
    assert.equal(created.revision, 1);
    assert.equal(created.live, true);
    const position = dataOf(await call('/advert/list', { advertPosition: '页眉' }, tokens.admin)).results.map((a: any) => a.id);
    assert.equal(position.at(-1), created.id, 'a new advert comes last in its position');
    const order = [created.id, ...position.filter((id: number) => id !== created.id)];
    const reordered = dataOf(await call('/advert/reorder', { advertPosition: '页眉', ids: order }, tokens.admin)).results;
    assert.deepEqual(reordered.map((a: any) => a.id), order);

    assert.equal((await headerAdverts()).results[0].id, created.id);
    const page = await homePage();
    assert.ok(Date.now() - started < 5000);
    const box = /<div id="qy-header-ad"[\s\S]*?<\/div>/.exec(page)?.[0] ?? '';
    assert.match(box, /<img src="\/api\/static\/adverts\/new-header\.png" alt="新的页眉广告">/);
    assert.match(box, /href="\/course-resources"/);

    // Unpublished: gone from readers and from the drawn page.
    const hidden = dataOf(await call('/advert/save', { ...advert({ ifPublish: 0 }), id: created.id, baseRevision: created.revision }, tokens.editor));
    assert.equal(hidden.revision, 2);
    assert.ok(!(await headerAdverts()).results.some((a: any) => a.id === created.id));
    assert.doesNotMatch(await homePage(), /new-header\.png/);

    // A stale save is refused and changes nothing.
    refused(await call('/advert/save', { ...advert({ name: '旧版本的修改' }), id: created.id, baseRevision: 1 }, tokens.admin), 10409, M.advertStale(2));
    // A reorder that misses an advert of the position is refused.
    refused(await call('/advert/reorder', { advertPosition: '页眉', ids: order.slice(1) }, tokens.admin), 10409, M.advertOrderChanged);

    const entries = (await trail('advert')).reverse();
    assert.deepEqual(
      entries.map((e) => [e.action, e.actorName, e.targetLabel]),
      [
        ['save', 'demo_admin', '新的页眉广告'],
        ['reorder', 'demo_admin', '页眉'],
        ['save', 'demo_editor', '新的页眉广告'],
      ],
    );
    assert.equal(entries[0]!.before, null);
    assert.equal(entries[2]!.before.ifPublish, 1);
    assert.equal(entries[2]!.after.ifPublish, 0);
    assert.deepEqual(entries[1]!.after.ids, order);

    const deleted = dataOf(await call('/advert/delete', { id: created.id, baseRevision: 2 }, tokens.editor));
    assert.equal(deleted.id, created.id);
    refused(await call('/advert/delete', { id: created.id, baseRevision: 2 }, tokens.editor), 10001, M.advertNotFound);
    assert.equal((await trail('advert'))[0]!.action, 'delete');
  });

  it('shows an advert only between its start and end times, by the app\'s clock', async () => {
    const inAnHour = new Date(ctx.clock.now().getTime() + 3_600_000).toISOString();
    const inTwoHours = new Date(ctx.clock.now().getTime() + 7_200_000).toISOString();
    const created = dataOf(await call('/advert/save', advert({ name: '定时广告', advertPosition: 'bottom', startAt: inAnHour, endAt: inTwoHours }), tokens.editor));
    assert.equal(created.live, false);
    assert.match(created.startAt, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const bottom = async () => (await reader('/api/advert/selectAdvertList', { pageNo: 1, pageSize: 50, advertPosition: 'bottom' })).results.map((a: any) => a.id);
    assert.ok(!(await bottom()).includes(created.id));
    ctx.clock.advance(3_600_000);
    assert.ok((await bottom()).includes(created.id));
    ctx.clock.advance(3_600_000);
    assert.ok(!(await bottom()).includes(created.id), 'gone at its end');
  });

  it('of two saves sent at the same moment on the same revision, exactly one applies', async () => {
    const created = dataOf(await call('/advert/save', advert({ name: '并发广告', advertPosition: 'right-one' }), tokens.editor));
    const replies = await Promise.all(
      ['甲', '乙', '丙'].map((n, i) => call('/advert/save', { ...advert({ name: `并发广告${n}`, advertPosition: 'right-one' }), id: created.id, baseRevision: 1 }, i % 2 ? tokens.admin : tokens.editor)),
    );
    assert.deepEqual(replies.map((r) => r.code).sort(), [0, 10409, 10409]);
    const list = dataOf(await call('/advert/list', { advertPosition: 'right-one' }, tokens.editor)).results;
    const now = list.find((a: any) => a.id === created.id);
    assert.equal(now.revision, 2);
    assert.equal(now.name, replies.find((r) => r.code === 0)!.data.name);
  });
});

describe('site furniture: hot reads', () => {
  it('picks, orders and removes hot reads; readers follow at once; bad targets and a stale version are refused; audited', async () => {
    const hot = dataOf(await call('/hotRead/list', {}, tokens.editor));
    assert.ok(hot.items.length >= 4);
    assert.ok(hot.items.every((i: any) => i.title && i.shown));
    const article = dataOf(await call('/hotRead/candidates', { relationType: 40 }, tokens.editor)).results.find(
      (c: any) => !hot.items.some((i: any) => i.relationType === 40 && i.relationId === c.relationId),
    );
    assert.ok(article, 'an article not yet a hot read');
    const lessons = dataOf(await call('/hotRead/candidates', { relationType: 10 }, tokens.editor)).results;
    assert.ok(lessons.length > 0 && lessons.every((l: any) => l.typeLabel === '课程' && l.shown));
    const byTitle = dataOf(await call('/hotRead/candidates', { relationType: 40, keyword: article.title.slice(0, 6) }, tokens.editor)).results;
    assert.ok(byTitle.some((c: any) => c.relationId === article.relationId));

    const items = [{ relationType: 40, relationId: article.relationId }, ...hot.items.slice(0, 3).reverse().map((i: any) => ({ relationType: i.relationType, relationId: i.relationId }))];
    refused(await call('/hotRead/save', { baseVersion: hot.version, items: [...items, items[0]] }, tokens.editor), 10001, M.hotReadDuplicate('文章', article.relationId));
    refused(await call('/hotRead/save', { baseVersion: hot.version, items: [...items, { relationType: 40, relationId: 99999999 }] }, tokens.editor), 10001, M.hotReadUnknown('文章', 99999999));
    refused(await call('/hotRead/save', { baseVersion: hot.version, items: [{ relationType: 50, relationId: 1 }] }, tokens.editor), 10001, M.hotReadType);

    const saved = dataOf(await call('/hotRead/save', { baseVersion: hot.version, items }, tokens.editor));
    assert.notEqual(saved.version, hot.version);
    const shown = (await reader('/api/hotRead/selectHotReadList', { pageNo: 1, pageSize: 100 })).results.map((r: any) => [r.relationType, r.id]);
    assert.deepEqual(shown, items.map((i) => [i.relationType, i.relationId]));

    refused(await call('/hotRead/save', { baseVersion: hot.version, items: [] }, tokens.admin), 10409, M.hotReadStale);
    assert.equal((await reader('/api/hotRead/selectHotReadList', { pageNo: 1, pageSize: 100 })).results.length, items.length);

    const entries = await trail('hot_read');
    assert.equal(entries.length, 1);
    assert.equal(entries[0]!.actorName, 'demo_editor');
    assert.deepEqual(entries[0]!.after.items, items);
    assert.deepEqual(entries[0]!.before.items.length, hot.items.length);
  });

  it('of two saves sent at the same moment on the same version, exactly one applies', async () => {
    const hot = dataOf(await call('/hotRead/list', {}, tokens.editor));
    const pairs = hot.items.map((i: any) => ({ relationType: i.relationType, relationId: i.relationId }));
    const replies = await Promise.all([
      call('/hotRead/save', { baseVersion: hot.version, items: pairs.slice(1) }, tokens.editor),
      call('/hotRead/save', { baseVersion: hot.version, items: [...pairs].reverse() }, tokens.admin),
    ]);
    assert.deepEqual(replies.map((r) => r.code).sort(), [0, 10409]);
    const winner = replies.find((r) => r.code === 0)!.data;
    assert.deepEqual(dataOf(await call('/hotRead/list', {}, tokens.editor)).version, winner.version);
  });
});

describe('site furniture: module switches', () => {
  it('turns the advert and hot read modules off and on; readers and the first view follow at once; audited', async () => {
    assert.deepEqual(dataOf(await call('/switch/list', {}, tokens.editor)).results, [
      { moduleName: 'advert', label: '广告', switchValue: 1 },
      { moduleName: 'hot_read', label: '热读', switchValue: 1 },
    ]);
    refused(await call('/switch/set', { moduleName: 'search', switchValue: 0 }, tokens.editor), 10001, M.switchName);
    refused(await call('/switch/set', { moduleName: 'advert', switchValue: 2 }, tokens.editor), 10001, M.switchValue);

    assert.match(await homePage(), /<aside class="qy-header-ad"/);
    dataOf(await call('/switch/set', { moduleName: 'advert', switchValue: 0 }, tokens.admin));
    assert.equal((await reader('/api/base/getModularSwitch', { moduleName: 'advert' })).switchValue, 0);
    const page = await homePage();
    assert.match(page, /<div id="qy-header-ad"><\/div>/, 'no advert and no reserved space');
    dataOf(await call('/switch/set', { moduleName: 'hot_read', switchValue: 0 }, tokens.editor));
    assert.equal((await reader('/api/base/getModularSwitch', { moduleName: 'hot_read' })).switchValue, 0);
    // Setting the value it has changes nothing and writes no entry.
    dataOf(await call('/switch/set', { moduleName: 'hot_read', switchValue: 0 }, tokens.editor));
    dataOf(await call('/switch/set', { moduleName: 'advert', switchValue: 1 }, tokens.editor));
    assert.match(await homePage(), /<aside class="qy-header-ad"/);

    const entries = (await trail('module_switch')).reverse();
    assert.deepEqual(
      entries.map((e) => [e.actorName, e.targetLabel, e.before?.switchValue, e.after.switchValue]),
      [
        ['demo_admin', 'advert', 1, 0],
        ['demo_editor', 'hot_read', 1, 0],
        ['demo_editor', 'advert', 0, 1],
      ],
    );
  });
});
