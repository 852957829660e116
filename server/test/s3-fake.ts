// A local fake S3-compatible object store for the storage tests: PUT and DELETE of path-style
// /bucket/key, each request's SigV4 signature checked with its own implementation (written from
// AWS's description, independent of src/storage/sigv4.ts).
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3Settings } from '../src/storage/index.js';

export const ACCESS_KEY = 'AKIDQYTESTKEY0000001';
export const SECRET = 'qy-test-secret/KEY+with+special=chars';
export const REGION = 'cn-test-1';
export const BUCKET = 'qy-bucket';

interface StoredObject {
  body: Buffer;
  contentType: string;
}

/** A minimal S3: PUT and DELETE of path-style /bucket/key, each signed; 403 when the signature is wrong. */
export class FakeS3 {
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

/** Settings of a bucket on the fake at `endpoint` (path-style, key prefix uploads/). */
export const fakeS3Settings = (endpoint: string, over: Partial<S3Settings> = {}): S3Settings => ({
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
