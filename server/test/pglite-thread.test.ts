// The embedded database on its own thread (src/db/pgliteThread.ts): what the server relies on of a
// PGlite client holds across the thread — rows and types as Drizzle reads them, PostgreSQL's error
// fields, transactions that nothing else interleaves with, notifications before the notifying
// statement's reply — and a slow statement no longer stops the server's own thread.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { databaseIdle, openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { uniqueViolation } from '../src/lib/dbErrors.js';
import { emptyPgliteCluster } from './seededDatabase.js';

/** The rows of a statement Drizzle ran as raw SQL. */
const rows = async <T = Record<string, unknown>>(result: Promise<unknown>): Promise<T[]> => ((await result) as { rows: T[] }).rows;

describe('PGlite on a worker thread', () => {
  let handle: DatabaseHandle;
  before(async () => {
    handle = await openDatabase({ pgliteDir: 'memory://', pgliteTemplate: await emptyPgliteCluster() });
    await handle.db.execute(sql`create table t (id int primary key, v text, at timestamptz default now(), j jsonb, b bytea)`);
  });
  after(() => handle.close());

  it('returns rows with the types Drizzle expects: dates as their text, JSON parsed, bytes as bytes', async () => {
    await handle.db.execute(sql`insert into t (id, v, at, j, b) values (1, 'a', '2026-12-07T10:00:00Z', '{"k":[1,2]}', '\\x0102')`);
    const [row] = await rows(handle.db.execute(sql`select id, v, at, j, b from t where id = 1`));
    assert.equal(row!.id, 1);
    assert.equal(typeof row!.at, 'string', 'a timestamptz is kept as its text (Drizzle parses it)');
    assert.match(String(row!.at), /^2026-12-07 10:00:00/);
    assert.deepEqual(row!.j, { k: [1, 2] });
    assert.deepEqual([...(row!.b as Uint8Array)], [1, 2]);
  });

  it('gives PostgreSQL’s error fields to the caller (a unique violation names its constraint)', async () => {
    await assert.rejects(handle.db.execute(sql`insert into t (id, v) values (1, 'again')`), (err: unknown) => {
      assert.equal(uniqueViolation(err), 't_pkey');
      return true;
    });
  });

  it('runs a transaction with nothing in between, and rolls it back whole when it throws', async () => {
    const order: string[] = [];
    const tx = handle.db.transaction(async (t) => {
      await t.execute(sql`insert into t (id, v) values (10, 'in tx')`);
      order.push('tx insert');
      // A statement from outside, sent while the transaction is open, must not see its row yet
      // nor run inside it.
      await new Promise((r) => setTimeout(r, 30));
      await t.execute(sql`update t set v = 'in tx, updated' where id = 10`);
      order.push('tx update');
    });
    const outside = (async () => {
      await new Promise((r) => setTimeout(r, 5));
      const [seen] = await rows<{ v: string }>(handle.db.execute(sql`select v from t where id = 10`));
      order.push(`outside saw ${seen?.v ?? 'nothing'}`);
    })();
    await Promise.all([tx, outside]);
    assert.deepEqual(order, ['tx insert', 'tx update', 'outside saw in tx, updated']);

    await assert.rejects(
      handle.db.transaction(async (t) => {
        await t.execute(sql`insert into t (id, v) values (11, 'lost')`);
        throw new Error('abandoned');
      }),
      /abandoned/,
    );
    assert.equal((await rows(handle.db.execute(sql`select 1 from t where id = 11`))).length, 0);
  });

  it('keeps concurrent transactions apart: each counter increment lands once', async () => {
    await handle.db.execute(sql`insert into t (id, v) values (20, '0')`);
    await Promise.all(
      Array.from({ length: 25 }, () =>
        handle.db.transaction(async (t) => {
          const [row] = await rows<{ v: string }>(t.execute(sql`select v from t where id = 20`));
          await t.execute(sql`update t set v = ${String(Number(row!.v) + 1)} where id = 20`);
        }),
      ),
    );
    const [row] = await rows<{ v: string }>(handle.db.execute(sql`select v from t where id = 20`));
    assert.equal(row!.v, '25');
  });

  it('delivers a notification before the reply of the statement that sent it', async () => {
    const client = (handle.db as unknown as { $client: { listen(c: string, cb: (p: string) => void): Promise<unknown> } }).$client;
    const heard: string[] = [];
    await client.listen('qy_test', (payload) => heard.push(payload));
    await handle.db.execute(sql`select pg_notify('qy_test', 'one')`);
    assert.deepEqual(heard, ['one']);
  });

  it('leaves the server’s thread free while a slow statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    try {
      await handle.db.execute(sql`select pg_sleep(0.3)`);
    } finally {
      clearInterval(timer);
    }
    // In the server's thread, the 300 ms statement would have let no timer run until it ended.
    assert.ok(ticks >= 10, `timers ran ${ticks} times during a 300 ms statement`);
  });

  it('tells background work when no statement is waiting or running', async () => {
    const order: string[] = [];
    const sleeping = handle.db.execute(sql`select pg_sleep(0.15)`).then(() => order.push('statement'));
    await databaseIdle(handle.db).then(() => order.push('idle'));
    await sleeping;
    assert.deepEqual(order, ['statement', 'idle']);
    const started = performance.now();
    await databaseIdle(handle.db);
    assert.ok(performance.now() - started < 100, 'idle at once when nothing runs');
  });

  it('reports a statement slower than the threshold, by its own time and not its wait in the queue', async () => {
    const slow: { ms: number; statement: string }[] = [];
    const log = { warn: (obj: object) => slow.push(obj as { ms: number; statement: string }), error: () => {} };
    const db = await openDatabase({ pgliteDir: 'memory://', pgliteTemplate: await emptyPgliteCluster(), pgliteSlowMs: 150, log });
    try {
      // The second statement waits about 200 ms behind the first but runs in no time itself.
      await Promise.all([db.db.execute(sql`select pg_sleep(0.2)`), db.db.execute(sql`select 1 as quick`)]);
    } finally {
      await db.close();
    }
    assert.equal(slow.length, 1, JSON.stringify(slow));
    assert.match(slow[0]!.statement, /pg_sleep/);
    assert.ok(slow[0]!.ms >= 150);
  });
});
