import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, defaultMediaSettings, loadConfig, type MediaSettings } from '../src/config.js';
import { createMediaUrls } from '../src/modules/media/urls.js';
import type { S3Settings } from '../src/storage/index.js';
import { presignUrl } from '../src/storage/sigv4.js';
import { S3_ENV } from './fixtures.js';

// Signed media URLs (ARCHITECTURE §3.3) without the app: the local HMAC signer, S3 presigned GETs,
// and the settings. The app-level behaviour (downloads, Range, 403s) is in media-access.test.ts.

const T0 = new Date('2026-11-25T08:00:00Z');
const local = (overrides: Partial<MediaSettings> = {}, now = () => T0) =>
  createMediaUrls({ ...defaultMediaSettings('k'.repeat(40)), ...overrides }, { now });

describe('local signed media URLs', () => {
  it('signs protected paths with an expiry TTL seconds ahead, and leaves other URLs as stored', () => {
    const media = local({ ttlSeconds: 900 });
    const url = media.forReply('/api/media/lesson-1.mp4?lesson=10001');
    const u = new URL(url, 'http://x');
    assert.equal(u.pathname, '/api/media/lesson-1.mp4');
    assert.equal(u.searchParams.get('lesson'), '10001');
    assert.equal(Number(u.searchParams.get('exp')), T0.getTime() / 1000 + 900);
    assert.match(u.searchParams.get('sig')!, /^[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(media.check(u.pathname, u.searchParams), { ok: true, expiresAt: T0.getTime() / 1000 + 900 });
    for (const free of ['/api/static/media/animation-1.mp4?v=QYA0001', 'https://cdn.example.com/a.mp4', '']) {
      assert.equal(media.forReply(free), free);
    }
  });

  it('refuses another path, another expiry, another key and an old URL', () => {
    let now = T0;
    const media = local({ ttlSeconds: 600 }, () => now);
    const u = new URL(media.forReply('/api/media/audio-1.mp3'), 'http://x');
    const q = (changes: Record<string, string>) => {
      const p = new URLSearchParams(u.searchParams);
      for (const [k, v] of Object.entries(changes)) p.set(k, v);
      return p;
    };
    assert.deepEqual(media.check('/api/media/audio-2.mp3', u.searchParams), { ok: false, reason: 'invalid' });
    assert.deepEqual(media.check(u.pathname, q({ exp: String(Number(u.searchParams.get('exp')) + 60) })), { ok: false, reason: 'invalid' });
    assert.deepEqual(media.check(u.pathname, q({ exp: 'soon' })), { ok: false, reason: 'invalid' });
    assert.deepEqual(media.check(u.pathname, new URLSearchParams()), { ok: false, reason: 'invalid' });
    const otherKey = createMediaUrls(defaultMediaSettings('z'.repeat(40)), { now: () => T0 });
    assert.deepEqual(otherKey.check(u.pathname, u.searchParams), { ok: false, reason: 'invalid' });
    now = new Date(T0.getTime() + 599_000);
    assert.equal(media.check(u.pathname, u.searchParams).ok, true);
    now = new Date(T0.getTime() + 600_000);
    assert.deepEqual(media.check(u.pathname, u.searchParams), { ok: false, reason: 'expired' });
  });

  it('signs the URLs of a media list, keeps pictures and public files, and drops what is not a list', () => {
    const media = local();
    const out = JSON.parse(
      media.listForReply(
        JSON.stringify([
          { url: '/api/media/lesson-2.mp4?conference=review-1', fileType: 'video' },
          { url: '/api/static/covers/cover-5.svg', fileType: 'image' },
        ]),
      ),
    );
    assert.match(out[0].url, /^\/api\/media\/lesson-2\.mp4\?conference=review-1&exp=\d+&sig=/);
    assert.equal(out[0].fileType, 'video');
    assert.deepEqual(out[1], { url: '/api/static/covers/cover-5.svg', fileType: 'image' });
    assert.equal(media.listForReply('not json'), '[]');
    assert.equal(media.listForReply('{"url":"/api/media/a.mp4"}'), '[]');
  });
});

describe('S3 presigned GET', () => {
  it('matches the AWS documentation example (GET /test.txt, 2013-05-24, 86400 s)', () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
    const url = presignUrl({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      region: 'us-east-1',
      service: 's3',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      date: new Date('2013-05-24T00:00:00Z'),
      expiresSeconds: 86400,
    });
    assert.equal(url.searchParams.get('X-Amz-Algorithm'), 'AWS4-HMAC-SHA256');
    assert.equal(url.searchParams.get('X-Amz-Credential'), 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request');
    assert.equal(url.searchParams.get('X-Amz-Date'), '20130524T000000Z');
    assert.equal(url.searchParams.get('X-Amz-Expires'), '86400');
    assert.equal(url.searchParams.get('X-Amz-SignedHeaders'), 'host');
    assert.equal(url.searchParams.get('X-Amz-Signature'), 'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404');
  });

  it('gives a gated media path as a presigned GET of the bucket under the media prefix, for the TTL', () => {
    const s3: S3Settings = {
      endpoint: 'http://127.0.0.1:9000',
      region: 'cn-test-1',
      bucket: 'qy-bucket',
      accessKeyId: 'AKIDQYTESTKEY0000001',
      secretAccessKey: 'qy-test-secret/KEY+with+special=chars',
      publicBaseUrl: 'http://127.0.0.1:9000/qy-bucket',
      forcePathStyle: true,
      keyPrefix: 'uploads/',
    };
    const media = createMediaUrls({ ...defaultMediaSettings('k'.repeat(40)), storage: 's3', ttlSeconds: 1200 }, { now: () => T0, s3 });
    const url = new URL(media.forReply('/api/media/lesson-1.mp4?lesson=10001'));
    assert.equal(url.origin + url.pathname, 'http://127.0.0.1:9000/qy-bucket/media/lesson-1.mp4');
    assert.equal(url.searchParams.get('X-Amz-Expires'), '1200');
    assert.equal(url.searchParams.get('X-Amz-Date'), '20261125T080000Z');
    assert.equal(url.searchParams.get('X-Amz-Credential'), 'AKIDQYTESTKEY0000001/20261125/cn-test-1/s3/aws4_request');
    assert.match(url.searchParams.get('X-Amz-Signature')!, /^[0-9a-f]{64}$/);
    // The same object signed by the generic function with the same inputs: one signature.
    const again = presignUrl({
      method: 'GET',
      url: new URL('http://127.0.0.1:9000/qy-bucket/media/lesson-1.mp4'),
      region: 'cn-test-1',
      service: 's3',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      date: T0,
      expiresSeconds: 1200,
    });
    assert.equal(url.href, again.href);
    assert.equal(media.forReply('/api/static/media/animation-1.mp4'), '/api/static/media/animation-1.mp4');
  });
});

describe('media settings', () => {
  const AUTH_SECRET = 'a'.repeat(43);
  it('reads the TTL, defaults to 30 minutes, refuses days', () => {
    assert.equal(loadConfig({ AUTH_SECRET }).media?.ttlSeconds, 1800);
    assert.equal(loadConfig({ AUTH_SECRET, MEDIA_URL_TTL_SECONDS: '900' }).media?.ttlSeconds, 900);
    assert.throws(() => loadConfig({ MEDIA_URL_TTL_SECONDS: '86400' }), /MEDIA_URL_TTL_SECONDS must be an integer from 60 to 14400/);
  });

  it('derives the key from AUTH_SECRET (instances agree) unless MEDIA_URL_SECRET is set', () => {
    const one = loadConfig({ AUTH_SECRET }).media!.secret;
    assert.equal(loadConfig({ AUTH_SECRET }).media!.secret, one, 'two instances, one key');
    assert.notEqual(one, AUTH_SECRET, 'not the AUTH_SECRET itself');
    assert.equal(loadConfig({ AUTH_SECRET, MEDIA_URL_SECRET: 'm'.repeat(32) }).media!.secret, 'm'.repeat(32));
    assert.throws(() => loadConfig({ MEDIA_URL_SECRET: 'short' }), /MEDIA_URL_SECRET must be at least 32 characters/);
  });

  it('puts media in the uploads bucket only with S3 uploads, under a prefix of its own', () => {
    assert.throws(
      () => loadConfig({ MEDIA_STORAGE: 's3' }),
      (err: unknown) => err instanceof ConfigError && /MEDIA_STORAGE=s3 uses the uploads bucket/.test(err.message),
    );
    const s3 = {
      UPLOADS_STORAGE: 's3',
      ...S3_ENV,
    };
    const media = loadConfig({ ...s3, MEDIA_STORAGE: 's3', MEDIA_S3_KEY_PREFIX: 'paid-media' }).media!;
    assert.deepEqual([media.storage, media.s3KeyPrefix], ['s3', 'paid-media/']);
    assert.throws(() => loadConfig({ ...s3, MEDIA_STORAGE: 's3', MEDIA_S3_KEY_PREFIX: 'uploads/' }), /must differ from S3_KEY_PREFIX/);
    assert.throws(() => loadConfig({ MEDIA_STORAGE: 'ftp' }), /MEDIA_STORAGE must be local or s3/);
  });
});
