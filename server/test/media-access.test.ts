import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { and, eq, ne } from 'drizzle-orm';
import { articles, conferences, lessons } from '../src/db/schema/index.js';
import { assetsDir, serverRoot } from '../src/paths.js';
import { testMember } from './fixtures.js';
import { createTestApp, type TestContext } from './helpers.js';

// Media of gated items (ARCHITECTURE §3.3): only a signed, short-lived URL handed to a reader who may
// see the item downloads the file; free items' media stay public and cacheable.

let ctx: TestContext;
let member: string;
let nonMember: string;
type ArticleRow = typeof articles.$inferSelect;
type LessonRow = typeof lessons.$inferSelect;
let allArticles: ArticleRow[];
let allLessons: LessonRow[];

/** A logged-in reader with a real name, optionally an active member. */
const reader = async (username: string, active: boolean) =>
  (await testMember(ctx, username, { truename: '测试读者', member: active })).token;

before(async () => {
  ctx = await createTestApp();
  member = await reader('media_member', true);
  nonMember = await reader('media_reader', false);
  allArticles = await ctx.app.db.select().from(articles).where(and(eq(articles.status, 1), ne(articles.videoUrl, '')));
  allLessons = await ctx.app.db.select().from(lessons).where(and(eq(lessons.status, 1), ne(lessons.media, '[]')));
});
after(() => ctx?.close());

const articleMedia = async (a: ArticleRow, token?: string): Promise<string> => {
  const reply = (await ctx.post('/api/article/getArticleDetailById', { id: a.id }, token)).body;
  assert.equal(reply.code, 0);
  return reply.data.videoUrl;
};
const listUrls = (media: string): string[] => (JSON.parse(media) as { url: string; fileType: string }[]).filter((m) => m.fileType !== 'image').map((m) => m.url);
const lessonMedia = async (l: LessonRow, token?: string): Promise<string[]> => {
  const reply = (await ctx.post('/api/lesson/selectLessonDetail', { id: l.lessonResId }, token)).body;
  assert.equal(reply.code, 0);
  return listUrls(reply.data.media);
};
const conferenceMedia = async (id: number, token?: string): Promise<string[]> => {
  const reply = (await ctx.post('/api/ConferenceAdvance/detail', { id }, token)).body;
  assert.equal(reply.code, 0);
  return listUrls(reply.data.media);
};

const download = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const withoutSignature = (url: string) => {
  const u = new URL(url, 'http://site.invalid');
  u.searchParams.delete('exp');
  u.searchParams.delete('sig');
  return u.pathname + u.search;
};
const withParam = (url: string, name: string, value: string) => {
  const u = new URL(url, 'http://site.invalid');
  u.searchParams.set(name, value);
  return u.pathname + u.search;
};
/** The bytes on disk of a media URL's file: the protected store for /api/media/, else the public assets. */
async function fileOf(url: string): Promise<Buffer> {
  const path = new URL(url, 'http://site.invalid').pathname;
  if (path.startsWith('/api/media/')) return readFile(join(serverRoot, 'media', path.slice('/api/media/'.length)));
  return readFile(join(assetsDir, path.slice('/api/static/'.length)));
}

const pickArticle = (sourceId: number, where: (a: ArticleRow) => boolean) => {
  const found = allArticles.find((a) => a.sourceId === sourceId && where(a));
  assert.ok(found, `the seed has such an article of source ${sourceId}`);
  return found!;
};

