import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, isNotNull } from 'drizzle-orm';
import { favourites, lessons, members } from '../src/db/schema/index.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
const LIST = '/api/lesson/selectLessonList';

before(async () => {
  ctx = await createTestApp();
});
after(() => ctx?.close());

const list = async (body: Record<string, unknown>, token?: string) => (await ctx.post(LIST, body, token)).body;

describe('lesson list', () => {
  it('pages through the 30 published top-level lessons', async () => {
    const first = await list({ lessonStatus: 1, pageNo: 1, pageSize: 9, sortType: 3 });
    assert.equal(first.code, 0);
    assert.equal(first.data.results.length, 9);
    assert.deepEqual(first.data.page, { total: 30, pages: 4, pageNo: 1, pageSize: 9 });
    const last = await list({ pageNo: 4, pageSize: 9 });
    assert.equal(last.data.results.length, 3);
  });

  it('does not list the chapters of a series', async () => {
    const children = await ctx.app.db.select({ id: lessons.id }).from(lessons).where(isNotNull(lessons.parentId));
    assert.ok(children.length > 0);
    const all = await list({ pageNo: 1, pageSize: 100 });
    const listed = new Set(all.data.results.map((r: { id: number }) => r.id));
    assert.ok(children.every((c) => !listed.has(c.id)));
  });

  it('filters by subject series type, as the home page does', async () => {
    const videos = await list({ pageNo: 1, pageSize: 3, subjectSerType: [1, 2], sortType: 3 });
    assert.equal(videos.data.results.length, 3);
    const all12 = await list({ pageNo: 1, pageSize: 100, subjectSerType: [1, 2] });
    assert.ok(all12.data.results.every((r: { subjectSerType: number }) => [1, 2].includes(r.subjectSerType)));
    const all45 = await list({ pageNo: 1, pageSize: 100, subjectSerType: [4, 5] });
    assert.ok(all45.data.results.every((r: { subjectSerType: number }) => [4, 5].includes(r.subjectSerType)));
    const three = await list({ pageNo: 1, pageSize: 100, subjectSerType: [3] });
    assert.equal(all12.data.page.total + all45.data.page.total + three.data.page.total, 30);
  });

  it('rejects a subject series type outside 1..5 and a bad page size with 10001', async () => {
    assert.deepEqual(await list({ pageNo: 1, pageSize: 9, subjectSerType: [9] }), { code: 10001, msg: '课程类型不正确', data: null });
    assert.deepEqual(await list({ pageNo: 1, pageSize: 0 }), { code: 10001, msg: '每页条数需在1到100之间', data: null });
    assert.deepEqual(await list({ pageNo: 1, pageSize: 9, startDate: '20240101' }), {
      code: 10001,
      msg: '开始日期和结束日期需同时填写',
      data: null,
    });
  });

  it('filters by disease area (articalClassId or articalClassIds) and by date', async () => {
    const one = await list({ pageNo: 1, pageSize: 100, articalClassId: 9 });
    assert.ok(one.data.page.total > 0);
    assert.ok(one.data.results.every((r: { classNames: string }) => r.classNames.includes('感染')));
    const many = await list({ pageNo: 1, pageSize: 100, articalClassIds: [9, 2] });
    assert.ok(many.data.page.total > one.data.page.total);
    const none = await list({ pageNo: 1, pageSize: 100, startDate: '20100101', endDate: '20100102' });
    assert.equal(none.data.page.total, 0);
  });

  it('returns cards with every field of the wire type and JSON covers', async () => {
    const [card] = (await list({ pageNo: 1, pageSize: 1 })).data.results;
    assert.deepEqual(Object.keys(card).sort(), [
      'classNames',
      'coverMobile',
      'coverPc',
      'createTime',
      'id',
      'ifFav',
      'ifViewAuth',
      'lessonResId',
      'outsideChain',
      'publishdate',
      'subhead',
      'subjectSerType',
      'subjectType',
      'title',
    ]);
    const covers = JSON.parse(card.coverPc) as { url: string }[];
    // A course's cover is one of its kind (video 编辑课堂, image-text 临床研究与实践, audio 音频课程).
    assert.match(covers[0]!.url, /^\/api\/static\/covers\/course-(video|text|audio)-\d\.svg$/);
    const svg = await ctx.app.inject({ method: 'GET', url: covers[0]!.url });
    assert.equal(svg.statusCode, 200);
    assert.match(String(svg.headers['content-type']), /image\/svg\+xml/);
    const label = card.subjectType === 1 || card.subjectType === 4 ? '音频课程' : [4, 5].includes(card.subjectSerType) ? '临床研究与实践' : '编辑课堂';
    assert.ok(svg.body.includes(`>${label}</text>`), `${covers[0]!.url} for subjectSerType ${card.subjectSerType}`);
  });

  it("marks the caller's favourite lessons by lesson resource id", async () => {
    const [member] = await ctx.app.db.select({ id: members.id }).from(members).where(eq(members.username, 'demo_doctor'));
    const [card] = (await list({ pageNo: 1, pageSize: 1 })).data.results;
    await ctx.app.db.insert(favourites).values({ memberId: member!.id, kind: 'lesson', itemId: card.lessonResId });
    const token = await ctx.login('demo_doctor');
    assert.equal((await list({ pageNo: 1, pageSize: 1 }, token)).data.results[0].ifFav, 1);
    assert.equal((await list({ pageNo: 1, pageSize: 1 })).data.results[0].ifFav, 0);
  });

  it('collects and removes a lesson by lesson resource id, twice harmlessly; visitors and unknown lessons are refused', async () => {
    const [card] = (await list({ pageNo: 1, pageSize: 1, sortType: 1 })).data.results;
    const token = await ctx.login('demo_reader');
    assert.equal((await ctx.post('/api/user/collectLesson', { id: card.lessonResId })).body.code, 10002);
    for (let i = 0; i < 2; i++) {
      const reply = (await ctx.post('/api/user/collectLesson', { id: card.lessonResId }, token)).body;
      assert.deepEqual([reply.code, reply.data], [0, true]);
    }
    assert.equal((await list({ pageNo: 1, pageSize: 1, sortType: 1 }, token)).data.results[0].ifFav, 1);
    const fav = (await ctx.post('/api/user/selectMyFavLesson', { pageNo: 1, pageSize: 20 }, token)).body;
    assert.ok(fav.data.results.some((l: { lessonResId: number }) => l.lessonResId === card.lessonResId));
    for (let i = 0; i < 2; i++) {
      const reply = (await ctx.post('/api/user/cancelCollectLesson', { id: card.lessonResId }, token)).body;
      assert.deepEqual([reply.code, reply.data], [0, true]);
    }
    assert.equal((await list({ pageNo: 1, pageSize: 1, sortType: 1 }, token)).data.results[0].ifFav, 0);
    assert.equal((await ctx.post('/api/user/collectLesson', { id: 99_999_999 }, token)).body.code, 10004);
    assert.equal((await ctx.post('/api/user/collectLesson', { id: 'x' }, token)).body.code, 10001);
  });
});
