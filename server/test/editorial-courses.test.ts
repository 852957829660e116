// Courses and conferences in the business console (issue 20, item 2): lessons, series and their
// child lessons in order, the types and access fields, conference notices and reviews; the article
// workflow (draft → scheduled → published → withdrawn, revisions, the scheduler) under the article
// access rules; bad input refused naming the field and nothing written; roles refused change
// nothing; every change audited; readers see published items only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { conferences, contentRevisions, lessons } from '../src/db/schema/index.js';
import { CourseConsoleMessages as M } from '../src/modules/editorial/coursesMessages.js';
import { EditorialMessages } from '../src/modules/editorial/messages.js';
import { auditTrail, dataOf, editorCall, refused, staffTokens, type Reply } from './editorial-helpers.js';
import { testMember } from './fixtures.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof staffTokens>>;

before(async () => {
  ctx = await createTestApp();
  tokens = await staffTokens(ctx);
});
after(() => ctx?.close());

const call = (path: string, body: unknown, token: string = tokens.editor): Promise<Reply> => editorCall(ctx, path, body, token);
const ok = async (path: string, body: unknown, token = tokens.editor) => dataOf(await call(path, body, token));
const trail = (targetType: string) => auditTrail(ctx, targetType, tokens.admin);
const VIDEO = '/api/media/lesson-1.mp4';
const video = (fields: Record<string, unknown> = {}) => ({
  title: '心衰的药物治疗',
  subhead: '第一讲',
  subjectSerType: 1,
  subjectType: 2,
  ifViewAuth: 2,
  memberOnly: 0,
  classIds: [4],
  coverPc: '/api/static/covers/cover-1.svg',
  coverMobile: '/api/static/covers/cover-2.svg',
  media: [{ url: VIDEO, fileType: 'video' }],
  content: '<p>课程介绍</p>',
  ...fields,
});
const meeting = (fields: Record<string, unknown> = {}) => ({
  title: '2027 心血管年会',
  subhead: '预告',
  sponsor: '千言医学',
  imgPc: '/api/static/covers/cover-3.svg',
  classIds: [4],
  beginTime: '2027-03-01 09:00',
  endTime: '2027-03-02 17:00',
  content: '<p>会议日程</p>',
  media: [],
  status: 2,
  ...fields,
});
const lessonDetail = async (lessonResId: number, token?: string) => (await ctx.post('/api/lesson/selectLessonDetail', { id: lessonResId }, token)).body;
const lessonListed = async (title: string) => {
  const body = (await ctx.post('/api/lesson/selectLessonList', { lessonStatus: 1, pageNo: 1, pageSize: 50, searchInfo: title, subjectSerType: [1, 2, 3, 4, 5] })).body;
  return (body.data?.results ?? []) as { lessonResId: number; title: string }[];
};
const counts = async () => {
  const [[l], [c], [r]] = await Promise.all([
    ctx.app.db.select({ n: count() }).from(lessons),
    ctx.app.db.select({ n: count() }).from(conferences),
    ctx.app.db.select({ n: count() }).from(contentRevisions),
  ]);
  return { lessons: l!.n, conferences: c!.n, revisions: r!.n };
};

