/**
 * The demo seed, written once per test run and copied for every test database.
 *
 * Migrating and seeding a database takes 15–20 s (300 articles of real length, their search
 * vectors, the course catalogue); copying a seeded one takes a second or two. The first test that
 * needs a database seeds a template, and every later one starts from a copy of it:
 *   - PGlite: a data-dir dump (tar) in the temp folder, loaded with `loadDataDir`;
 *   - PostgreSQL: a database `qy_tpl_<run>` on the TEST_DATABASE_URL server, cloned with
 *     `create database … template …`.
 *
 * "A run" is one `npm test -w @qianyan/server` (test/run.mjs names it in QY_TEST_RUN, so the files
 * it runs share one template, and removes it at the end). A test file run by itself keeps its PGlite
 * template in memory and seeds each PostgreSQL database directly (nothing would remove a template
 * it left behind). The seed counts its dates back from the moment it ran, so every test clock
 * starts at that moment: a copy is exactly the database the seed would have written at its start.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db } from '../src/db/client.js';
import * as schema from '../src/db/schema/index.js';
import { seedIfEmpty } from '../src/db/seed/index.js';
import { migrationsFolder } from '../src/paths.js';

/** This run's name: starts with its start time (ms), so leftovers of old runs can be told apart. */
export const TEST_RUN = process.env.QY_TEST_RUN;
const FILE_PREFIX = 'qy-seeded-';
const DB_PREFIX = 'qy_tpl_';
/** Templates of runs that started longer ago than this are removed when a new one is made. */
const STALE_MS = 24 * 3_600_000;

export interface SeededTemplate {
  /** The moment the seed ran: the start of every test clock in this run. */
  now: Date;
}

const seedNowFile = (run: string, driver: 'pglite' | 'postgres') => join(tmpdir(), `${FILE_PREFIX}${run}-${driver}.json`);
const templateDatabase = (run: string) => `${DB_PREFIX}${run.replace(/[^a-z0-9]/gi, '_').toLowerCase()}`;

/**
 * An empty PGlite cluster (just after initdb), kept in the temp folder per PGlite build: opening a
 * fresh in-memory database from it takes about 2 s instead of about 8 s.
 */