/** Checks the signed URL a reader who may see the item got: downloads, seeks, private, and nothing else works. */
async function checkSigned(url: string) {
  assert.match(url, /^\/api\/media\/[^?]+\?(.+&)?exp=\d+&sig=[A-Za-z0-9_-]+$/, `a signed URL: ${url}`);
  const bytes = await fileOf(url);

  const whole = await download(url);
  assert.equal(whole.statusCode, 200, url);
  assert.ok(whole.rawPayload.equals(bytes), 'the whole file');
  const cache = String(whole.headers['cache-control']);
  assert.match(cache, /^private, max-age=\d+$/);
  const maxAge = Number(/max-age=(\d+)/.exec(cache)![1]);
  const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
  assert.ok(maxAge > 0 && maxAge <= exp - Math.floor(ctx.clock.now().getTime() / 1000), 'cached no longer than the URL lives');

  const part = await download(url, { range: 'bytes=100-199' });
  assert.equal(part.statusCode, 206);
  assert.equal(part.headers['content-range'], `bytes 100-199/${bytes.length}`);
  assert.ok(part.rawPayload.equals(bytes.subarray(100, 200)), 'the right bytes');
  assert.match(String(part.headers['cache-control']), /^private/);

  const unsigned = await download(withoutSignature(url));
  assert.ok([403, 404].includes(unsigned.statusCode), `unsigned: ${unsigned.statusCode}`);
  const basename = new URL(url, 'http://x').pathname.split('/').pop()!;
  const asStatic = await download(`/api/static/media/${basename}`);
  assert.equal(asStatic.statusCode, 404, 'not a public static file under the same name');

  const sig = new URL(url, 'http://x').searchParams.get('sig')!;
  const tampered = await download(withParam(url, 'sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)));
  assert.equal(tampered.statusCode, 403);
  assert.equal(tampered.json().code, 10403);
  const longer = await download(withParam(url, 'exp', String(exp + 3600)));
  assert.equal(longer.statusCode, 403, 'the expiry is signed');
  const otherFile = await download(url.replace(/\/api\/media\/[^?]+/, '/api/media/lesson-1.mp4'));
  assert.ok(url.includes('/api/media/lesson-1.mp4?') || otherFile.statusCode === 403, 'the path is signed');
}

/** After the URL's life (the app's clock moved on), the same URL is refused. */
async function checkExpires(url: string) {
  const saved = ctx.clock.current;
  try {
    ctx.clock.advance(31 * 60_000);
    const res = await download(url);
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().msg, '播放链接已过期，请刷新页面');
  } finally {
    ctx.clock.current = saved;
  }
}

describe('media of gated items', () => {
  for (const [kind, sourceId] of [
    ['article video', 5],
    ['animation', 7],
    ['audio', 8],
  ] as const) {
    it(`${kind}: no URL for a reader who may not see it, a signed one for a member`, async () => {
      const gated = pickArticle(sourceId, (a) => a.accessLevel !== 'public');
      assert.equal(await articleMedia(gated), '', 'a visitor gets no URL');
      if (gated.accessLevel === 'member') assert.equal(await articleMedia(gated, nonMember), '', 'a non-member gets no URL');
      const url = await articleMedia(gated, member);
      await checkSigned(url);
      await checkExpires(url);
    });
  }

  it('lesson: no URL for a visitor or a non-member, a signed one for a member', async () => {
    const lesson = allLessons.find((l) => l.memberOnly === 1 && l.parentId === null);
    assert.ok(lesson, 'the seed has a member-only lesson with media');
    assert.deepEqual(await lessonMedia(lesson!), []);
    assert.deepEqual(await lessonMedia(lesson!, nonMember), []);
    const [url] = await lessonMedia(lesson!, member);
    await checkSigned(url!);
    await checkExpires(url!);
    const audio = allLessons.find((l) => l.subjectType === 1);
    assert.ok(audio, 'the seed has an audio lesson');
    const [audioUrl] = await lessonMedia(audio!, member);
    await checkSigned(audioUrl!);
  });

  it('conference: no URL for a visitor, a signed one for a logged-in reader', async () => {
    const rows = await ctx.app.db.select().from(conferences);
    const withVideo = rows.find((c) => c.media.includes('"video"'));
    assert.ok(withVideo, 'the seed has a conference with a video');
    assert.deepEqual(await conferenceMedia(withVideo!.id), []);
    const [url] = await conferenceMedia(withVideo!.id, nonMember);
    await checkSigned(url!);
    await checkExpires(url!);
  });

  it('signs at reply time: each reply gets a URL of its own time, a cached detail never carries an old one', async () => {
    const gated = pickArticle(7, (a) => a.accessLevel === 'member');
    const first = await articleMedia(gated, member);
    ctx.clock.advance(40 * 60_000);
    const second = await articleMedia(gated, member);
    assert.notEqual(first, second);
    assert.equal((await download(first)).statusCode, 403);
    assert.equal((await download(second)).statusCode, 200);
  });
});

describe('media of free items', () => {
  it('are public files, cacheable, seekable', async () => {
    const free = pickArticle(7, (a) => a.accessLevel === 'public');
    const url = await articleMedia(free);
    assert.match(url, /^\/api\/static\/media\//);
    const res = await download(url);
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['cache-control']), /^public, max-age=\d+/);
    const part = await download(url, { range: 'bytes=0-99' });
    assert.equal(part.statusCode, 206);
    assert.equal(part.rawPayload.length, 100);
    // A member gets the same public URL: nothing to sign.
    assert.equal(await articleMedia(free, member), url);
  });
});

describe('whole seed', () => {
  it('no media file a member reply names is downloadable without a session', async () => {
    const urls = new Set<string>();
    for (const a of allArticles.filter((x) => x.accessLevel !== 'public')) {
      const url = await articleMedia(a, member);
      if (url) urls.add(url);
    }
    for (const l of allLessons) for (const url of await lessonMedia(l, member)) urls.add(url);
    for (const c of await ctx.app.db.select({ id: conferences.id }).from(conferences)) {
      for (const url of await conferenceMedia(c.id, member)) urls.add(url);
    }
    assert.ok(urls.size > 20, `the seed's gated items carry media (${urls.size})`);
    const open: string[] = [];
    for (const url of urls) {
      const res = await download(withoutSignature(url));
      if (res.statusCode === 200 || res.statusCode === 206) open.push(url);
    }
    console.log(`# member-only media URLs: ${urls.size}; downloadable without a session: ${open.length}`);
    assert.deepEqual(open, []);
  });
});
