import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { buildApp, type App } from '../src/app.js';
import type { AppConfig } from '../src/config.js';
import { createSeededPostgres, emptyPgliteCluster, seededPglite, withAdmin } from './seededDatabase.js';

export const DEMO_PASSWORD = 'Qianyan#2026';

/** A clock the test moves by hand; every rule of the app reads it. */
export class TestClock {
  constructor(public current: Date = new Date()) {}
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestContext {
  app: App;
  clock: TestClock;
  config: AppConfig;
  /** Log lines (JSON) written at level warn and above. */
  logs: string[];
  /** 'pglite' or 'postgres' */
  driver: string;
  /** Logs in and returns the token. */
  login(accountName: string, password?: string, remoteAddress?: string): Promise<string>;
  /** POST JSON to a path with an optional token; returns status and parsed body. */
  post(url: string, body?: unknown, token?: string): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  get(url: string, headers?: Record<string, string>): Promise<{ status: number; body: any; text: string; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

export interface TestOptions {
  config?: Partial<AppConfig>;
  /** Runs after the app is built, before it is ready (add test-only routes here). */
  configure?: (app: App) => void;
}

/**
 * Builds the app on a fresh database: an in-memory PGlite by default, or, when TEST_DATABASE_URL is
 * set, a new PostgreSQL database qy_t_<random> created through that URL and dropped afterwards.
 * Either holds the demo seed, copied from the run's seeded template; migrations still run as at a
 * normal start (there are none left to apply).
 */
export async function createTestApp(options: TestOptions = {}): Promise<TestContext> {
  const logs: string[] = [];
  const emptyDir = await mkdtemp(join(tmpdir(), 'qy-test-'));

  // A copy of this run's seeded template (see seededDatabase.ts); a test that sets its own clock
  // gets a database seeded at that moment instead.
  const ownClock = options.config?.now !== undefined;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  let pgliteTemplate: Blob | undefined;
  let seededAt: Date | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `qy_t_${randomBytes(6).toString('hex')}`;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    if (ownClock) {
      await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
    } else {
      seededAt = (await createSeededPostgres(adminUrl, name)).now;
    }
    dropDatabase = () => withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => {});
  } else if (ownClock) {
    pgliteTemplate = await emptyPgliteCluster();
  } else {
    const seeded = await seededPglite();
    pgliteTemplate = seeded.dump;
    seededAt = seeded.template.now;
  }
  const clock = new TestClock(options.config?.now?.() ?? seededAt ?? new Date());

  const config: AppConfig = {
    nodeEnv: 'test',
    host: '127.0.0.1',
    port: 0,
    logLevel: 'warn',
    prettyLogs: false,
    databaseUrl,
    databasePoolMax: 4,
    pgliteSlowMs: 0,
    pgliteDir: 'memory://',
    pgliteTemplate,
    seedDemoData: true,
    redisUrl: undefined,
    trustProxy: false,
    webRoot: join(emptyDir, 'no-web-root'),
    releasesDir: join(emptyDir, 'no-releases'),
    apiDocs: true,
    site: {
      downloadIosUrl: 'https://apps.example.com/qianyan',
      downloadAndroidUrl: '/downloads/qianyan.apk',
      medicalHumanitiesUrl: 'https://humanities.example.com/',
      membershipBaseUrl: '',
    },
    loginThrottle: { windowMs: 15 * 60_000, maxFailuresPerAccount: 5, maxFailuresPerIp: 20 },
    ...options.config,
    now: clock.now,
  };

  const stream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  let app: App;
  try {
    app = await buildApp(config, { logger: { level: 'warn', stream } });
    options.configure?.(app);
    await app.ready();
  } catch (err) {
    await dropDatabase().catch(() => {});
    throw err;
  }

  const post: TestContext['post'] = async (url, body, token) => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };

  return {
    app,
    clock,
    config,
    logs,
    driver: databaseUrl ? 'postgres' : 'pglite',
    post,
    async get(url, headers = {}) {
      const res = await app.inject({ method: 'GET', url, headers });
      let body: unknown;
      try {
        body = res.json();
      } catch {
        body = undefined;
      }
      return { status: res.statusCode, body, text: res.body, headers: res.headers };
    },
    async login(accountName, password = DEMO_PASSWORD, remoteAddress = '10.0.0.1') {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login/login',
        payload: { accountName, password },
        remoteAddress,
      });
      const body = res.json();
      if (body.code !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
      return body.data.token as string;
    },
    async close() {
      await app.close();
      await dropDatabase();
      await rm(emptyDir, { recursive: true, force: true });
    },
  };
}