describe('courses console: lessons', () => {
  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string][] = [
      [video({ title: '  ' }), M.titleRequired],
      [video({ media: [] }), M.videoWithoutMedia],
      [video({ subjectType: 1, media: [{ url: VIDEO, fileType: 'video' }] }), M.audioWithoutMedia],
      [video({ subjectSerType: 4, subjectType: 3, media: [], content: '<p> </p>' }), M.imageTextWithoutContent],
      [video({ subjectSerType: 2, media: [{ url: VIDEO, fileType: 'video' }] }), M.seriesWithMedia],
      [video({ subjectSerType: 6 }), M.subjectSerType],
      [video({ ifViewAuth: 3 }), M.ifViewAuth],
      [video({ coverPc: 'javascript:alert(1)' }), M.coverPcInvalid],
      [video({ coverMobile: 'not a url' }), M.coverMobileInvalid],
      [video({ outsideChain: 'ftp://x.example' }), M.outsideChainInvalid],
      [video({ media: [{ url: VIDEO, fileType: 'movie' }] }), M.mediaTypeInvalid(1)],
      [video({ classIds: [99_999] }), M.classUnknown([99_999])],
      [video({ parentId: 99_999 }), M.parentUnknown],
    ];
    for (const [document, msg] of cases) refused(await call('/courses/create', { document }, tokens.editor), 10001, msg);
    assert.deepEqual(await counts(), before);
  });

  it('an outside-chain course needs no media; an audio lesson needs an audio', async () => {
    const outside = await ok('/courses/create', { document: video({ title: '外链课程', media: [], outsideChain: 'https://example.com/course' }) });
    assert.equal(outside.document.outsideChain, 'https://example.com/course');
    const audio = await ok('/courses/create', { document: video({ title: '音频课', subjectType: 1, media: [{ url: '/api/media/audio-1.mp3', fileType: 'audio' }] }) });
    assert.equal(audio.document.subjectType, 1);
    assert.equal(audio.state, 'draft');
  });

  it('readers, visitors and refused roles change nothing', async () => {
    const draft = await ok('/courses/create', { document: video({ title: '权限测试课' }) }, tokens.contributor);
    const before = await counts();
    // No session, a reader: refused everywhere.
    refused(await editorCall(ctx, '/courses/create', { document: video() }), 10002, /.+/);
    refused(await call('/courses/create', { document: video() }, tokens.reader), 10403, EditorialMessages.notStaff);
    refused(await call('/courses/list', {}, tokens.reader), 10403, EditorialMessages.notStaff);
    refused(await call('/conferences/create', { document: meeting() }, tokens.reader), 10403, EditorialMessages.notStaff);
    // A contributor may not publish, schedule or withdraw, nor touch someone else's lesson.
    refused(await call('/courses/publish', { id: draft.id, revision: 1 }, tokens.contributor), 10403, EditorialMessages.editorOnly);
    refused(await call('/courses/schedule', { id: draft.id, revision: 1, publishAt: '2099-01-01 08:00' }, tokens.contributor), 10403, EditorialMessages.editorOnly);
    const others = await ok('/courses/create', { document: video({ title: '编辑的课' }) });
    const after1 = await counts();
    refused(await call('/courses/save', { id: others.id, baseRevision: 1, document: { title: '改' } }, tokens.contributor), 10403, EditorialMessages.notOwnArticle);
    refused(await call('/courses/get', { id: others.id }, tokens.contributor), 10403, EditorialMessages.notOwnArticle);
    assert.deepEqual(await counts(), after1);
    assert.equal(after1.lessons, before.lessons + 1);
    // The contributor's own draft: they edit it and send it for review, then no more edits.
    const saved = await ok('/courses/save', { id: draft.id, baseRevision: 1, document: { subhead: '投稿人修改' } }, tokens.contributor);
    assert.equal(saved.revision, 2);
    const submitted = await ok('/courses/submit', { id: draft.id, revision: 2 }, tokens.contributor);
    assert.equal(submitted.state, 'in_review');
    refused(await call('/courses/save', { id: draft.id, baseRevision: 2, document: { subhead: '再改' } }, tokens.contributor), 10403, EditorialMessages.notDraftAnymore);
    const [row] = await ctx.app.db.select().from(lessons).where(eq(lessons.id, draft.id));
    assert.equal(row!.subhead, '投稿人修改');
    assert.equal(row!.status, 0);
    // The contributor's list holds their own lessons only.
    const mine = await ok('/courses/list', { pageSize: 100 }, tokens.contributor);
    assert.ok(mine.results.every((r: any) => r.createdBy?.username === 'demo_contributor'));
    assert.ok(mine.results.some((r: any) => r.id === draft.id));
  });

  it('a series with two child lessons (one free, one member-only): order, publish, readers see them under the access rules, withdraw', async () => {
    const series = await ok('/courses/create', { document: video({ title: '心衰系列课', subjectSerType: 2, media: [], content: '<p>系列介绍</p>' }) });
    assert.equal(series.state, 'draft');
    const free = await ok('/courses/create', { document: video({ title: '第一讲 免费', parentId: series.id }) });
    const paid = await ok('/courses/create', { document: video({ title: '第二讲 会员', parentId: series.id, memberOnly: 1, ifViewAuth: 1 }) });
    refused(await call('/courses/create', { document: video({ title: '系列套系列', subjectSerType: 5, media: [], parentId: series.id }) }), 10001, M.seriesAsChild);
    refused(await call('/courses/create', { document: video({ title: '子课程的子课程', parentId: free.id }) }), 10001, M.parentNotSeries);
    let got = await ok('/courses/get', { id: series.id });
    assert.deepEqual(got.children.map((c: any) => c.id), [free.id, paid.id]);
    // The list counts each series' lessons (and lists the series, not its lessons).
    const row = (await ok('/courses/list', { title: '心衰系列课', pageSize: 100 })).results;
    assert.deepEqual(row.map((r: any) => [r.id, r.childCount]), [[series.id, 2]]);

    // Readers see nothing yet.
    assert.equal((await lessonDetail(series.lessonResId)).code, 10004);
    assert.equal((await lessonListed('心衰系列课')).length, 0);

    // Ordering: all children exactly once, at the series' revision; audited.
    refused(await call('/courses/order', { id: series.id, revision: got.revision, childIds: [paid.id] }), 10001, M.orderMismatch);
    got = await ok('/courses/order', { id: series.id, revision: got.revision, childIds: [paid.id, free.id] });
    assert.deepEqual(got.children.map((c: any) => c.id), [paid.id, free.id]);
    refused(await call('/courses/order', { id: series.id, revision: got.revision - 1, childIds: [free.id, paid.id] }), 10409, M.lessonStale(got.revision));
    got = await ok('/courses/order', { id: series.id, revision: got.revision, childIds: [free.id, paid.id] });

    // Publish the series and both lessons.
    await ok('/courses/publish', { id: free.id, revision: free.revision });
    await ok('/courses/publish', { id: paid.id, revision: paid.revision });
    // A published lesson of a series still in draft stays unseen.
    assert.equal((await lessonDetail(free.lessonResId)).code, 10004);
    await ok('/courses/publish', { id: series.id, revision: got.revision });
    const listed = await lessonListed('心衰系列课');
    assert.deepEqual(listed.map((l) => l.lessonResId), [series.lessonResId]);
    const seriesPage = (await lessonDetail(series.lessonResId)).data;
    assert.deepEqual(seriesPage.childLessonList.map((c: any) => c.lessonResId), [free.lessonResId, paid.lessonResId]);

    // A visitor is asked to log in; a reader without a real name opens the free one, not the member one.
    assert.equal((await lessonDetail(free.lessonResId)).data.blockedBy, 'login');
    const reader = await testMember(ctx, 'course_reader', { truename: '王医生' });
    const freeForReader = (await lessonDetail(free.lessonResId, reader.token)).data;
    assert.equal(freeForReader.blockedBy, '');
    assert.match(freeForReader.media, /lesson-1\.mp4/);
    const paidForReader = (await lessonDetail(paid.lessonResId, reader.token)).data;
    assert.equal(paidForReader.blockedBy, 'member');
    assert.equal(paidForReader.media, '[]');
    const unnamed = await testMember(ctx, 'course_unnamed', { member: true });
    assert.equal((await lessonDetail(paid.lessonResId, unnamed.token)).data.blockedBy, 'profile');
    const member = await testMember(ctx, 'course_member', { member: true, truename: '李医生' });
    const paidForMember = (await lessonDetail(paid.lessonResId, member.token)).data;
    assert.equal(paidForMember.blockedBy, '');
    assert.match(paidForMember.media, /lesson-1\.mp4/);

    // Withdrawing a lesson takes it off the series page and its own page.
    const paidNow = await ok('/courses/get', { id: paid.id });
    const withdrawn = await ok('/courses/withdraw', { id: paid.id, revision: paidNow.revision, note: '内容更新' });
    assert.equal(withdrawn.state, 'withdrawn');
    assert.equal((await lessonDetail(paid.lessonResId, member.token)).code, 10004);
    assert.deepEqual((await lessonDetail(series.lessonResId)).data.childLessonList.map((c: any) => c.lessonResId), [free.lessonResId]);
    // And the series withdrawn: off the lists.
    const seriesNow = await ok('/courses/get', { id: series.id });
    await ok('/courses/withdraw', { id: series.id, revision: seriesNow.revision });
    assert.equal((await lessonListed('心衰系列课')).length, 0);
    // Its lessons go with it, even opened by their own address.
    assert.equal((await lessonDetail(free.lessonResId, member.token)).code, 10004);

    const entries = (await trail('lesson')).filter((e) => [series.id, free.id, paid.id].includes(e.targetId));
    const actions = entries.map((e) => `${e.action}:${e.targetId}`);
    for (const expected of [`save:${series.id}`, `reorder:${series.id}`, `publish:${series.id}`, `publish:${free.id}`, `withdraw:${paid.id}`, `withdraw:${series.id}`]) {
      assert.ok(actions.includes(expected), `${expected} in ${actions.join(' ')}`);
    }
    assert.ok(entries.every((e) => e.actorName === 'demo_editor'));
  });

  it('keeps every save as a revision; a stale save is kept, not applied (10409); a revision can be restored', async () => {
    const lesson = await ok('/courses/create', { document: video({ title: '修订测试课' }) });
    const v2 = await ok('/courses/save', { id: lesson.id, baseRevision: 1, document: { title: '修订测试课 第二版' } });
    assert.equal(v2.revision, 2);
    const stale = await call('/courses/save', { id: lesson.id, baseRevision: 1, document: { title: '旧版上的修改' } });
    refused(stale, 10409, M.lessonConflict(2));
    const [row] = await ctx.app.db.select({ title: lessons.title }).from(lessons).where(eq(lessons.id, lesson.id));
    assert.equal(row!.title, '修订测试课 第二版');
    const revisions = await ok('/courses/revisions', { id: lesson.id });
    assert.deepEqual(revisions.map((r: any) => [r.kind, r.revision, r.applied]), [['conflict', null, false], ['save', 2, true], ['create', 1, true]]);
    const first = revisions.find((r: any) => r.kind === 'create');
    const detail = await ok('/courses/revision', { id: lesson.id, revisionId: first.id });
    assert.equal(detail.document.title, '修订测试课');
    const restored = await ok('/courses/restore', { id: lesson.id, revisionId: first.id, baseRevision: 2 });
    assert.equal(restored.revision, 3);
    assert.equal(restored.document.title, '修订测试课');
    const entries = (await trail('lesson')).filter((e) => e.targetId === lesson.id);
    assert.deepEqual(entries.map((e) => e.action), ['restore', 'save', 'save']);
  });

  it('schedules a lesson: the scheduler publishes it once its time comes (also with two runs at once)', async () => {
    const lesson = await ok('/courses/create', { document: video({ title: '定时发布课' }) });
    refused(await call('/courses/schedule', { id: lesson.id, revision: 1, publishAt: '2000-01-01 08:00' }), 10001, EditorialMessages.publishAtPast);
    const publishAt = new Date(ctx.clock.now().getTime() + 10 * 60_000).toISOString();
    const scheduled = await ok('/courses/schedule', { id: lesson.id, revision: 1, publishAt });
    assert.equal(scheduled.state, 'scheduled');
    assert.equal((await lessonDetail(lesson.lessonResId)).code, 10004);
    assert.equal(await ctx.app.courseEditor.publishDue(), 0);
    ctx.clock.advance(11 * 60_000);
    const runs = await Promise.all([ctx.app.courseEditor.publishDue(), ctx.app.courseEditor.publishDue()]);
    assert.equal(runs[0]! + runs[1]!, 1);
    assert.equal((await ok('/courses/get', { id: lesson.id })).state, 'published');
    assert.equal((await lessonDetail(lesson.lessonResId)).code, 0);
    const publishes = (await trail('lesson')).filter((e) => e.targetId === lesson.id && e.action === 'publish');
    assert.equal(publishes.length, 1);
    assert.equal(publishes[0]!.actorName, EditorialMessages.scheduler);
  });
});

