import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { conferences, favourites, freeReadClaims, lessons, members, readingRecords } from '../src/db/schema/index.js';
import { lessonBlock } from '../src/modules/courses/service.js';
import { testMember, type TestMemberOptions } from './fixtures.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
type LessonRow = typeof lessons.$inferSelect;
let all: LessonRow[];

before(async () => {
  ctx = await createTestApp();
  all = await ctx.app.db.select().from(lessons);
});
after(() => ctx?.close());

const DETAIL = '/api/lesson/selectLessonDetail';
const detail = async (id: unknown, token?: string) => (await ctx.post(DETAIL, { id }, token)).body;

/** A fresh logged-in account: with or without a real name, optionally an active member. */
const reader = (username: string, opts: TestMemberOptions = {}) => testMember(ctx, username, opts);

/** A watchable single lesson (video or audio) with the given rules. */
const pick = (where: (l: LessonRow) => boolean) => {
  const found = all.find((l) => l.status === 1 && l.media !== '[]' && l.parentId === null && where(l));
  assert.ok(found, 'the seed has such a lesson');
  return found!;
};

/** A reply's media list with the signature of each URL taken off: what the row stores. */
const unsigned = (media: string) =>
  JSON.stringify(
    (JSON.parse(media) as { url: string; fileType: string }[]).map((m) => {
      const u = new URL(m.url, 'http://site.invalid');
      if (u.pathname.startsWith('/api/media/')) assert.ok(u.searchParams.get('sig'), 'a gated file comes signed');
      u.searchParams.delete('exp');
      u.searchParams.delete('sig');
      return { ...m, url: u.origin === 'http://site.invalid' ? u.pathname + u.search : u.href };
    }),
  );

const useChance = async (id: number, token: string) =>
  (await ctx.get(`/index.php?c=program&m=articleUseMonthChance&sf=pc&type=1&id=${id}&token=${token}`)).body;

describe('lesson access rules (pure)', () => {
  const visitor = { loggedIn: false, hasTruename: false, activeMember: false, freeReadClaimed: false };
  const named = { loggedIn: true, hasTruename: true, activeMember: false, freeReadClaimed: false };
  it('asks a visitor to log in whatever the lesson', () => {
    assert.equal(lessonBlock({ ifViewAuth: 2, memberOnly: 0 }, visitor), 'login');
    assert.equal(lessonBlock({ ifViewAuth: 1, memberOnly: 1 }, visitor), 'login');
  });
  it('asks for a complete profile only on ifViewAuth 1', () => {
    assert.equal(lessonBlock({ ifViewAuth: 1, memberOnly: 0 }, { ...named, hasTruename: false }), 'profile');
    assert.equal(lessonBlock({ ifViewAuth: 2, memberOnly: 0 }, { ...named, hasTruename: false }), '');
    assert.equal(lessonBlock({ ifViewAuth: 1, memberOnly: 0 }, named), '');
  });
  it('opens member lessons to members and to a free read claimed on them', () => {
    assert.equal(lessonBlock({ ifViewAuth: 2, memberOnly: 1 }, named), 'member');
    assert.equal(lessonBlock({ ifViewAuth: 2, memberOnly: 1 }, { ...named, activeMember: true }), '');
    assert.equal(lessonBlock({ ifViewAuth: 2, memberOnly: 1 }, { ...named, freeReadClaimed: true }), '');
    assert.equal(lessonBlock({ ifViewAuth: 1, memberOnly: 1 }, { ...named, hasTruename: false, activeMember: true }), 'profile');
  });
});

