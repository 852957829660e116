// The databases the server benchmarks (api.ts, search.ts, traffic.ts) run on, and their corpus.
// BENCH_PGLITE_DIR keeps an embedded database between runs, BENCH_PG_DATABASE a PostgreSQL one
// (seeding 100 000 articles takes about a quarter of an hour): a kept database is seeded once and
// re-checked after; otherwise each run makes a new one and removes it afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../src/db/client.js';
import { seed } from '../src/db/seed/index.js';

export interface BenchDatabase {
  /** Where the server and the seed find it: PGLITE_DIR or DATABASE_URL. */
  env: { PGLITE_DIR: string; DATABASE_URL: '' } | { DATABASE_URL: string };
  seedEnv: { databaseUrl?: string; pgliteDir: string };
  /** Removes it unless it is kept. */
  cleanup(): Promise<void>;
}

/** An embedded database in `kept` (BENCH_PGLITE_DIR unless given), else in a new temporary folder. */
export function pgliteDatabase(prefix: string, kept = process.env.BENCH_PGLITE_DIR): BenchDatabase {
  const dir = kept ? resolve(kept) : mkdtempSync(join(tmpdir(), `${prefix}-`));
  return {
    env: { PGLITE_DIR: dir, DATABASE_URL: '' },
    seedEnv: { pgliteDir: dir },
    async cleanup() {
      if (!kept) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A database of the PostgreSQL server at `adminUrl`: BENCH_PG_DATABASE (kept, made when missing), else a new one. */
export async function postgresDatabase(adminUrl: string, prefix: string): Promise<BenchDatabase> {
  const kept = process.env.BENCH_PG_DATABASE;
  if (kept && !/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error(`BENCH_PG_DATABASE must be a plain lower-case name: ${kept}`);
  const name = kept || `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    if (!exists) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    seedEnv: { databaseUrl: url.toString(), pgliteDir: 'unused' },
    async cleanup() {
      if (kept) return;
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Migrates and seeds (or re-checks) the scale corpus of `articles`, then runs `then` in the same
 * migration lock; the seconds it took.
 */
export async function seedCorpus(where: BenchDatabase['seedEnv'], articles: number, then?: (db: Db, now: Date) => Promise<void>): Promise<number> {
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: where.databaseUrl, pgliteDir: where.pgliteDir, poolMax: 2 });
  try {
    await database.migrate(async (db) => {
      const now = new Date();
      await seed(db, { now, articles });
      await then?.(db, now);
    });
  } finally {
    await database.close();
  }
  return (Date.now() - started) / 1000;
}
