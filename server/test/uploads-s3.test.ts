import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { members, uploads } from '../src/db/schema/index.js';
import { ConfigError, loadConfig } from '../src/config.js';
import type { S3Settings } from '../src/storage/index.js';
import { createS3Storage } from '../src/storage/s3.js';
import { signRequest } from '../src/storage/sigv4.js';
import { createTestApp, type TestContext } from './helpers.js';
import { jpegWithExif, multipart } from './upload-helpers.js';
import { S3_ENV } from './fixtures.js';
import { FakeS3, fakeS3Settings } from './s3-fake.js';

// The S3 adapter against a local fake object store that checks every request's SigV4 signature
// (s3-fake.ts).

let fake: FakeS3;
let endpoint: string;
const settings = (over: Partial<S3Settings> = {}): S3Settings => fakeS3Settings(endpoint, over);

before(async () => {
  fake = new FakeS3();
  endpoint = await fake.start();
});
after(() => fake?.stop());

describe('SigV4 signing', () => {
  it("matches AWS's documented example (GET Object, examplebucket, 2013-05-24)", () => {
    const { signature } = signRequest({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      service: 's3',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    assert.equal(signature, 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });
});

describe('upload storage configuration', () => {
  it('defaults to local disk and reads the S3 settings', () => {
    assert.equal(loadConfig({ UPLOADS_DIR: '/srv/qy-uploads' }).uploads?.dir, '/srv/qy-uploads');
    assert.equal(loadConfig({}).uploads?.storage, 'local');
    const s3 = loadConfig({
      UPLOADS_STORAGE: 's3',
      ...S3_ENV,
      S3_FORCE_PATH_STYLE: 'false',
      S3_KEY_PREFIX: 'media',
    }).uploads;
    assert.equal(s3?.storage, 's3');
    assert.deepEqual(
      [s3?.s3?.region, s3?.s3?.bucket, s3?.s3?.forcePathStyle, s3?.s3?.keyPrefix],
      ['cn-beijing', 'qy', false, 'media/'],
    );
  });

  it('stops with every missing S3 setting named', () => {
    assert.throws(
      () => loadConfig({ UPLOADS_STORAGE: 's3', S3_ENDPOINT: 'ftp://x' }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        const text = err.problems.join('\n');
        for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_BASE_URL']) {
          assert.match(text, new RegExp(name));
        }
        return true;
      },
    );
    assert.throws(() => loadConfig({ UPLOADS_STORAGE: 'ftp' }), /UPLOADS_STORAGE must be local or s3/);
  });
});

describe('S3 storage adapter', () => {
  it('puts and removes objects with signed requests', async () => {
    const storage = createS3Storage(settings());
    const body = Buffer.from('picture bytes');
    await storage.put('2026/11/abc.jpg', body, 'image/jpeg');
    const stored = fake.objects.get('uploads/2026/11/abc.jpg');
    assert.ok(stored);
    assert.ok(stored.body.equals(body));
    assert.equal(stored.contentType, 'image/jpeg');
    assert.equal(storage.publicUrl('2026/11/abc.jpg'), 'https://cdn.example.com/media/uploads/2026/11/abc.jpg');
    await storage.remove('2026/11/abc.jpg');
    assert.equal(fake.objects.has('uploads/2026/11/abc.jpg'), false);
  });

  it('fails loudly when the store refuses the signature', async () => {
    const storage = createS3Storage(settings({ secretAccessKey: 'wrong-secret' }));
    await assert.rejects(storage.put('x.jpg', Buffer.from('x'), 'image/jpeg'), /HTTP 403/);
    assert.equal(fake.objects.has('uploads/x.jpg'), false);
  });
});

describe('uploads through the S3 storage', () => {
  let ctx: TestContext;
  let token: string;
  before(async () => {
    ctx = await createTestApp({ config: { uploads: { storage: 's3', dir: '/nonexistent-not-used', s3: settings() } } });
    const [m] = await ctx.app.db.insert(members).values({ username: `s3_${process.pid}`, passwordHash: 'x' }).returning({ id: members.id });
    token = (await ctx.app.sessions.issue(m!.id)).token;
  });
  after(() => ctx?.close());

  const send = async (bytes: Buffer) => {
    const { payload, headers } = multipart({ filename: 'p.jpg', contentType: 'image/jpeg', bytes });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/File/uploadFile', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: res.json() };
  };

  it('stores the picture and its thumbnail in the bucket and answers their public URLs', async () => {
    fake.objects.clear();
    const res = await send(await jpegWithExif(900, 600));
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    const [item] = res.body.data;
    assert.match(item.url, /^https:\/\/cdn\.example\.com\/media\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
    const key = item.url.replace('https://cdn.example.com/media/', '');
    const thumbKey = item.thumbUrl.replace('https://cdn.example.com/media/', '');
    assert.deepEqual([...fake.objects.keys()].sort(), [key, thumbKey].sort());
    assert.equal((await sharp(fake.objects.get(thumbKey)!.body).metadata()).width, 300);
    assert.equal(fake.objects.get(key)!.contentType, 'image/jpeg');
    // The local uploads path is not served with S3 storage.
    assert.equal((await ctx.app.inject({ method: 'GET', url: `/api/uploads/${key}` })).statusCode, 404);
  });

  it('removes the stored picture when the thumbnail cannot be stored, and records nothing', async () => {
    fake.objects.clear();
    const rows = Number((await ctx.app.db.select({ n: count() }).from(uploads))[0]!.n);
    fake.failPut = fake.puts + 2; // the thumbnail, stored second
    try {
      const res = await send(await jpegWithExif(400, 300));
      assert.equal(res.status, 500);
      assert.deepEqual(res.body, { code: 50000, msg: '网络繁忙，请稍后！', data: null });
    } finally {
      fake.failPut = 0;
    }
    assert.equal(fake.objects.size, 0, 'the first object was deleted again');
    assert.equal(Number((await ctx.app.db.select({ n: count() }).from(uploads))[0]!.n), rows);
    assert.ok(fake.requests.some((r) => r.method === 'DELETE' && r.status === 204));
  });
});
