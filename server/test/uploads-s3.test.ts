import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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

// The S3 adapter against a local fake object store that checks every request's SigV4 signature
// with its own implementation (written from AWS's description, independent of src/storage/sigv4.ts).

const ACCESS_KEY = 'AKIDQYTESTKEY0000001';
const SECRET = 'qy-test-secret/KEY+with+special=chars';
const REGION = 'cn-test-1';
const BUCKET = 'qy-bucket';

interface StoredObject {
  body: Buffer;
  contentType: string;
}

/** A minimal S3: PUT and DELETE of path-style /bucket/key, each signed; 403 when the signature is wrong. */
class FakeS3 {
  objects = new Map<string, StoredObject>();
  requests: Array<{ method: string; path: string; status: number }> = [];
  /** Fail the PUT with this running number (1-based) with a 500, to test clean-up. */
  failPut = 0;
  puts = 0;
  server: Server = createServer((req, res) => void this.handle(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: import('node:http').ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url!, 'http://fake');
    const reply = (status: number, text = '') => {
      this.requests.push({ method: req.method!, path: url.pathname, status });
      res.writeHead(status, { 'content-type': 'application/xml' }).end(text);
    };
    const problem = verifySignature(req, url, body);
    if (problem) return reply(403, `<Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`);
    const prefix = `/${BUCKET}/`;
    if (!url.pathname.startsWith(prefix)) return reply(404, '<Error><Code>NoSuchBucket</Code></Error>');
    const key = decodeURIComponent(url.pathname.slice(prefix.length));
    if (req.method === 'PUT') {
      this.puts++;
      if (this.puts === this.failPut) return reply(500, '<Error><Code>InternalError</Code></Error>');
      this.objects.set(key, { body, contentType: String(req.headers['content-type'] ?? '') });
      return reply(200);
    }
    if (req.method === 'DELETE') {
      this.objects.delete(key);
      return reply(204);
    }
    return reply(405);
  }
}

/** Recomputes the signature of a request the way AWS documents it; returns what is wrong, or ''. */
function verifySignature(req: IncomingMessage, url: URL, body: Buffer): string {
  const auth = String(req.headers.authorization ?? '');
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return 'malformed Authorization';
  const [, keyId, day, region, signedHeaders, signature] = m;
  if (keyId !== ACCESS_KEY) return 'unknown access key';
  if (region !== REGION) return 'wrong region';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day!)) return 'date and scope differ';
  const payloadHash = createHash('sha256').update(body).digest('hex');
  if (req.headers['x-amz-content-sha256'] !== payloadHash) return 'payload hash differs from the body';
  const names = signedHeaders!.split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) if (!names.includes(required)) return `${required} not signed`;
  const canonicalHeaders = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}\n`).join('');
  const canonical = [req.method, url.pathname, '', canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  let key: Buffer = createHmac('sha256', `AWS4${SECRET}`).update(day!).digest();
  for (const part of [region!, 's3', 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  const expected = createHmac('sha256', key).update(toSign).digest('hex');
  return expected === signature ? '' : 'signature mismatch';
}

let fake: FakeS3;
let endpoint: string;
const settings = (over: Partial<S3Settings> = {}): S3Settings => ({
  endpoint,
  region: REGION,
  bucket: BUCKET,
  accessKeyId: ACCESS_KEY,
  secretAccessKey: SECRET,
  publicBaseUrl: 'https://cdn.example.com/media/',
  forcePathStyle: true,
  keyPrefix: 'uploads/',
  ...over,
});

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
