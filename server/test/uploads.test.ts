import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { members, uploads } from '../src/db/schema/index.js';
import { createTestApp, type TestContext } from './helpers.js';
import { filesUnder, jpegWithExif, multipart, pngChunk, pngClaiming, pngWithAlpha, withChunkAfterIhdr } from './upload-helpers.js';

const TYPE = '上传图片只能是 JPG、PNG 格式!';
const SIZE = '上传图片大小不能超过 10MB!';
const PIXELS = '图片尺寸过大，请上传不超过2500万像素的图片';

let ctx: TestContext;
let dir: string;
let token: string;
let memberId: number;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qy-uploads-'));
  ctx = await createTestApp({ config: { uploads: { storage: 'local', dir } } });
  const [m] = await ctx.app.db.insert(members).values({ username: `uploader_${process.pid}`, passwordHash: 'x' }).returning({ id: members.id });
  memberId = m!.id;
  token = (await ctx.app.sessions.issue(memberId)).token;
});
after(async () => {
  await ctx?.close();
  await rm(dir, { recursive: true, force: true });
});

async function upload(file: Parameters<typeof multipart>[0], as: string | null = token) {
  const { payload, headers } = multipart(file);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/File/uploadFile',
    payload,
    headers: { ...headers, ...(as ? { authorization: `Bearer ${as}` } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}

const uploadRows = async () => Number((await ctx.app.db.select({ n: count() }).from(uploads))[0]!.n);

/** Asserts the refusal and that no file and no row were added. */
async function assertRefused(file: Parameters<typeof multipart>[0], msg: string) {
  const files = (await filesUnder(dir)).length;
  const rows = await uploadRows();
  const res = await upload(file);
  assert.deepEqual(res.body, { code: 10001, msg, data: null }, file?.filename);
  assert.equal((await filesUnder(dir)).length, files, 'nothing stored');
  assert.equal(await uploadRows(), rows, 'nothing recorded');
}

describe('accepted pictures', () => {
  it('re-encodes a JPEG without its metadata under a server-made name, with a 300 px thumbnail', async () => {
    const original = await jpegWithExif(1200, 800);
    assert.ok(original.includes('SECRET-EXIF-MARKER'));
    const res = await upload({ filename: '../../etc/passwd.jpg', contentType: 'image/jpeg', bytes: original });
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    assert.equal(res.body.data.length, 1);
    const [item] = res.body.data;
    assert.deepEqual(Object.keys(item).sort(), ['name', 'thumbUrl', 'type', 'url']);
    assert.match(item.name, /^[0-9a-f]{32}\.jpg$/);
    assert.equal(item.type, 'image/jpeg');
    assert.match(item.url, new RegExp(`^/api/uploads/\\d{4}/\\d{2}/${item.name.replace('.', '\\.')}$`));

    const served = await ctx.app.inject({ method: 'GET', url: item.url });
    assert.equal(served.statusCode, 200);
    assert.match(String(served.headers['content-type']), /^image\/jpeg/);
    assert.equal(served.headers['x-content-type-options'], 'nosniff');
    const stored = served.rawPayload;
    assert.ok(!stored.includes('SECRET-EXIF-MARKER'), 'metadata stripped');
    assert.ok(!stored.equals(original), 're-encoded, not copied');
    const meta = await sharp(stored).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height, meta.exif], ['jpeg', 1200, 800, undefined]);

    const thumb = await ctx.app.inject({ method: 'GET', url: item.thumbUrl });
    assert.equal(thumb.statusCode, 200);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    assert.deepEqual([thumbMeta.format, thumbMeta.width, thumbMeta.height], ['jpeg', 300, 200]);

    const [row] = await ctx.app.db.select().from(uploads).where(eq(uploads.url, item.url));
    assert.equal(row!.memberId, memberId);
    assert.equal(row!.thumbUrl, item.thumbUrl);
  });

  it('keeps a PNG a PNG (with its transparency) and widens a small one to a 300 px thumbnail', async () => {
    const res = await upload({ filename: 'logo.png', contentType: 'image/png', bytes: await pngWithAlpha(200, 100) });
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    const [item] = res.body.data;
    assert.match(item.name, /^[0-9a-f]{32}\.png$/);
    assert.equal(item.type, 'image/png');
    const thumb = await sharp((await ctx.app.inject({ method: 'GET', url: item.thumbUrl })).rawPayload).metadata();
    assert.deepEqual([thumb.format, thumb.width, thumb.hasAlpha], ['png', 300, true]);
  });

  it('judges by the bytes: a real JPEG named .png with a PNG type is stored as a JPEG', async () => {
    const res = await upload({ filename: 'photo.png', contentType: 'image/png', bytes: await jpegWithExif(400, 300) });
    assert.equal(res.body.code, 0);
    assert.match(res.body.data[0].name, /\.jpg$/);
    assert.equal(res.body.data[0].type, 'image/jpeg');
  });

  it('accepts a large photo of several megabytes (above the JSON body limit)', async () => {
    const noisy = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .jpeg({ quality: 100 })
      .toBuffer();
    assert.ok(noisy.length > 2 * 1024 * 1024, `${noisy.length} bytes`);
    const res = await upload({ filename: 'big-photo.jpg', contentType: 'image/jpeg', bytes: noisy });
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
  });

  it('accepts a 24-megapixel phone photo (5664×4248)', async () => {
    const photo = await sharp({ create: { width: 5664, height: 4248, channels: 3, background: '#6a8' } }).jpeg({ quality: 80 }).toBuffer();
    const res = await upload({ filename: 'phone24.jpg', contentType: 'image/jpeg', bytes: photo });
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
  });

  it('accepts a phone photo carrying a second picture after the first (multi-picture format) and zero padding', async () => {
    const bytes = Buffer.concat([await jpegWithExif(600, 400), Buffer.alloc(16), await jpegWithExif(160, 120)]);
    const res = await upload({ filename: 'portrait.jpg', contentType: 'image/jpeg', bytes });
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    const stored = (await ctx.app.inject({ method: 'GET', url: res.body.data[0].url })).rawPayload;
    assert.equal((await sharp(stored).metadata()).width, 600);
  });

  it('the uploaded picture becomes the avatar', async () => {
    const res = await upload({ filename: 'me.jpg', contentType: 'image/jpeg', bytes: await jpegWithExif(500, 500) });
    const avatar = await ctx.post('/api/user/updateAvatar', { avatar: res.body.data[0].url }, token);
    assert.equal(avatar.body.msg, '修改成功');
    assert.equal(avatar.body.data.avatar, res.body.data[0].url);
  });
});

