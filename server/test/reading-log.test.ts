// Members' reading records are written behind the reply (modules/account/readingLog.ts): a detail
// view does not wait on a write, and no record is lost that the server acknowledged — one a reading
// list has shown survives the process being killed outright, and a graceful stop (SIGTERM) writes
// every view first. The real process (src/server.ts) on a PGlite folder, stopped and started again.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readingRecords } from '../src/db/schema/index.js';
import { createReadingLog } from '../src/modules/account/readingLog.js';
import { testMember } from './fixtures.js';
import { createTestApp, DEMO_PASSWORD, type TestContext } from './helpers.js';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));

interface Running {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
}

let dir: string;

/** Starts the server on the PGlite folder `dir` (seeded with the demo on its first start). */
async function start(): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      PGLITE_DIR: join(dir, 'db'),
      SEED_DEMO_DATA: 'true',
      QY_WEB_ROOT: join(dir, 'web'),
      QY_RELEASES_DIR: join(dir, 'releases'),
      UPLOADS_DIR: join(dir, 'uploads'),
      PAY_RECONCILE_INTERVAL_SECONDS: '0',
      PAY_RENEWAL_INTERVAL_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.stdout!.on('data', (c) => (output += String(c)));
  child.stderr!.on('data', (c) => (output += String(c)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 240_000);
    const look = () => {
      const m = output.match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', look);
    child.once('exit', () => reject(new Error(`server exited:\n${output}`)));
  });
  return { child, base: `http://127.0.0.1:${port}`, exited };
}

async function call(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: any };
  assert.equal(json.code, 0, `${path}: ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

const readIds = async (base: string, token: string): Promise<number[]> =>
  (await call(base, '/api/user/selectMyReadArticle', { pageNo: 1, pageSize: 100 }, token)).results.map((r: { id: number }) => r.id);

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qy-readings-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

// The process runs on a PGlite folder whatever the suite's driver: once, in the PGlite run.
const onPgliteRun = { skip: process.env.TEST_DATABASE_URL ? 'runs once, in the PGlite run of the suite' : false };

describe('reading records across a crash and a graceful stop', onPgliteRun, () => {
  it('keeps every record a list has shown through a kill, and every view through SIGTERM', async () => {
    let server = await start();
    try {
      const token = (await call(server.base, '/api/login/login', { accountName: 'demo_member', password: DEMO_PASSWORD })).token as string;
      const list = (await call(server.base, '/api/article/selectArticleList', { pageNo: 1, pageSize: 8, sourceIds: '5' })).results as { id: number; permalinks: string }[];
      assert.ok(list.length >= 8);
      const view = (a: { permalinks: string }) => call(server.base, '/api/article/getArticleDetail', { permalinks: a.permalinks }, token);
      const before = await readIds(server.base, token);

      // Read four, and see them listed (the server has acknowledged them); then killed outright.
      for (const a of list.slice(0, 4)) await view(a);
      const acknowledged = list.slice(0, 4).map((a) => a.id);
      for (const id of acknowledged) assert.ok((await readIds(server.base, token)).includes(id), `article ${id} listed`);
      server.child.kill('SIGKILL');
      await server.exited;

      server = await start();
      const afterKill = await readIds(server.base, token);
      for (const id of acknowledged) assert.ok(afterKill.includes(id), `article ${id} kept through the kill`);

      // Read four more and stop gracefully at once: all are written before the process exits.
      for (const a of list.slice(4, 8)) await view(a);
      server.child.kill('SIGTERM');
      assert.equal(await server.exited, 0);

      server = await start();
      const afterStop = await readIds(server.base, token);
      for (const a of list.slice(0, 8)) assert.ok(afterStop.includes(a.id), `article ${a.id} kept through SIGTERM`);
      assert.ok(afterStop.length >= new Set([...before, ...list.map((a) => a.id)]).size);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await server.exited;
    }
  });
});

describe('the reading log', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestApp();
  });
  after(() => ctx?.close());

  it('writes many views as one row per item with the newest time, even when batches land out of order', async () => {
    const m = await testMember(ctx, `rl_${Date.now()}`);
    let t = new Date('2026-11-20T02:00:00Z');
    const log = createReadingLog({ db: ctx.app.db, now: () => t, flushMs: 60_000 });
    for (let i = 0; i < 50; i++) {
      log.record(m.id, 'article', 1 + (i % 5));
      t = new Date(t.getTime() + 1_000);
    }
    assert.equal(log.pendingCount, 5);
    const newest = t.getTime() - 1_000;
    await log.flush();
    // An older view of item 5, written after the newer one: the record keeps the newer time.
    t = new Date('2026-11-19T00:00:00Z');
    log.record(m.id, 'article', 5);
    await log.flush();
    const rows = (await ctx.app.db.select().from(readingRecords).where(sql`${readingRecords.memberId} = ${m.id}`)).sort((a, b) => a.itemId - b.itemId);
    assert.deepEqual(rows.map((r) => r.itemId), [1, 2, 3, 4, 5]);
    assert.equal(rows[4]!.readAt.getTime(), newest);
    assert.equal(log.pendingCount, 0);
  });

  it('keeps a batch whose write failed and writes it with the next one', async () => {
    const m = await testMember(ctx, `rl_fail_${Date.now()}`);
    let fail = true;
    const db = new Proxy(ctx.app.db, {
      get(target, key, receiver) {
        if (key === 'execute' && fail) {
          return async () => {
            fail = false;
            throw new Error('connection lost');
          };
        }
        return Reflect.get(target, key, receiver);
      },
    });
    const log = createReadingLog({ db, now: () => new Date(), flushMs: 60_000 });
    log.record(m.id, 'lesson', 11);
    await assert.rejects(log.flush(), /connection lost/);
    assert.equal(log.pendingCount, 1);
    log.record(m.id, 'lesson', 12);
    await log.flush();
    const rows = await ctx.app.db.select().from(readingRecords).where(sql`${readingRecords.memberId} = ${m.id}`);
    assert.deepEqual(rows.map((r) => r.itemId).sort(), [11, 12]);
  });

  it("shows a view in the reader's list at once (the list writes what is buffered for them first)", async () => {
    const m = await testMember(ctx, `rl_list_${Date.now()}`, { member: true });
    const [a] = (await ctx.post('/api/article/selectArticleList', { pageNo: 1, pageSize: 1, sourceIds: '5' })).body.data.results;
    await ctx.post('/api/article/getArticleDetail', { permalinks: a.permalinks }, m.token);
    const listed = (await ctx.post('/api/user/selectMyReadArticle', { pageNo: 1, pageSize: 10 }, m.token)).body.data.results;
    assert.deepEqual(listed.map((r: { id: number }) => r.id), [a.id]);
  });
});
