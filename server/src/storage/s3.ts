import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { FileStorage, S3Settings } from './index.js';
import { presignUrl, sha256Hex, signRequest, uriEncode } from './sigv4.js';

/** The URL of an object of the bucket by its whole key (prefix included), path-style or virtual-hosted. */
export function bucketObjectUrl(settings: S3Settings, fullKey: string): URL {
  const endpoint = new URL(settings.endpoint);
  const path = uriEncode(fullKey, true);
  if (settings.forcePathStyle) {
    return new URL(`${endpoint.origin}${endpoint.pathname.replace(/\/+$/, '')}/${uriEncode(settings.bucket, false)}/${path}`);
  }
  return new URL(`${endpoint.protocol}//${settings.bucket}.${endpoint.host}/${path}`);
}

/** A presigned GET of an object (its whole key) working `expiresSeconds` from `date`: for a private prefix. */
export function presignedGetUrl(settings: S3Settings, fullKey: string, expiresSeconds: number, date: Date): string {
  return presignUrl({
    method: 'GET',
    url: bucketObjectUrl(settings, fullKey),
    region: settings.region,
    service: 's3',
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    date,
    expiresSeconds,
  }).href;
}

/**
 * An S3-compatible object store (AWS S3, Aliyun OSS, Tencent COS, MinIO …) through signed PUT and
 * DELETE requests (SigV4, node:crypto + fetch). Objects are written public-read by the bucket's own
 * policy; the site links to them through `publicBaseUrl`.
 */
export function createS3Storage(settings: S3Settings, deps: { now?: () => Date; fetch?: typeof fetch } = {}): FileStorage {
  const now = deps.now ?? (() => new Date());
  const doFetch = deps.fetch ?? fetch;
  const objectUrl = (key: string) => bucketObjectUrl(settings, settings.keyPrefix + key);

  /** A body: bytes in memory, or a file read as a stream (its length and SHA-256 known beforehand). */
  type Body = { bytes: Buffer } | { path: string; length: number; sha256: string };

  async function send(method: 'PUT' | 'DELETE', key: string, body?: Body, contentType?: string) {
    const url = objectUrl(key);
    const payloadHash = !body ? sha256Hex('') : 'bytes' in body ? sha256Hex(body.bytes) : body.sha256;
    const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
    // A streamed body is sent with its length: S3 refuses a PUT in chunked transfer encoding.
    if (body && 'path' in body) headers['content-length'] = String(body.length);
    const signed = signRequest({
      method,
      url,
      headers,
      payloadHash,
      region: settings.region,
      service: 's3',
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      date: now(),
    });
    const res = await doFetch(url, {
      method,
      headers: {
        ...headers,
        'x-amz-date': signed.amzDate,
        'x-amz-content-sha256': payloadHash,
        authorization: signed.authorization,
      },
      ...(!body
        ? {}
        : 'bytes' in body
          ? { body: new Uint8Array(body.bytes) }
          : { body: Readable.toWeb(createReadStream(body.path)) as ReadableStream<Uint8Array>, duplex: 'half' as const }),
      // A streamed file may be hundreds of MB: the time allowed grows with it (at least 1 MB/s).
      signal: AbortSignal.timeout(body && 'path' in body ? 30_000 + Math.ceil(body.length / 1000) : 30_000),
    });
    // DELETE of a missing key is 204 on S3 and 404 on some compatible stores: both mean "gone".
    if (!res.ok && !(method === 'DELETE' && res.status === 404)) {
      const text = (await res.text().catch(() => '')).slice(0, 300);
      throw new Error(`S3 ${method} ${url.pathname} failed: HTTP ${res.status} ${text}`);
    }
    await res.body?.cancel().catch(() => {});
  }

  return {
    kind: 's3',
    put: (key, body, contentType) => send('PUT', key, { bytes: body }, contentType),
    async putFile(key, path, contentType) {
      // SigV4 signs the payload's SHA-256, so the file is read twice: once to hash it, once to send it.
      const hash = createHash('sha256');
      let length = 0;
      for await (const chunk of createReadStream(path)) {
        hash.update(chunk as Buffer);
        length += (chunk as Buffer).length;
      }
      await send('PUT', key, { path, length, sha256: hash.digest('hex') }, contentType);
    },
    remove: (key) => send('DELETE', key),
    publicUrl(key) {
      return `${settings.publicBaseUrl.replace(/\/+$/, '')}/${uriEncode(settings.keyPrefix + key, true)}`;
    },
  };
}
