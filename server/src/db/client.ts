import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { syncSearchDictionary } from '../modules/search/dictionary.js';
import { migrationsFolder } from '../paths.js';
import { PgliteThread } from './pgliteThread.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath (PGlite or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Db;
  driver: 'pglite' | 'node-postgres';
  /**
   * Applies the committed migrations, brings the search vectors up to the segmenter's dictionary
   * (search/dictionary.ts), then runs `afterMigrate` (the seed) while still holding the migration
   * lock, so several instances starting together on one PostgreSQL do not race.
   */
  migrate(afterMigrate?: (db: Db) => Promise<void>): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  pgliteDir: string;
  poolMax?: number;
  /**
   * For 'memory://' only: start from this PGlite data-dir dump instead of running initdb (the test
   * helper passes an empty cluster, which makes a fresh database several times faster to open).
   */
  pgliteTemplate?: Blob;
  /** Embedded database: statements slower than this (ms) are reported at warn; 0 or absent reports none. */
  pgliteSlowMs?: number;
  /** Where a PostgreSQL connection lost under a client, and a slow embedded statement, are reported (at warn). */
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_KEY = 7_270_301;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openNodePostgres(options.databaseUrl, options.poolMax ?? 10, options.log);
  return openPglite(options.pgliteDir, options.pgliteTemplate, options.pgliteSlowMs ?? 0, options.log);
}

/**
 * PGlite's buffer cache lives in the WebAssembly heap, which only grows: at PostgreSQL's default
 * (128MB) a large corpus fills it and the process keeps it all. On a data directory the pages it
 * no longer holds are re-read from the operating system's file cache (no disk access, no resident
 * memory of ours), and the list and detail caches above the database answer most reads, so a
 * smaller cache costs little time and saves about 100 MB (docs/performance.md, "Memory"). 16 MB
 * rather than 32: at 100 000 articles list and detail speed were the same, and the server's resident
 * peak under load 591 MiB against 609 (docs/performance.md, "Memory within budget").
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * Resolves when the database has nothing else to do (the embedded one: no statement waiting or
 * running), else at the next turn of the event loop: background work (a cache's warm-up) waits
 * for it before each statement so that readers' requests go first.
 */
export function databaseIdle(db: Db): Promise<void> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PgliteThread) return client.idle();
  return new Promise((resolve) => setImmediate(resolve));
}

async function openPglite(dataDir: string, template: Blob | undefined, slowMs: number, log?: DatabaseOptions['log']): Promise<DatabaseHandle> {
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  if (dataDir !== 'memory://') await mkdir(dataDir, { recursive: true });
  // On a thread of its own (pgliteThread.ts): a statement no longer stops the server's thread.
  const client = await PgliteThread.open(
    { dataDir, template, startParams, slowMs },
    {
      slow: (slow) => log?.warn({ ms: slow.ms, statement: slow.statement }, 'slow statement on the embedded database'),
      // Every statement fails from now on, and the readiness check with them: the process is to be restarted.
      lost: (err) => log?.error({ err: { message: err.message, code: (err as { code?: string }).code } }, 'the embedded database thread ended'),
    },
  );
  // Drizzle's PGlite driver asks of its client only what the thread offers (query, transaction).
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  return {
    db,
    driver: 'pglite',
    // One PGlite instance is one process's own database: no lock needed.
    async migrate(afterMigrate) {
      await migratePglite(db, { migrationsFolder });
      await syncSearchDictionary(db);
      await afterMigrate?.(db);
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
    },
  };
}

/**
 * The API's sessions plan without parallel workers. A request's statement is small; on the ladder's
 * last rung of a search (service.ts), which runs only when the rungs before it found too few rows,
 * the planner still started two workers for a parallel scan that then did nothing: 3.6 ms of an
 * 11 ms search at 100 000 articles, and on a 2-core server the other requests' cores. Returns the
 * connection string with the setting added to the `options` it may already carry (node-postgres
 * reads a connection string's parameters over its other settings, so it is written there).
 */
export function withSessionOptions(connectionString: string): string {
  const setting = '-c max_parallel_workers_per_gather=0';
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    // A key=value string: its own options are used as written.
    return connectionString;
  }
  const given = url.searchParams.get('options');
  url.searchParams.set('options', given ? `${given} ${setting}` : setting);
  return url.toString();
}

async function openNodePostgres(connectionString: string, max: number, log?: DatabaseOptions['log']): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: withSessionOptions(connectionString), max });
  // A client that loses its server (failover, pg_terminate_backend) emits 'error' whether it is idle
  // or checked out for a transaction; unheard, that event ends the process. Every client gets a
  // listener when it connects: the query in flight fails on its own (the request answers 500), the
  // pool drops the dead client on release, and the loss is logged once per client.
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (err: Error & { code?: string }) => {
      if (reported) return;
      reported = true;
      log?.warn({ err: { message: err.message, code: err.code } }, 'database connection lost; the pool opens a new one');
    });
  });
  // The pool re-emits an idle client's error; the client's own listener above has logged it.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    driver: 'node-postgres',
    async migrate(afterMigrate) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const lockedDb = drizzleNodePg({ client, schema });
        await migrateNodePg(lockedDb, { migrationsFolder });
        await syncSearchDictionary(lockedDb);
        await afterMigrate?.(lockedDb);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}