describe('courses console: conferences', () => {
  it('refuses bad input naming the field (a conference ending before it begins), and writes nothing', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string][] = [
      [meeting({ title: '' }), M.conferenceTitleRequired],
      [meeting({ beginTime: '2027-03-02 09:00', endTime: '2027-03-01 17:00' }), M.endBeforeBegin],
      [meeting({ beginTime: '' }), M.beginTimeRequired],
      [meeting({ beginTime: '明天' }), M.beginTimeInvalid],
      [meeting({ endTime: '2027-13-01 09:00' }), M.endTimeInvalid],
      [meeting({ status: 3 }), M.conferenceStatus],
      [meeting({ sponsor: '主'.repeat(129) }), M.sponsorTooLong],
      [meeting({ imgPc: 'x y' }), M.imgPcInvalid],
    ];
    for (const [document, msg] of cases) refused(await call('/conferences/create', { document }, tokens.editor), 10001, msg);
    assert.deepEqual(await counts(), before);
  });

  it('a notice and a review: drafts unseen by readers, published seen, withdrawn gone; audited', async () => {
    const notice = await ok('/conferences/create', { document: meeting({ title: '控制台会议预告' }) });
    const review = await ok('/conferences/create', {
      document: meeting({ title: '控制台会议回顾', status: 1, beginTime: '2026-01-01 09:00', endTime: '2026-01-01 12:00', media: [{ url: '/api/media/lesson-2.mp4', fileType: 'video' }] }),
    });
    const readerList = async (status: number) =>
      ((await ctx.post('/api/ConferenceAdvance/list', { lessAdvStatus: status, pageNo: 1, pageSize: 100 })).body.data.results as { id: number }[]).map((r) => r.id);
    const readerDetail = async (id: number) => (await ctx.post('/api/ConferenceAdvance/detail', { id })).body;
    assert.ok(!(await readerList(2)).includes(notice.id));
    assert.equal((await readerDetail(notice.id)).code, 10004);
    await ok('/conferences/publish', { id: notice.id, revision: 1 });
    await ok('/conferences/publish', { id: review.id, revision: 1 });
    assert.ok((await readerList(2)).includes(notice.id));
    assert.ok((await readerList(1)).includes(review.id));
    assert.equal((await readerDetail(review.id)).data.sponsor, '千言医学');
    const saved = await ok('/conferences/save', { id: notice.id, baseRevision: 1, document: { sponsor: '千言医学 心血管学组' } });
    assert.equal(saved.revision, 2);
    await ok('/conferences/withdraw', { id: notice.id, revision: 2 });
    assert.ok(!(await readerList(2)).includes(notice.id));
    assert.equal((await readerDetail(notice.id)).code, 10004);
    refused(await call('/conferences/publish', { id: review.id, revision: 1 }, tokens.contributor), 10403, EditorialMessages.editorOnly);
    const actions = (await trail('conference')).filter((e) => e.targetId === notice.id).map((e) => e.action);
    assert.deepEqual(actions, ['withdraw', 'save', 'publish', 'save']);
    const got = await ok('/conferences/get', { id: notice.id });
    assert.equal(got.document.beginTime, '2027-03-01 09:00');
    assert.equal(got.state, 'withdrawn');
  });
});
