import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/** A fixed-window counter rule: at most `limit` events per `windowMs`. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

export interface RateState {
  /** Events counted in the current window. */
  count: number;
  /** When the current window ends (ms since epoch); 0 when nothing is counted. */
  resetAt: number;
}

/**
 * Counters for throttling (failed logins now; code sending later). Keys are namespaced by the
 * caller, e.g. `login:account:<name>`. In memory by default, Redis when REDIS_URL is set.
 */
export interface RateLimiter {
  /** Counts one event and returns the state including it. */
  hit(key: string, rule: RateRule): Promise<RateState>;
  /** The state without counting. */
  peek(key: string): Promise<RateState>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** True when the key has already used up its allowance under `rule`. */
export async function isLimited(limiter: RateLimiter, key: string, rule: RateRule): Promise<boolean> {
  return (await limiter.peek(key)).count >= rule.limit;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, RateState>();
  private lastSweep = 0;

  constructor(private readonly now: () => Date = () => new Date()) {}

  async hit(key: string, rule: RateRule): Promise<RateState> {
    const t = this.now().getTime();
    this.sweep(t);
    const current = this.windows.get(key);
    const state =
      current && current.resetAt > t
        ? { count: current.count + 1, resetAt: current.resetAt }
        : { count: 1, resetAt: t + rule.windowMs };
    this.windows.set(key, state);
    return { ...state };
  }

  async peek(key: string): Promise<RateState> {
    const current = this.windows.get(key);
    if (!current || current.resetAt <= this.now().getTime()) return { count: 0, resetAt: 0 };
    return { ...current };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  // Drop expired windows at most once a minute so the map cannot grow without bound.
  private sweep(t: number): void {
    if (t - this.lastSweep < 60_000) return;
    this.lastSweep = t;
    for (const [key, state] of this.windows) if (state.resetAt <= t) this.windows.delete(key);
  }
}

// INCR and set the expiry on the first hit, atomically; returns [count, ms left].
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** Shared counters for several API instances. Windows use Redis's clock (key expiry). */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'qy:rl:',
  ) {}

  async hit(key: string, rule: RateRule): Promise<RateState> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, rule.windowMs)) as [number, number];
    return { count, resetAt: Date.now() + ttl };
  }

  async peek(key: string): Promise<RateState> {
    const replies = await this.redis.multi().get(this.prefix + key).pttl(this.prefix + key).exec();
    const count = Number(replies?.[0]?.[1] ?? 0);
    const ttl = Number(replies?.[1]?.[1] ?? -2);
    return ttl > 0 ? { count, resetAt: Date.now() + ttl } : { count: 0, resetAt: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * Wraps a limiter so a failing store (Redis down) lets requests through and logs, rather than
 * locking every user out of login.
 */
class FailOpenRateLimiter implements RateLimiter {
  constructor(
    private readonly inner: RateLimiter,
    private readonly onError: (err: unknown) => void,
  ) {}
  async hit(key: string, rule: RateRule): Promise<RateState> {
    return this.inner.hit(key, rule).catch((err) => (this.onError(err), { count: 0, resetAt: 0 }));
  }
  async peek(key: string): Promise<RateState> {
    return this.inner.peek(key).catch((err) => (this.onError(err), { count: 0, resetAt: 0 }));
  }
  async reset(key: string): Promise<void> {
    return this.inner.reset(key).catch((err) => this.onError(err));
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

export interface RateLimitPluginOptions {
  redisUrl?: string;
  /** Namespace of the Redis keys (tests give each run its own). */
  keyPrefix?: string;
  now: () => Date;
}

export default fp<RateLimitPluginOptions>(
  async function rateLimitPlugin(app, opts) {
    let limiter: RateLimiter;
    if (opts.redisUrl) {
      const redis = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
      redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
      // Fail at start on a wrong REDIS_URL instead of at the first login.
      try {
        await redis.connect();
      } catch (err) {
        redis.disconnect();
        const where = new URL(opts.redisUrl);
        throw new Error(`Cannot connect to Redis at ${where.host} (REDIS_URL): ${(err as Error).message}`);
      }
      limiter = new FailOpenRateLimiter(new RedisRateLimiter(redis, opts.keyPrefix), (err) =>
        app.log.error({ err }, 'rate limiter store failed; request allowed'),
      );
    } else {
      limiter = new MemoryRateLimiter(opts.now);
    }
    app.decorate('rateLimiter', limiter);
    app.addHook('onClose', async () => limiter.close());
  },
  { name: 'rateLimit' },
);