export async function emptyPgliteCluster(): Promise<Blob> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const build = await stat(entry);
  const key = createHash('sha256').update(`${entry}:${build.size}:${build.mtimeMs}`).digest('hex').slice(0, 16);
  const file = join(tmpdir(), `qy-pglite-template-${key}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const db = await PGlite.create();
    const dump = await db.dumpDataDir('none');
    await db.close();
    await writeAtomically(file, Buffer.from(await dump.arrayBuffer()));
    return dump;
  }
}

async function writeAtomically(file: string, data: Buffer | string) {
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, data);
  await rename(partial, file);
}

async function readSeedNow(run: string, driver: 'pglite' | 'postgres'): Promise<Date | undefined> {
  try {
    const { now } = JSON.parse(await readFile(seedNowFile(run, driver), 'utf8')) as { now: string };
    return new Date(now);
  } catch {
    return undefined;
  }
}

const runStartedAt = (name: string) => Number(/^(\d{10,})/.exec(name)?.[1] ?? Number.NaN);
const isStale = (run: string) => !(Date.now() - runStartedAt(run) < STALE_MS);

/** Removes the PGlite templates of runs older than a day (a run that ended badly leaves its own). */
async function sweepPgliteTemplates(current: string) {
  const names = await readdir(tmpdir()).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(FILE_PREFIX)) continue;
    const run = name.slice(FILE_PREFIX.length).replace(/(-pglite|-postgres)?\.(tar|json)(\.\d+)?$/, '');
    if (run !== current && isStale(run)) await rm(join(tmpdir(), name), { force: true });
  }
}

async function migrateAndSeed(db: Db, migrate: () => Promise<void>): Promise<Date> {
  await migrate();
  const now = new Date();
  await seedIfEmpty(db, { now });
  return now;
}

let processTemplate: Promise<{ dump: Blob; template: SeededTemplate }> | undefined;

/** A seeded PGlite data dir for this run (made by the first caller) and the seed's moment. */
export function seededPglite(): Promise<{ dump: Blob; template: SeededTemplate }> {
  if (TEST_RUN) return sharedSeededPglite(TEST_RUN);
  processTemplate ??= seedPglite();
  return processTemplate;
}

async function seedPglite(): Promise<{ dump: Blob; template: SeededTemplate }> {
  const client = await PGlite.create({ loadDataDir: await emptyPgliteCluster() });
  try {
    const db = drizzlePglite({ client, schema });
    const seededAt = await migrateAndSeed(db as unknown as Db, () => migratePglite(db, { migrationsFolder }));
    // A checkpoint writes every page out, so the dump holds the whole seeded state.
    await client.query('checkpoint');
    return { dump: await client.dumpDataDir('none'), template: { now: seededAt } };
  } finally {
    await client.close();
  }
}

async function sharedSeededPglite(run: string): Promise<{ dump: Blob; template: SeededTemplate }> {
  const tar = join(tmpdir(), `${FILE_PREFIX}${run}.tar`);
  const now = await readSeedNow(run, 'pglite');
  if (now) {
    try {
      return { dump: new Blob([await readFile(tar)]), template: { now } };
    } catch {
      // The note without its dump (a run stopped between the two writes): seed again.
    }
  }
  await sweepPgliteTemplates(run);
  const seeded = await seedPglite();
  await writeAtomically(tar, Buffer.from(await seeded.dump.arrayBuffer()));
  await writeAtomically(seedNowFile(run, 'pglite'), JSON.stringify({ now: seeded.template.now.toISOString() }));
  return seeded;
}

export async function withAdmin<T>(adminUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates database `name` on the TEST_DATABASE_URL server as a copy of this run's seeded template
 * (seeding the template first if this is the run's first database). Returns the seed's moment.
 */
export async function createSeededPostgres(adminUrl: string, name: string): Promise<SeededTemplate> {
  if (!TEST_RUN) {
    // A file run by itself: its own database, seeded where it stands.
    await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
    const pool = new pg.Pool({ connectionString: databaseUrl(adminUrl, name), max: 1 });
    try {
      const db = drizzleNodePg({ client: pool, schema });
      return { now: await migrateAndSeed(db as unknown as Db, () => migrateNodePg(db, { migrationsFolder })) };
    } finally {
      await pool.end();
    }
  }
  const run = TEST_RUN;
  const template = templateDatabase(run);
  return withAdmin(adminUrl, async (admin) => {
    // One creator at a time per server: a second run (or process) waits instead of racing the first.
    await admin.query('select pg_advisory_lock(7270302)');
    try {
      let now = await readSeedNow(run, 'postgres');
      const exists = (await admin.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1;
      if (!exists || !now) {
        await sweepPostgresTemplates(admin);
        await admin.query(`drop database if exists ${template} with (force)`);
        await admin.query(`create database ${template}`);
        const pool = new pg.Pool({ connectionString: databaseUrl(adminUrl, template), max: 1 });
        try {
          const db = drizzleNodePg({ client: pool, schema });
          now = await migrateAndSeed(db as unknown as Db, () => migrateNodePg(db, { migrationsFolder }));
        } finally {
          await pool.end();
        }
        await writeAtomically(seedNowFile(run, 'postgres'), JSON.stringify({ now: now.toISOString() }));
      }
      await admin.query(`create database ${name} template ${template}`);
      return { now };
    } finally {
      await admin.query('select pg_advisory_unlock(7270302)').catch(() => {});
    }
  });
}

async function sweepPostgresTemplates(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${DB_PREFIX}%`]);
  for (const { datname } of rows) {
    if (isStale(datname.slice(DB_PREFIX.length))) await admin.query(`drop database if exists ${datname} with (force)`);
  }
}

/** Removes run `run`'s templates (called once when the run ends; see test/run.mjs). */
export async function removeRunTemplates(run: string, adminUrl: string | undefined) {
  await rm(join(tmpdir(), `${FILE_PREFIX}${run}.tar`), { force: true });
  await rm(seedNowFile(run, 'pglite'), { force: true });
  await rm(seedNowFile(run, 'postgres'), { force: true });
  if (adminUrl) {
    await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${templateDatabase(run)} with (force)`)).catch(() => {});
  }
}
