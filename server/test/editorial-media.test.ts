import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { MediaLimits } from '../src/config.js';
import { editorialAudit, editorialMedia } from '../src/db/schema/index.js';
import { MediaMessages } from '../src/modules/editorial/media.js';
import { EditorialMessages } from '../src/modules/editorial/messages.js';
import { testMember } from './fixtures.js';
import { dataOf, editorCall, journalDraft, refused, staffTokens, type Reply } from './editorial-helpers.js';
import { createTestApp, type TestContext } from './helpers.js';
import { FakeS3, fakeS3Settings } from './s3-fake.js';
import { multipart } from './upload-helpers.js';

// The editorial media library (issue "The editorial console", item 5): uploads of pictures, MP4
// video and MP3/M4A audio by staff, recognised by their bytes, with the duration and size read from
// the file, pictures with a cover and a thumbnail, member media in the gated store only, attached
// to articles through their save. The audio and video files are small real files (fixtures/media).

const fixture = (name: string) => readFile(new URL(`./fixtures/media/${name}`, import.meta.url));

/** Small limits, so the over-size refusals need only small files (the real ones are in config.ts). */
const LIMITS: MediaLimits = { image: 300 * 1024, audio: 64 * 1024, video: 8000 };

/** Every file under a folder, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1)).sort();
}

const stagingDirs = async () => (await readdir(tmpdir())).filter((n) => n.startsWith('qy-media-')).length;

interface Upload {
  bytes: Buffer;
  filename?: string;
  contentType?: string;
  access?: string;
}

async function upload(ctx: TestContext, file: Upload, token?: string): Promise<Reply> {
  const { payload, headers } = multipart(
    { filename: file.filename ?? 'upload.bin', contentType: file.contentType ?? 'application/octet-stream', bytes: file.bytes },
    file.access === undefined ? {} : { access: file.access },
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/editor/media/upload',
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return res.json();
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 110, b: 200 } } })
    .composite([{ input: { create: { width: Math.floor(width / 4), height: Math.floor(height / 4), channels: 3, background: '#fa0' } }, top: 5, left: 5 }])
    .png()
    .toBuffer();

describe('editorial media on local storage', () => {
  let ctx: TestContext;
  let uploadsDir: string;
  let mediaDir: string;
  let tokens: Awaited<ReturnType<typeof staffTokens>>;

  before(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'qy-test-uploads-'));
    mediaDir = await mkdtemp(join(tmpdir(), 'qy-test-gated-'));
    ctx = await createTestApp({
      config: {
        uploads: { storage: 'local', dir: uploadsDir },
        media: { storage: 'local', dir: mediaDir, s3KeyPrefix: 'media/', ttlSeconds: 600, secret: 'media-test-secret-0123456789abcdef' },
        editorial: { schedulerIntervalMs: 0, mediaLimits: LIMITS },
      },
    });
    tokens = await staffTokens(ctx);
  });
  after(async () => {
    await ctx?.close();
    await rm(uploadsDir, { recursive: true, force: true });
    await rm(mediaDir, { recursive: true, force: true });
  });

  const mediaRows = async () => Number((await ctx.app.db.select({ n: count() }).from(editorialMedia))[0]!.n);
  const stored = async () => [...(await filesUnder(uploadsDir)), ...(await filesUnder(mediaDir))];

  /** Uploads a file that must be refused with `message`; nothing may be stored or recorded. */
  async function refusedUpload(file: Upload, message: string) {
    const [rows, files, staging] = [await mediaRows(), await stored(), await stagingDirs()];
    refused(await upload(ctx, file, tokens.contributor), 10001, message);
    assert.equal(await mediaRows(), rows, 'no media row');
    assert.deepEqual(await stored(), files, 'no file stored');
    assert.equal(await stagingDirs(), staging, 'the staging folder is gone');
  }

  describe('who may upload and list', () => {
    it('refuses a visitor (10002) and a reader (10403), storing nothing', async () => {
      const bytes = await png(40, 30);
      const files = await stored();
      assert.equal((await upload(ctx, { bytes })).code, 10002);
      refused(await upload(ctx, { bytes }, tokens.reader), 10403, EditorialMessages.notStaff);
      refused(await editorCall(ctx, '/media/list', {}, tokens.reader), 10403, EditorialMessages.notStaff);
      refused(await editorCall(ctx, '/media/attach', { id: 1, baseRevision: 1, mediaId: 1, field: 'thumb' }, tokens.reader), 10403, EditorialMessages.notStaff);
      assert.deepEqual(await stored(), files);
    });

    it('lets a contributor upload and list', async () => {
      const item = dataOf(await upload(ctx, { bytes: await png(64, 48), filename: '封面.png' }, tokens.contributor));
      assert.equal(item.kind, 'image');
      assert.equal(item.originalName, '封面.png');
      assert.equal(item.uploadedBy.username, 'demo_contributor');
      const list = dataOf(await editorCall(ctx, '/media/list', { kind: 'image' }, tokens.contributor));
      assert.ok(list.results.some((m: { id: number }) => m.id === item.id));
    });
  });

  describe('each type, read from the file', () => {
    it('takes a PNG: its size read, the original kept, a 1200 px cover and a 300 px thumbnail', async () => {
      const bytes = await png(1600, 900);
      const item = dataOf(await upload(ctx, { bytes, filename: 'figure.png', contentType: 'image/png' }, tokens.contributor));
      assert.deepEqual([item.kind, item.contentType, item.width, item.height, item.durationMs, item.bytes], ['image', 'image/png', 1600, 900, null, bytes.length]);
      assert.equal(item.access, 'public');
      assert.match(item.url, /^\/api\/uploads\/editorial\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
      assert.equal(item.playUrl, item.url);
      assert.equal(item.coverUrl, item.url.replace('.png', '_w1200.png'));
      assert.equal(item.thumbUrl, item.url.replace('.png', '_w300.png'));
      const original = await ctx.app.inject({ method: 'GET', url: item.url });
      assert.equal(original.statusCode, 200);
      assert.ok(original.rawPayload.equals(bytes), 'the original as uploaded');
      const cover = await sharp((await ctx.app.inject({ method: 'GET', url: item.coverUrl })).rawPayload).metadata();
      const thumb = await sharp((await ctx.app.inject({ method: 'GET', url: item.thumbUrl })).rawPayload).metadata();
      assert.deepEqual([cover.format, cover.width, cover.height], ['png', 1200, 675]);
      assert.deepEqual([thumb.format, thumb.width, thumb.height], ['png', 300, 169]);
    });

    it('takes a JPEG (turned by its EXIF orientation) and a WebP, never enlarging a small one', async () => {
      const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#369' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
      const photo = dataOf(await upload(ctx, { bytes: jpeg, filename: 'photo.jpg' }, tokens.contributor));
      assert.deepEqual([photo.contentType, photo.width, photo.height], ['image/jpeg', 600, 800]);
      assert.match(photo.url, /\.jpg$/);
      const cover = await sharp(await readFile(join(uploadsDir, photo.coverUrl.replace('/api/uploads/', '')))).metadata();
      assert.deepEqual([cover.width, cover.height], [600, 800], 'turned upright, not enlarged');

      const webp = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#963' } }).webp().toBuffer();
      const item = dataOf(await upload(ctx, { bytes: webp, filename: 'wide.webp' }, tokens.contributor));
      assert.deepEqual([item.contentType, item.width, item.height], ['image/webp', 2000, 1000]);
      const webpCover = await sharp(await readFile(join(uploadsDir, item.coverUrl.replace('/api/uploads/', '')))).metadata();
      assert.deepEqual([webpCover.format, webpCover.width], ['webp', 1200]);
    });

    it('takes MP3 audio with an ID3 tag and without one (frame sync), with its duration', async () => {
      for (const name of ['tone-3s.mp3', 'tone-3s-noid3.mp3']) {
        const bytes = await fixture(name);
        const item = dataOf(await upload(ctx, { bytes, filename: name, contentType: 'audio/mpeg' }, tokens.contributor));
        assert.deepEqual([item.kind, item.contentType, item.width, item.height, item.bytes], ['audio', 'audio/mpeg', null, null, bytes.length], name);
        // 3 s of tone plus the encoder's padding frames.
        assert.ok(item.durationMs >= 3000 && item.durationMs <= 3100, `${name}: ${item.durationMs}`);
        assert.equal(item.durationText, '0:03');
        assert.match(item.url, /\.mp3$/);
        assert.equal(item.coverUrl, '');
      }
    });

    it('takes M4A audio with its duration', async () => {
      const item = dataOf(await upload(ctx, { bytes: await fixture('tone-2s.m4a'), filename: 'tone.m4a' }, tokens.contributor));
      assert.deepEqual([item.kind, item.contentType, item.width], ['audio', 'audio/mp4', null]);
      assert.ok(item.durationMs >= 2000 && item.durationMs <= 2100, String(item.durationMs));
      assert.match(item.url, /\.m4a$/);
    });

    it('takes MP4 video with its duration and frame size, the movie box first or last', async () => {
      const fast = dataOf(await upload(ctx, { bytes: await fixture('clip-2s-64x48.mp4'), filename: 'clip.mp4' }, tokens.contributor));
      assert.deepEqual([fast.kind, fast.contentType, fast.width, fast.height, fast.durationMs, fast.durationText], ['video', 'video/mp4', 64, 48, 2000, '0:02']);
      const last = dataOf(await upload(ctx, { bytes: await fixture('clip-1.5s-moovlast-noaudio.mp4'), filename: 'red.mp4' }, tokens.contributor));
      assert.deepEqual([last.kind, last.width, last.height, last.durationMs], ['video', 32, 24, 1500]);
      const served = await ctx.app.inject({ method: 'GET', url: fast.url });
      assert.equal(served.statusCode, 200);
      assert.ok(served.rawPayload.equals(await fixture('clip-2s-64x48.mp4')));
    });
  });

  describe('refusals', () => {
    it('refuses a file of another type, whatever its name or declared type, and stores nothing', async () => {
      await refusedUpload({ bytes: Buffer.from('<html><script>alert(1)</script></html> padding padding'), filename: 'clip.mp4', contentType: 'video/mp4' }, MediaMessages.type);
      await refusedUpload({ bytes: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(200, 1)]), filename: 'a.gif' }, MediaMessages.type);
      // A QuickTime movie has the same boxes but is not MP4.
      const mov = Buffer.from(await fixture('clip-2s-64x48.mp4'));
      mov.write('qt  ', 8, 'latin1');
      await refusedUpload({ bytes: mov, filename: 'clip.mov' }, MediaMessages.type);
      await refusedUpload({ bytes: Buffer.from('short'), filename: 'x.mp3' }, MediaMessages.type);
    });

    it('refuses a file whose magic number matches but which cannot be read, and stores nothing', async () => {
      const mp4 = await fixture('clip-2s-64x48.mp4');
      await refusedUpload({ bytes: mp4.subarray(0, 300), filename: 'cut.mp4' }, MediaMessages.unreadable('video'));
      await refusedUpload({ bytes: Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(3000, 0x41)]), filename: 'noise.mp3' }, MediaMessages.unreadable('audio'));
      const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#123' } }).jpeg().toBuffer();
      await refusedUpload({ bytes: jpeg.subarray(0, 200), filename: 'cut.jpg' }, MediaMessages.unreadable('image'));
    });

    it('refuses a file over its kind\'s limit, and a body declared larger than any limit before reading it', async () => {
      const video = Buffer.concat([await fixture('clip-2s-64x48.mp4'), Buffer.alloc(LIMITS.video, 0)]);
      await refusedUpload({ bytes: video, filename: 'long.mp4' }, MediaMessages.size('video', LIMITS.video));
      assert.equal(MediaMessages.size('video', 500 * 1024 * 1024), '上传视频大小不能超过 500MB!');
      const audio = Buffer.concat([await fixture('tone-3s.mp3'), Buffer.alloc(LIMITS.audio, 0)]);
      await refusedUpload({ bytes: audio, filename: 'long.mp3' }, MediaMessages.size('audio', LIMITS.audio));
      const noise = await sharp(Buffer.from(Array.from({ length: 400 * 400 * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width: 400, height: 400, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
      assert.ok(noise.length > LIMITS.image);
      await refusedUpload({ bytes: noise, filename: 'big.png' }, MediaMessages.size('image', LIMITS.image));

      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/editor/media/upload',
        payload: Buffer.alloc(LIMITS.image + 70 * 1024, 0x2d),
        headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${tokens.contributor}` },
      });
      refused(res.json(), 10001, MediaMessages.size('image', LIMITS.image));
    });

    it('refuses a bad access value, a member picture and a second file', async () => {
      await refusedUpload({ bytes: await fixture('tone-3s.mp3'), access: 'everyone' }, MediaMessages.access);
      await refusedUpload({ bytes: await png(50, 50), access: 'member' }, MediaMessages.memberImage);
      const tone = await fixture('tone-3s.mp3');
      const filePart = (name: string) => [Buffer.from(`--qyB\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: audio/mpeg\r\n\r\n`), tone, Buffer.from('\r\n')];
      const second = Buffer.concat([...filePart('a.mp3'), ...filePart('b.mp3'), Buffer.from('--qyB--\r\n')]);
      const headers = { 'content-type': 'multipart/form-data; boundary=qyB' };
      const rows = await mediaRows();
      const res = await ctx.app.inject({ method: 'POST', url: '/api/editor/media/upload', payload: second, headers: { ...headers, authorization: `Bearer ${tokens.contributor}` } });
      refused(res.json(), 10001, MediaMessages.oneFile);
      assert.equal(await mediaRows(), rows);
    });
  });

  describe('member media', () => {
    it('stores member audio and video in the gated store only: no public URL, signed URLs only', async () => {
      const bytes = await fixture('tone-2s.m4a');
      const item = dataOf(await upload(ctx, { bytes, filename: 'member.m4a', access: 'member' }, tokens.contributor));
      assert.equal(item.access, 'member');
      assert.equal(item.accessLabel, '会员专享');
      const key = item.url.replace('/api/media/', '');
      assert.match(item.url, /^\/api\/media\/editorial\/\d{4}\/\d{2}\/[0-9a-f]{32}\.m4a$/);
      assert.ok((await filesUnder(mediaDir)).includes(key), 'in the gated store');
      assert.ok(!(await filesUnder(uploadsDir)).some((f) => f.endsWith(key.split('/').pop()!)), 'not in the public uploads');
      assert.equal((await ctx.app.inject({ method: 'GET', url: `/api/uploads/${key}` })).statusCode, 404);
      assert.equal((await ctx.app.inject({ method: 'GET', url: item.url })).statusCode, 403, 'unsigned: refused');
      assert.match(item.playUrl, /^\/api\/media\/editorial\/.+\?exp=\d+&sig=/);
      const played = await ctx.app.inject({ method: 'GET', url: item.playUrl });
      assert.equal(played.statusCode, 200);
      assert.ok(played.rawPayload.equals(bytes));
      // The list signs again at each reply, and never hands out another address.
      const listed = dataOf(await editorCall(ctx, '/media/list', { access: 'member' }, tokens.editor)).results.find((m: { id: number }) => m.id === item.id);
      assert.equal(listed.url, item.url);
      assert.match(listed.playUrl, /sig=/);
    });

    it('reaches readers of an audio item only as the signed URL of the reply, and not a visitor', async () => {
      const audio = dataOf(await upload(ctx, { bytes: await fixture('tone-3s.mp3'), filename: 'talk.mp3', access: 'member' }, tokens.contributor));
      const draft = dataOf(await editorCall(ctx, '/article/create', { document: journalDraft('MEDIAAUDIO', { sourceId: 8, filterId: null, accessLevel: 'member' }) }, tokens.contributor));
      const attached = dataOf(await editorCall(ctx, '/media/attach', { id: draft.id, baseRevision: draft.revision, mediaId: audio.id, field: 'videoUrl' }, tokens.contributor));
      assert.equal(attached.document.videoUrl, audio.url);
      assert.equal(attached.revision, draft.revision + 1);
      const live = dataOf(await editorCall(ctx, '/article/publish', { id: draft.id, revision: attached.revision }, tokens.editor));
      assert.equal(live.state, 'published');

      const detail = async (token?: string) => (await ctx.post('/api/article/getArticleDetailById', { id: draft.id }, token)).body.data.videoUrl as string;
      assert.equal(await detail(), '', 'a visitor gets no address');
      assert.equal(await detail(tokens.reader), '', 'a reader who is not a member gets no address');
      const member = await testMember(ctx, 'media_lib_member', { truename: '会员读者', member: true });
      const signed = await detail(member.token);
      assert.match(signed, /^\/api\/media\/editorial\/.+\.mp3\?exp=\d+&sig=/);
      assert.equal((await ctx.app.inject({ method: 'GET', url: signed })).statusCode, 200);
    });

    it('refuses public video or audio on an article for members or logged-in readers', async () => {
      const open = dataOf(await upload(ctx, { bytes: await fixture('clip-2s-64x48.mp4'), filename: 'open.mp4' }, tokens.contributor));
      const draft = dataOf(await editorCall(ctx, '/article/create', { document: journalDraft('MEDIAGATED', { sourceId: 7, filterId: null, accessLevel: 'login' }) }, tokens.contributor));
      refused(await editorCall(ctx, '/media/attach', { id: draft.id, baseRevision: draft.revision, mediaId: open.id, field: 'videoUrl' }, tokens.contributor), 10001, MediaMessages.publicOnGated);
      const after = dataOf(await editorCall(ctx, '/article/get', { id: draft.id }, tokens.contributor));
      assert.equal(after.revision, draft.revision, 'nothing saved');
      assert.equal(after.document.videoUrl, '');
      // Nor by a plain save of the field, nor by gating an article that has it.
      const save = (document: Record<string, unknown>, id = draft.id, baseRevision = draft.revision) =>
        editorCall(ctx, '/article/save', { id, baseRevision, document }, tokens.contributor);
      refused(await save({ videoUrl: open.url }), 10001, MediaMessages.publicOnGated);
      const free = dataOf(await editorCall(ctx, '/article/create', { document: journalDraft('MEDIAFREE', { sourceId: 7, filterId: null, accessLevel: 'public', videoUrl: open.url }) }, tokens.contributor));
      refused(await save({ accessLevel: 'member' }, free.id, free.revision), 10001, MediaMessages.publicOnGated);
      assert.equal(dataOf(await editorCall(ctx, '/article/get', { id: free.id }, tokens.contributor)).document.accessLevel, 'public');
    });
  });

  describe('attaching to articles', () => {
    it("puts a picture's cover into thumb and a video into videoUrl, as saves with revisions", async () => {
      const picture = dataOf(await upload(ctx, { bytes: await png(1400, 800), filename: 'cover.png' }, tokens.contributor));
      const clip = dataOf(await upload(ctx, { bytes: await fixture('clip-2s-64x48.mp4'), filename: 'anim.mp4' }, tokens.contributor));
      const draft = dataOf(await editorCall(ctx, '/article/create', { document: journalDraft('MEDIAANIM', { sourceId: 7, filterId: null, accessLevel: 'public' }) }, tokens.contributor));
      const withCover = dataOf(await editorCall(ctx, '/media/attach', { id: draft.id, baseRevision: draft.revision, mediaId: picture.id, field: 'thumb' }, tokens.contributor));
      assert.equal(withCover.document.thumb, picture.coverUrl);
      const withVideo = dataOf(await editorCall(ctx, '/media/attach', { id: draft.id, baseRevision: withCover.revision, mediaId: clip.id, field: 'videoUrl' }, tokens.contributor));
      assert.equal(withVideo.document.videoUrl, clip.url);
      assert.equal(withVideo.revision, draft.revision + 2);
      const revisions = dataOf(await editorCall(ctx, '/article/revisions', { id: draft.id }, tokens.contributor));
      assert.deepEqual(revisions.slice(0, 2).map((r: { changed: string[] }) => r.changed), [['videoUrl'], ['thumb']]);
    });

    it('keeps optimistic versioning: an attach over a replaced revision is refused (10409) and not applied', async () => {
      const picture = dataOf(await upload(ctx, { bytes: await png(300, 300), filename: 'sq.png' }, tokens.contributor));
      const draft = dataOf(await editorCall(ctx, '/article/create', { document: journalDraft('MEDIASTALE', { accessLevel: 'public' }) }, tokens.contributor));
      dataOf(await editorCall(ctx, '/article/save', { id: draft.id, baseRevision: draft.revision, document: { intro: '他人先保存' } }, tokens.editor));
      const reply = await editorCall(ctx, '/media/attach', { id: draft.id, baseRevision: draft.revision, mediaId: picture.id, field: 'thumb' }, tokens.contributor);
      assert.equal(reply.code, 10409);
      assert.equal(dataOf(await editorCall(ctx, '/article/get', { id: draft.id }, tokens.contributor)).document.thumb, '');
    });

    it('refuses the wrong kind for a field, and an article the caller may not edit', async () => {
      const audio = dataOf(await upload(ctx, { bytes: await fixture('tone-3s-noid3.mp3'), filename: 'a.mp3' }, tokens.contributor));
      const picture = dataOf(await upload(ctx, { bytes: await png(100, 100), filename: 'p.png' }, tokens.editor));
      const clip = dataOf(await upload(ctx, { bytes: await fixture('clip-1.5s-moovlast-noaudio.mp4'), filename: 'v.mp4', access: 'member' }, tokens.editor));
      const mine = dataOf(await editorCall(ctx, '/article/create', { document: journalDraft('MEDIAKINDS', { accessLevel: 'public' }) }, tokens.contributor));
      const attach = (mediaId: number, field: string, id = mine.id, token = tokens.contributor) =>
        editorCall(ctx, '/media/attach', { id, baseRevision: mine.revision, mediaId, field }, token);
      refused(await attach(audio.id, 'thumb'), 10001, MediaMessages.thumbNeedsImage);
      refused(await attach(picture.id, 'videoUrl'), 10001, MediaMessages.videoUrlNeedsPlayable);
      refused(await attach(audio.id, 'videoUrl'), 10001, MediaMessages.videoSource);
      refused(await attach(picture.id, 'content'), 10001, MediaMessages.field);
      refused(await attach(999_999, 'thumb'), 10004, MediaMessages.unknown);
      const audioItem = dataOf(await editorCall(ctx, '/article/create', { document: journalDraft('MEDIAAUDIO2', { sourceId: 8, filterId: null, accessLevel: 'public' }) }, tokens.contributor));
      refused(await editorCall(ctx, '/media/attach', { id: audioItem.id, baseRevision: audioItem.revision, mediaId: clip.id, field: 'videoUrl' }, tokens.contributor), 10001, MediaMessages.audioSource);
      // Someone else's article: the contributor may not edit it.
      const editors = dataOf(await editorCall(ctx, '/article/create', { document: journalDraft('MEDIAOTHER', { accessLevel: 'public' }) }, tokens.editor));
      refused(await attach(picture.id, 'thumb', editors.id), 10403, EditorialMessages.notOwnArticle);
    });
  });

  describe('the library and the audit trail', () => {
    it('lists newest first, paged, filtered by kind and access', async () => {
      const all = dataOf(await editorCall(ctx, '/media/list', { pageSize: 100 }, tokens.contributor));
      assert.ok(all.page.total >= 10);
      const ids = all.results.map((m: { id: number }) => m.id);
      assert.deepEqual(ids, [...ids].sort((a, b) => b - a));
      for (const kind of ['image', 'video', 'audio']) {
        const page = dataOf(await editorCall(ctx, '/media/list', { kind, pageSize: 100 }, tokens.contributor));
        assert.ok(page.results.length > 0 && page.results.every((m: { kind: string }) => m.kind === kind), kind);
      }
      const firstTwo = dataOf(await editorCall(ctx, '/media/list', { pageNo: 1, pageSize: 2 }, tokens.contributor));
      const nextTwo = dataOf(await editorCall(ctx, '/media/list', { pageNo: 2, pageSize: 2 }, tokens.contributor));
      assert.deepEqual([...firstTwo.results, ...nextTwo.results].map((m: { id: number }) => m.id), ids.slice(0, 4));
      assert.equal(firstTwo.page.total, all.page.total);
      const members = dataOf(await editorCall(ctx, '/media/list', { access: 'member', pageSize: 100 }, tokens.contributor));
      assert.ok(members.results.every((m: { access: string; url: string }) => m.access === 'member' && m.url.startsWith('/api/media/')));
      const mine = dataOf(await editorCall(ctx, '/media/list', { mine: true, pageSize: 100 }, tokens.editor));
      assert.ok(mine.results.length > 0 && mine.results.every((m: { uploadedBy: { username: string } }) => m.uploadedBy.username === 'demo_editor'));
      refused(await editorCall(ctx, '/media/list', { kind: 'pdf' }, tokens.contributor), 10001, '媒体类型应为image、video或audio');
    });

    it('records every upload in the audit trail, which admins read', async () => {
      const rows = await mediaRows();
      const audited = await ctx.app.db.select().from(editorialAudit).where(eq(editorialAudit.action, 'upload'));
      assert.equal(audited.length, rows);
      const entries = dataOf(await editorCall(ctx, '/audit/list', { action: 'upload', targetType: 'media', pageSize: 100 }, tokens.admin));
      assert.equal(entries.page.total, rows);
      const video = entries.results.find((e: { targetLabel: string }) => e.targetLabel === 'clip.mp4');
      assert.equal(video.actorName, 'demo_contributor');
      assert.deepEqual([video.after.kind, video.after.durationMs, video.after.width, video.after.height], ['video', 2000, 64, 48]);
    });

    it('describes the routes in the OpenAPI document', async () => {
      const doc = (await ctx.get('/api/docs/json')).body;
      for (const path of ['/api/editor/media/upload', '/api/editor/media/list', '/api/editor/media/get', '/api/editor/media/attach']) {
        assert.ok(doc.paths[path]?.post, path);
      }
      assert.match(doc.paths['/api/editor/media/upload'].post.summary, /MP4/);
    });
  });
});

describe('editorial media on S3 storage', () => {
  let fake: FakeS3;
  let ctx: TestContext;
  let contributor: string;

  before(async () => {
    fake = new FakeS3();
    const endpoint = await fake.start();
    ctx = await createTestApp({
      config: {
        uploads: { storage: 's3', dir: '/nonexistent-not-used', s3: fakeS3Settings(endpoint) },
        media: { storage: 's3', dir: '/nonexistent-not-used', s3KeyPrefix: 'media/', ttlSeconds: 600, secret: 'media-test-secret-0123456789abcdef' },
        editorial: { schedulerIntervalMs: 0, mediaLimits: LIMITS },
      },
    });
    contributor = await ctx.login('demo_contributor');
  });
  after(async () => {
    await ctx?.close();
    await fake?.stop();
  });

  it('puts a picture, its cover and thumbnail in the bucket under the uploads prefix, at public URLs', async () => {
    fake.objects.clear();
    const bytes = await png(1300, 700);
    const item = dataOf(await upload(ctx, { bytes, filename: 'p.png' }, contributor));
    assert.match(item.url, /^https:\/\/cdn\.example\.com\/media\/uploads\/editorial\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    const key = (url: string) => url.replace('https://cdn.example.com/media/', '');
    assert.deepEqual([...fake.objects.keys()].sort(), [key(item.url), key(item.coverUrl), key(item.thumbUrl)].sort());
    assert.ok(fake.objects.get(key(item.url))!.body.equals(bytes));
    assert.equal((await sharp(fake.objects.get(key(item.coverUrl))!.body).metadata()).width, 1200);
  });

  it('streams member video to the gated prefix, signed (SigV4 payload hash) with its length; only presigned GETs reach it', async () => {
    fake.objects.clear();
    const bytes = await fixture('clip-2s-64x48.mp4');
    const item = dataOf(await upload(ctx, { bytes, filename: 'm.mp4', access: 'member' }, contributor));
    assert.match(item.url, /^\/api\/media\/editorial\/\d{4}\/\d{2}\/[0-9a-f]{32}\.mp4$/);
    const objectKey = `media/${item.url.replace('/api/media/', '')}`;
    assert.deepEqual([...fake.objects.keys()], [objectKey], 'only under the gated prefix');
    assert.ok(fake.objects.get(objectKey)!.body.equals(bytes));
    assert.equal(fake.objects.get(objectKey)!.contentType, 'video/mp4');
    const presigned = new URL(item.playUrl);
    assert.equal(presigned.pathname, `/qy-bucket/${objectKey}`);
    assert.ok(presigned.searchParams.get('X-Amz-Signature'));
    assert.equal(presigned.searchParams.get('X-Amz-Expires'), '600');
    assert.equal(item.durationMs, 2000);
  });

  it('removes what it stored when the bucket fails midway, and records nothing', async () => {
    fake.objects.clear();
    const rows = Number((await ctx.app.db.select({ n: count() }).from(editorialMedia))[0]!.n);
    fake.failPut = fake.puts + 2; // the cover, stored after the original
    try {
      const reply = await upload(ctx, { bytes: await png(500, 400), filename: 'fails.png' }, contributor);
      assert.equal(reply.code, 50000);
    } finally {
      fake.failPut = 0;
    }
    assert.equal(fake.objects.size, 0);
    assert.equal(Number((await ctx.app.db.select({ n: count() }).from(editorialMedia))[0]!.n), rows);
  });
});
