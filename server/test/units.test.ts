import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { ConfigError, loadConfig } from '../src/config.js';
import { redactUrl } from '../src/lib/logging.js';
import { repoRoot } from '../src/paths.js';
import { VersionedCache } from '../src/modules/content/versionedCache.js';
import { inlineJson } from '../src/plugins/static.js';
import { isLimited, MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '../src/plugins/rateLimit.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    assert.equal(c.port, 8080);
    assert.equal(c.host, '0.0.0.0');
    assert.equal(c.nodeEnv, 'development');
    assert.equal(c.databaseUrl, undefined);
    assert.equal(c.pgliteDir, resolve(repoRoot, 'data', 'pglite'));
    assert.equal(c.webRoot, resolve(repoRoot, 'shell', 'dist'));
    assert.equal(c.releasesDir, resolve(repoRoot, 'releases'));
    assert.equal(c.seedDemoData, true);
    assert.deepEqual(c.loginThrottle, { windowMs: 15 * 60_000, maxFailuresPerAccount: 5, maxFailuresPerIp: 20 });
  });

  it('reads the environment', () => {
    const c = loadConfig({
      PORT: '9090',
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://qy@db:5432/qy',
      REDIS_URL: 'redis://cache:6379',
      TRUST_PROXY: '1',
      DOWNLOAD_IOS_URL: 'https://apps.example.com/x',
      MEMBERSHIP_BASE_URL: 'https://pay.example.com/',
      PGLITE_DIR: 'memory://',
      // A production database is the live site: it needs its secrets; DEV_TOOLS keeps the local
      // providers (a staging site), which the live-site checks otherwise refuse.
      AUTH_SECRET: 'a'.repeat(32),
      SSO_SECRET: 'b'.repeat(32),
      DEV_TOOLS: 'true',
    });
    assert.equal(c.port, 9090);
    assert.equal(c.databaseUrl, 'postgres://qy@db:5432/qy');
    assert.equal(c.redisUrl, 'redis://cache:6379');
    assert.equal(c.trustProxy, 1);
    assert.equal(c.site.downloadIosUrl, 'https://apps.example.com/x');
    assert.equal(c.site.membershipBaseUrl, 'https://pay.example.com');
    assert.equal(c.pgliteDir, 'memory://');
    assert.equal(c.seedDemoData, false, 'no demo accounts in a production PostgreSQL unless asked');
    assert.equal(loadConfig({ NODE_ENV: 'production' }).seedDemoData, true, 'embedded database in production: demo mode');
  });

  it('stops with every problem listed', () => {
    assert.throws(
      () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', REDIS_URL: 'http://x', DOWNLOAD_IOS_URL: 'javascript:alert(1)' }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.equal(err.problems.length, 5);
        assert.match(err.message, /PORT must be an integer/);
        assert.match(err.message, /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
        assert.match(err.message, /LOG_LEVEL must be one of/);
        assert.match(err.message, /REDIS_URL/);
        assert.match(err.message, /DOWNLOAD_IOS_URL/);
        return true;
      },
    );
  });
});

describe('helpers', () => {
  it('keeps the membership token out of logged URLs', () => {
    assert.equal(redactUrl('/index.php?c=program&token=abc123&m=x'), '/index.php?c=program&token=[redacted]&m=x');
    assert.equal(redactUrl('/api/health'), '/api/health');
  });

  it('escapes JSON for an inline script', () => {
    const out = inlineJson({ a: '</script><script>alert(1)</script>', b: 'x\u2028y&' });
    assert.ok(!out.includes('</script>'));
    assert.ok(!out.includes('<'));
    assert.deepEqual(JSON.parse(out), { a: '</script><script>alert(1)</script>', b: 'x\u2028y&' });
  });
});

const rule = { limit: 3, windowMs: 60_000 };