describe('refused files (nothing stored)', () => {
  it('a text file with a .jpg name and an image type', async () => {
    await assertRefused({ filename: 'cv.jpg', contentType: 'image/jpeg', bytes: Buffer.from('just some text, not a picture') }, TYPE);
  });

  it('an HTML page named .png', async () => {
    await assertRefused({ filename: 'x.png', contentType: 'image/png', bytes: Buffer.from('<html><script>alert(1)</script></html>') }, TYPE);
  });

  it('GIF and WebP pictures', async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).gif().toBuffer();
    const webp = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).webp().toBuffer();
    await assertRefused({ filename: 'a.gif', contentType: 'image/gif', bytes: gif }, TYPE);
    await assertRefused({ filename: 'a.jpg', contentType: 'image/jpeg', bytes: webp }, TYPE);
  });

  it('a JPEG with a ZIP archive appended (polyglot)', async () => {
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(26), Buffer.from('payload.js')]);
    await assertRefused({ filename: 'a.jpg', contentType: 'image/jpeg', bytes: Buffer.concat([await jpegWithExif(300, 200), zip]) }, TYPE);
  });

  it('a JPEG with a script appended after its end marker', async () => {
    const bytes = Buffer.concat([await jpegWithExif(300, 200), Buffer.from('<script>alert(document.cookie)</script>')]);
    await assertRefused({ filename: 'a.jpg', contentType: 'image/jpeg', bytes }, TYPE);
  });

  it('a JPEG carrying PHP in a comment segment', async () => {
    const jpeg = await jpegWithExif(300, 200);
    const text = Buffer.from('<?php system($_GET["c"]); ?>');
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, text.length + 2]), text]);
    await assertRefused({ filename: 'a.jpg', contentType: 'image/jpeg', bytes: Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2)]) }, TYPE);
  });

  it('a PNG carrying HTML in a text chunk, or data after IEND', async () => {
    const png = await pngWithAlpha(64, 64);
    const html = pngChunk('tEXt', Buffer.from('Comment\u0000<html><body><script>alert(1)</script></body></html>', 'latin1'));
    await assertRefused({ filename: 'a.png', contentType: 'image/png', bytes: withChunkAfterIhdr(png, html) }, TYPE);
    await assertRefused({ filename: 'a.png', contentType: 'image/png', bytes: Buffer.concat([png, Buffer.from('<svg onload=alert(1)>')]) }, TYPE);
  });

  it('a truncated JPEG and a PNG with a broken checksum', async () => {
    const jpeg = await jpegWithExif(300, 200);
    await assertRefused({ filename: 'a.jpg', contentType: 'image/jpeg', bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }, TYPE);
    const png = Buffer.from(await pngWithAlpha(64, 64));
    png[40] = png[40]! ^ 0xff;
    await assertRefused({ filename: 'a.png', contentType: 'image/png', bytes: png }, TYPE);
  });

  it('a picture over 10 MB, without keeping more than the limit', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    await assertRefused({ filename: 'big.jpg', contentType: 'image/jpeg', bytes: big }, SIZE);
  });

  it('a decompression bomb: a small PNG claiming 30000×30000 (900 megapixels), with the pixel message', async () => {
    const bomb = pngClaiming(await pngWithAlpha(16, 16), 30000, 30000);
    assert.ok(bomb.length < 2000);
    await assertRefused({ filename: 'bomb.png', contentType: 'image/png', bytes: bomb }, PIXELS);
    await assertRefused({ filename: 'wide.png', contentType: 'image/png', bytes: pngClaiming(await pngWithAlpha(16, 16), 30000, 10) }, PIXELS);
  });

  it('a real picture over 25 megapixels (a 49-megapixel JPEG, a 56-megapixel PNG), from its header', async () => {
    const blank = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#fff' } });
    const jpeg49 = await blank(7000, 7000).jpeg({ quality: 50 }).toBuffer();
    assert.ok(jpeg49.length < 10 * 1024 * 1024);
    await assertRefused({ filename: 'p49.jpg', contentType: 'image/jpeg', bytes: jpeg49 }, PIXELS);
    const png56 = await blank(8000, 7000).png({ compressionLevel: 9 }).toBuffer();
    await assertRefused({ filename: 'p56.png', contentType: 'image/png', bytes: png56 }, PIXELS);
  });

  it('a request whose declared length cannot fit, before reading its body', async () => {
    const { payload, headers } = multipart({ filename: 'a.jpg', contentType: 'image/jpeg', bytes: await jpegWithExif(50, 50) });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/File/uploadFile',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}`, 'content-length': String(11 * 1024 * 1024) },
    });
    assert.deepEqual(res.json(), { code: 10001, msg: SIZE, data: null });
  });

  it('a request without a file, or not multipart', async () => {
    await assertRefused(null, '请选择要上传的图片');
    const json = await ctx.post('/api/File/uploadFile', { file: 'x' }, token);
    assert.deepEqual(json.body, { code: 10001, msg: '请选择要上传的图片', data: null });
  });

  it('a visitor', async () => {
    const res = await upload({ filename: 'a.png', contentType: 'image/png', bytes: await pngWithAlpha(10, 10) }, null);
    assert.deepEqual(res.body, { code: 10002, msg: '登录超时，请重新登录', data: null });
  });
});