describe('lesson detail', () => {
  it('gives a visitor the card, the cover and the flags but no media URL and no content', async () => {
    const lesson = pick((l) => l.ifViewAuth === 2 && l.memberOnly === 0);
    const reply = await detail(lesson.lessonResId);
    assert.equal(reply.code, 0);
    const d = reply.data;
    assert.equal(d.title, lesson.title);
    assert.equal(d.media, '[]');
    assert.equal(d.content, '');
    assert.equal(d.blockedBy, 'login');
    assert.deepEqual([d.is_subscribe, d.is_have_view_auth, d.is_month_chance], [1, 2, 1]);
    assert.ok(JSON.parse(d.coverPc).length > 0);
    const url = (JSON.parse(lesson.media) as { url: string }[])[0]!.url;
    assert.ok(!JSON.stringify(reply).includes(url), 'the media URL does not leak');
  });

  it('opens an ifViewAuth 2 lesson to any logged-in reader, records the reading', async () => {
    const lesson = pick((l) => l.ifViewAuth === 2 && l.memberOnly === 0);
    const r = await reader('ca_plain');
    const d = (await detail(lesson.lessonResId, r.token)).data;
    assert.equal(d.blockedBy, '');
    assert.equal(unsigned(d.media), lesson.media);
    assert.equal(d.content, lesson.content);
    assert.deepEqual([d.is_subscribe, d.is_have_view_auth, d.is_month_chance], [1, 1, 2]);
    await ctx.app.flushReadings();
    const read = await ctx.app.db
      .select()
      .from(readingRecords)
      .where(and(eq(readingRecords.memberId, r.id), eq(readingRecords.kind, 'lesson')));
    assert.deepEqual(read.map((x) => x.itemId), [lesson.lessonResId]);
  });

  it('withholds an ifViewAuth 1 lesson from a reader without a real name (需要资料补齐才能浏览), opens it once named', async () => {
    const lesson = pick((l) => l.ifViewAuth === 1 && l.memberOnly === 0);
    const r = await reader('ca_noname');
    const d = (await detail(lesson.lessonResId, r.token)).data;
    assert.equal(d.blockedBy, 'profile');
    assert.equal(d.media, '[]');
    assert.equal(d.content, '');
    assert.equal(d.is_have_view_auth, 2);
    const url = (JSON.parse(lesson.media) as { url: string }[])[0]!.url;
    assert.ok(!JSON.stringify(d).includes(url));
    await ctx.app.flushReadings();
    const read = await ctx.app.db.select().from(readingRecords).where(eq(readingRecords.memberId, r.id));
    assert.equal(read.length, 0, 'a locked lesson is not recorded as read');
    assert.deepEqual(await useChance(lesson.lessonResId, r.token), { result: 0, msg: '需要资料补齐才能浏览' });

    await ctx.app.db.update(members).set({ truename: '李晓明' }).where(eq(members.id, r.id));
    const open = (await detail(lesson.lessonResId, r.token)).data;
    assert.equal(open.blockedBy, '');
    assert.equal(unsigned(open.media), lesson.media);
  });

  it('opens a member lesson to an active member and keeps it from a non-member', async () => {
    const lesson = pick((l) => l.ifViewAuth === 2 && l.memberOnly === 1);
    const member = await reader('ca_member', { member: true });
    const m = (await detail(lesson.lessonResId, member.token)).data;
    assert.deepEqual([m.blockedBy, m.is_subscribe, m.is_have_view_auth], ['', 2, 1]);
    assert.equal(unsigned(m.media), lesson.media);

    const plain = await reader('ca_nonmember');
    const p = (await detail(lesson.lessonResId, plain.token)).data;
    assert.deepEqual([p.blockedBy, p.is_subscribe, p.is_have_view_auth, p.is_month_chance], ['member', 1, 2, 2]);
    assert.equal(p.media, '[]');
    assert.equal(p.content, '');
  });

  it("unlocks a member lesson for good with the month's free read (type=1), then the chance is used up", async () => {
    const memberLessons = all.filter((l) => l.status === 1 && l.memberOnly === 1 && l.ifViewAuth === 2 && l.parentId === null);
    assert.ok(memberLessons.length >= 2);
    const [first, second] = memberLessons as [LessonRow, LessonRow];
    const r = await reader('ca_free');
    assert.deepEqual(await useChance(first.lessonResId, r.token), { result: '1', msg: '使用成功', article_content: '', wantsay: '' });
    const d = (await detail(first.lessonResId, r.token)).data;
    assert.deepEqual([d.blockedBy, d.is_have_view_auth, d.is_month_chance], ['', 1, 1]);
    assert.equal(d.content, first.content);
    // Claiming the same lesson again is harmless; another lesson is refused this month.
    assert.equal((await useChance(first.lessonResId, r.token)).result, '1');
    assert.deepEqual(await useChance(second.lessonResId, r.token), { result: 0, msg: '您本月免费次数已经使用了!' });
    const s = (await detail(second.lessonResId, r.token)).data;
    assert.deepEqual([s.blockedBy, s.is_month_chance, s.media], ['member', 1, '[]']);
    const claims = await ctx.app.db.select().from(freeReadClaims).where(eq(freeReadClaims.memberId, r.id));
    assert.deepEqual(claims.map((c) => [c.kind, c.itemId]), [['lesson', first.lessonResId]]);
  });

  it('does not use the chance on a lesson the reader may already watch', async () => {
    const open = pick((l) => l.ifViewAuth === 2 && l.memberOnly === 0);
    const r = await reader('ca_open');
    assert.equal((await useChance(open.lessonResId, r.token)).result, '1');
    assert.equal((await ctx.app.db.select().from(freeReadClaims).where(eq(freeReadClaims.memberId, r.id))).length, 0);
  });

  it('lists the chapters of a series in order, and a chapter points back to its series', async () => {
    const series = all.find((l) => l.subjectSerType === 2 && l.parentId === null)!;
    const d = (await detail(series.lessonResId)).data;
    assert.equal(d.content, series.content, 'the series intro is shown to everyone');
    assert.equal(d.media, '[]');
    assert.equal(d.childLessonList.length, 3);
    assert.deepEqual(
      d.childLessonList.map((c: { subhead: string }) => c.subhead),
      ['概念与背景', '关键证据', '临床应用'],
    );
    assert.ok(d.childLessonList.every((c: Record<string, unknown>) => !('media' in c)), 'chapters come without media');
    const chapter = (await detail(d.childLessonList[0].lessonResId)).data;
    assert.equal(chapter.parentLessonResId, series.lessonResId);
    assert.equal(chapter.subjectSerType, 1);
  });

  it('names the disease areas of a lesson (items with articalClassId)', async () => {
    const lesson = all.find((l) => l.classIds.length > 0 && l.parentId === null)!;
    const d = (await detail(lesson.lessonResId)).data;
    assert.deepEqual(d.articalClassIds, lesson.classIds);
    assert.equal(d.items.length, lesson.classIds.length);
    assert.ok(d.items.every((i: { classname: string }) => i.classname.length > 0));
  });

  it('counts plays of a lesson video (addVideoCount, relation type 20) in its view count', async () => {
    const lesson = pick((l) => l.subjectType === 2);
    const before = (await detail(lesson.lessonResId)).data.viewCount;
    const r = await reader('ca_plays');
    const reply = (await ctx.post('/api/user/addVideoCount', { relationId: lesson.lessonResId, relationType: 20 }, r.token)).body;
    assert.equal(reply.code, 0);
    assert.equal((await detail(lesson.lessonResId)).data.viewCount, before + 1);
  });

  it('answers bad and unknown ids clearly', async () => {
    assert.deepEqual(await detail(undefined), { code: 10001, msg: '请输入课程编号', data: null });
    assert.deepEqual(await detail('abc'), { code: 10001, msg: '请输入课程编号', data: null });
    assert.deepEqual(await detail(0), { code: 10001, msg: '请输入课程编号', data: null });
    assert.deepEqual(await detail(99_999_999), { code: 10004, msg: '课程不存在或已下线', data: null });
    const draft = all.find((l) => l.parentId === null)!;
    await ctx.app.db.update(lessons).set({ status: 0 }).where(eq(lessons.id, draft.id));
    assert.equal((await detail(draft.lessonResId)).code, 10004);
    await ctx.app.db.update(lessons).set({ status: 1 }).where(eq(lessons.id, draft.id));
  });

  it('counts published top-level lessons by kind', async () => {
    const reply = (await ctx.post('/api/lesson/selectLessonCount', {})).body;
    const top = all.filter((l) => l.status === 1 && l.parentId === null);
    assert.deepEqual(reply.data, {
      total: top.length,
      video: top.filter((l) => [1, 2].includes(l.subjectSerType)).length,
      imageText: top.filter((l) => [4, 5].includes(l.subjectSerType)).length,
      list: top.filter((l) => l.subjectSerType === 3).length,
    });
  });

  it('seeds outside-chain courses and audio lessons with playable media', async () => {
    assert.ok(all.filter((l) => l.outsideChain.startsWith('https://')).length >= 2);
    const audio = all.find((l) => l.subjectType === 1 && l.media !== '[]' && l.memberOnly === 0 && l.ifViewAuth === 2)!;
    const r = await reader('ca_audio');
    const url = (JSON.parse((await detail(audio.lessonResId, r.token)).data.media) as { url: string; fileType: string }[])[0]!;
    assert.equal(url.fileType, 'audio');
    const file = await ctx.app.inject({ method: 'GET', url: url.url });
    assert.equal(file.statusCode, 200);
    assert.match(String(file.headers['content-type']), /audio\/mpeg/);
  });
});