/** A hand-moved clock (the helpers' TestClock would pull in the whole app). */
class TestClock {
  constructor(public current: Date) {}
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

async function countsAndResets(limiter: RateLimiter, key: string) {
  assert.deepEqual((await limiter.peek(key)).count, 0);
  for (let i = 1; i <= 3; i++) assert.equal((await limiter.hit(key, rule)).count, i);
  assert.equal(await isLimited(limiter, key, rule), true);
  assert.equal(await isLimited(limiter, `${key}:other`, rule), false);
  await limiter.reset(key);
  assert.equal(await isLimited(limiter, key, rule), false);
}

describe('rate limiter', () => {
  it('counts in memory within a fixed window', async () => {
    const clock = new TestClock(new Date('2026-01-01T00:00:00Z'));
    const limiter = new MemoryRateLimiter(clock.now);
    await countsAndResets(limiter, 'k');
    await limiter.hit('w', rule);
    clock.advance(59_000);
    assert.equal((await limiter.hit('w', rule)).count, 2);
    clock.advance(1_000);
    assert.equal((await limiter.peek('w')).count, 0, 'the window has ended');
    assert.equal((await limiter.hit('w', rule)).count, 1);
  });

  it('counts in Redis when TEST_REDIS_URL is set', { skip: !process.env.TEST_REDIS_URL && 'TEST_REDIS_URL not set' }, async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    const limiter = new RedisRateLimiter(redis, `qy:test:${process.pid}:${Date.now()}:`);
    try {
      await countsAndResets(limiter, 'k');
      const state = await limiter.hit('ttl', rule);
      assert.ok(state.resetAt > Date.now() && state.resetAt <= Date.now() + rule.windowMs);
      await limiter.reset('ttl');
    } finally {
      await limiter.close();
    }
  });
});

describe('the versioned cache', () => {
  const value = (v: string) => () => Promise.resolve(v);

  it('keeps at most its count, least recently used going first, and drops everything for a newer version', async () => {
    const cache = new VersionedCache<string>(2);
    await cache.get(1, 'a', value('A'));
    await cache.get(1, 'b', value('B'));
    await cache.get(1, 'a', value('not loaded'));
    await cache.get(1, 'c', value('C'));
    assert.equal(await cache.peek(1, 'a'), 'A');
    assert.equal(cache.peek(1, 'b'), undefined);
    assert.equal(await cache.peek(1, 'c'), 'C');
    // An older version is answered and not kept; a newer one starts afresh.
    assert.equal(await cache.get(0, 'd', value('D0')), 'D0');
    assert.equal(cache.peek(1, 'd'), undefined);
    await cache.get(2, 'e', value('E'));
    assert.equal(cache.size, 1);
  });

  it('with a weight bound, holds values up to that total, counting only values still held', async () => {
    const cache = new VersionedCache<string>(100, Date.now, { max: 10, of: (v) => v.length });
    await cache.get(1, 'a', value('aaaa'));
    await cache.get(1, 'b', value('bbbb'));
    assert.equal(cache.heldWeight, 8);
    await cache.get(1, 'a', value('not loaded')); // a is now the most recently used
    await cache.get(1, 'c', value('cccc'));
    assert.equal(cache.heldWeight, 8);
    assert.equal(cache.peek(1, 'b'), undefined);
    assert.equal(await cache.peek(1, 'a'), 'aaaa');
    // A value over the bound on its own is kept while it is the newest, alone.
    await cache.get(1, 'big', value('x'.repeat(30)));
    assert.equal(cache.size, 1);
    assert.equal(cache.heldWeight, 30);
    // Replacing a key and a failed load leave the total exact.
    cache.put(1, 'big', 'yy');
    assert.equal(cache.heldWeight, 2);
    await assert.rejects(cache.get(1, 'bad', () => Promise.reject(new Error('down'))));
    await new Promise((r) => setImmediate(r));
    assert.equal(cache.peek(1, 'bad'), undefined);
    assert.equal(cache.heldWeight, 2);
    // A value arriving after its version was left is not counted.
    let arrive!: (v: string) => void;
    const late = cache.get(1, 'late', () => new Promise<string>((r) => (arrive = r)));
    await cache.get(2, 'z', value('zz'));
    arrive('late value');
    await late;
    assert.equal(cache.heldWeight, 2);
  });
});