describe('conferences', () => {
  it('lists the upcoming notices soonest first (lessAdvStatus 2, pageSize 2)', async () => {
    const reply = (await ctx.post('/api/ConferenceAdvance/list', { pageNo: 1, pageSize: 2, lessAdvStatus: 2 })).body;
    assert.equal(reply.code, 0);
    assert.equal(reply.data.results.length, 2);
    assert.equal(reply.data.page.total, 3);
    const [a, b] = reply.data.results;
    assert.ok(a.beginTime < b.beginTime);
    assert.ok(new Date(a.beginTime).getTime() > ctx.clock.now().getTime());
    assert.deepEqual(
      Object.keys(a).sort(),
      ['articelClassName', 'beginTime', 'endTime', 'id', 'ifFav', 'imgPc', 'lessAdvStatus', 'lessonAdvId', 'sponsor', 'subhead', 'title'],
    );
    assert.ok(!('media' in a));
  });

  it('lists reviews newest first and rejects a bad status', async () => {
    const reply = (await ctx.post('/api/ConferenceAdvance/list', { pageNo: 1, pageSize: 10, lessAdvStatus: 1 })).body;
    assert.equal(reply.data.results.length, 3);
    assert.ok(reply.data.results.every((c: { lessAdvStatus: number }) => c.lessAdvStatus === 1));
    assert.deepEqual((await ctx.post('/api/ConferenceAdvance/list', { lessAdvStatus: 5 })).body, {
      code: 10001,
      msg: '会议状态不正确',
      data: null,
    });
  });

  it('gives the detail with content; the review media only to a logged-in reader', async () => {
    const [review] = await ctx.app.db.select().from(conferences).where(eq(conferences.status, 1)).orderBy(conferences.id).limit(1);
    const visitor = (await ctx.post('/api/ConferenceAdvance/detail', { id: review!.id })).body.data;
    assert.equal(visitor.title, review!.title);
    assert.ok(visitor.content.length > 0);
    assert.equal(visitor.media, '[]');
    const r = await reader('ca_conf');
    const logged = (await ctx.post('/api/ConferenceAdvance/detail', { id: review!.id }, r.token)).body.data;
    assert.equal(unsigned(logged.media), review!.media);
    assert.deepEqual((await ctx.post('/api/ConferenceAdvance/detail', { id: 99_999_999 })).body, {
      code: 10004,
      msg: '会议不存在或已下线',
      data: null,
    });
    assert.equal((await ctx.post('/api/ConferenceAdvance/detail', {})).body.msg, '请输入会议编号');
  });

  it('collects and removes a conference (collectRelease, cancelRelease), idempotently; visitors are refused', async () => {
    const [c] = await ctx.app.db.select().from(conferences).limit(1);
    const r = await reader('ca_release');
    assert.equal((await ctx.post('/api/user/collectRelease', { id: c!.id })).body.code, 10002);
    for (let i = 0; i < 2; i++) assert.equal((await ctx.post('/api/user/collectRelease', { id: c!.id }, r.token)).body.data, true);
    assert.equal((await ctx.post('/api/ConferenceAdvance/detail', { id: c!.id }, r.token)).body.data.ifFav, 1);
    const favs = await ctx.app.db.select().from(favourites).where(and(eq(favourites.memberId, r.id), eq(favourites.kind, 'meeting')));
    assert.equal(favs.length, 1);
    for (let i = 0; i < 2; i++) assert.equal((await ctx.post('/api/user/cancelRelease', { id: c!.id }, r.token)).body.data, true);
    assert.equal((await ctx.post('/api/ConferenceAdvance/detail', { id: c!.id }, r.token)).body.data.ifFav, 0);
    assert.equal((await ctx.post('/api/user/collectRelease', { id: 99_999_999 }, r.token)).body.code, 10004);
  });

  it('names the disease areas that have conferences', async () => {
    const reply = (await ctx.post('/api/ConferenceAdvance/subject', {})).body;
    assert.ok(reply.data.length > 0);
    const total = reply.data.reduce((a: number, s: { num: number }) => a + s.num, 0);
    const rows = await ctx.app.db.select().from(conferences);
    assert.equal(total, rows.reduce((a, r) => a + r.classIds.length, 0));
  });
});


