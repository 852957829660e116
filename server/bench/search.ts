// Search benchmark (issue "Search", docs/decisions.md "Search"): seeds the scale corpus (100 000
// articles by default) into a PGlite directory and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL)
// is set, into a fresh PostgreSQL database qy_bench_search_<timestamp> (dropped afterwards). Then it
// builds the real app in this process and sends each query of a fixed mix through the real endpoint
// (POST /api/article/selectArticleList or /api/lesson/selectLessonList with searchInfo, via
// Fastify's inject: routing, validation, service, database and serialization, without sockets),
// one request at a time, and reports p50/p95/p99 per query and overall against the budget
// (p95 ≤ 30 ms, p99 ≤ 60 ms per query). Search replies are never taken from a reply cache: the list
// reply cache keeps searches too, so each request carries a field of its own (`_sample`, ignored by
// the search but part of the cache key) and every request runs the search; the samples cycle through
// page numbers 1 to 3 so no two neighbouring requests are the same.
//
// Then, under concurrency (issue 22): the real server in a child process on the same database, loaded
// by autocannon from this process on 127.0.0.1 with 50 connections for a fixed time (it stops by
// itself), the same query mix in turn, every request new to the reply cache (`_sample` counts up);
// req/s, p50/p99 and errors against the budget (PostgreSQL ≥ 300 req/s, p99 ≤ 150 ms; PGlite
// ≥ 150 req/s, p99 ≤ 400 ms; set for 100 000 articles).
//
// It also seeds the normal demo corpus (generateArticles) into an in-memory PGlite database and prints
// recall@10 for the relevance set (bench/relevance.json). Writes bench-results/search.json at the
// repository root.
//
//   cd server && npx tsx bench/search.ts [--quick]
//   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test npx tsx bench/search.ts
//
// Settings: BENCH_ARTICLES (100000; --quick 2000), BENCH_SAMPLES (per query: 60; --quick 10),
// BENCH_SEARCH_CONNECTIONS (50), BENCH_SEARCH_SECONDS (10; --quick 5; 0 skips the concurrent part),
// BENCH_TARGETS (pglite,postgres), BENCH_PGLITE_DIR=<dir> uses (and keeps) that PGlite directory, so
// a second run re-checks the seed instead of writing it again. A kept directory seeded before a
// search migration is migrated in place (0012 rewrites every article's vector: minutes at 100 000
// articles on PGlite, which has no autovacuum: run `vacuum (analyze) articles` on it afterwards, or
// delete the directory to seed it again).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { seed } from '../src/db/seed/index.js';
import { pgliteDatabase, postgresDatabase, seedCorpus } from './databases.js';
import { SERVER_DIR, startServer, stopChild } from './processes.js';

const ROOT = resolve(SERVER_DIR, '..');
const BUDGET = { p95Ms: 30, p99Ms: 60 };
/** Under 50 connections, every request new to the reply cache (issue 22; 100 000 articles). */
const CONCURRENT_BUDGET = { pglite: { rps: 150, p99Ms: 400 }, postgres: { rps: 300, p99Ms: 150 } };

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<{
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}>;

export interface SearchBenchOptions {
  /** Fewer articles and samples: finishes in well under a minute. */
  quick?: boolean;
  articles?: number;
  samples?: number;
  /** Connections and seconds of the concurrent measurement (0 seconds: skipped). */
  connections?: number;
  loadSeconds?: number;
  targets?: ('pglite' | 'postgres')[];
  /** PostgreSQL server URL (a database is created and dropped there); none: PGlite only. */
  databaseUrl?: string;
  /** Keep and reuse this PGlite directory. */
  pgliteDir?: string;
  /** Also write bench-results/search.json (default true). */
  writeJson?: boolean;
  log?: (...args: unknown[]) => void;
}

interface MixQuery {
  name: string;
  kind: 'rare' | 'common' | 'one-char' | 'two-char' | 'english' | 'author' | 'phrase' | 'filtered' | 'lessons';
  path?: string;
  body: Record<string, unknown>;
}

/** The fixed query mix (scale corpus words: server/src/db/seed/terms.ts). */
const MIX: MixQuery[] = [
  { name: '耐药结核病', kind: 'rare', body: { searchInfo: '耐药结核病' } },
  { name: 'QY-901', kind: 'rare', body: { searchInfo: 'QY-901' } },
  { name: '不存在的词 (no match)', kind: 'rare', body: { searchInfo: '量子纠缠' } },
  { name: '患者', kind: 'common', body: { searchInfo: '患者' } },
  { name: '研究', kind: 'common', body: { searchInfo: '研究' } },
  { name: '治疗 (newest first)', kind: 'common', body: { searchInfo: '治疗', sortType: 0 } },
  { name: '研究 (oldest first)', kind: 'common', body: { searchInfo: '研究', sortType: 1 } },
  { name: '癌', kind: 'one-char', body: { searchInfo: '癌' } },
  { name: '肺', kind: 'one-char', body: { searchInfo: '肺' } },
  { name: '哮喘', kind: 'two-char', body: { searchInfo: '哮喘' } },
  { name: '卒中', kind: 'two-char', body: { searchInfo: '卒中' } },
  { name: 'SGLT2', kind: 'english', body: { searchInfo: 'SGLT2' } },
  { name: 'PD-1', kind: 'english', body: { searchInfo: 'PD-1' } },
  { name: 'Carter', kind: 'author', body: { searchInfo: 'Carter' } },
  { name: '王建国', kind: 'author', body: { searchInfo: '王建国' } },
  { name: '心房颤动 抗凝', kind: 'phrase', body: { searchInfo: '心房颤动 抗凝' } },
  { name: '"随机对照试验"', kind: 'phrase', body: { searchInfo: '"随机对照试验"' } },
  { name: '患者 in journal+digest, 2 classes', kind: 'filtered', body: { searchInfo: '患者', sourceIds: [5, 6], articleClassIds: [2, 4] } },
  { name: '研究 in commentary (haswantsay)', kind: 'filtered', body: { searchInfo: '研究', haswantsay: 1 } },
  { name: '糖尿病 last 2 years', kind: 'filtered', body: { searchInfo: '糖尿病' } },
  { name: 'lessons: 糖尿病', kind: 'lessons', path: '/api/lesson/selectLessonList', body: { searchInfo: '糖尿病', subjectSerType: [1, 2, 3] } },
];

interface QueryRow {
  name: string;
  kind: string;
  total: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  pass: boolean;
}

interface TargetResult {
  target: string;
  /** 1-minute load average before and after the measurement, and the number of CPUs. */
  load: { before: number; after: number; cpus: number };
  articles: number;
  seedSeconds: number;
  samplesPerQuery: number;
  rows: QueryRow[];
  overall: { p50: number; p95: number; p99: number };
  concurrent?: ConcurrentResult;
  pass: boolean;
}

interface ConcurrentResult {
  connections: number;
  seconds: number;
  /** 1-minute load average before and after. */
  load: { before: number; after: number };
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  /** Connection errors, timeouts, non-2xx, and sampled replies whose code was not 0. */
  errors: number;
  budget: { rps: number; p99Ms: number };
  pass: boolean;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

async function appOn(env: Record<string, string>): Promise<App> {
  const config = loadConfig({
    ...process.env,
    ...env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    API_DOCS: 'false',
    SEED_DEMO_DATA: 'false',
    REDIS_URL: '',
  });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  return app;
}

async function send(app: App, path: string, body: Record<string, unknown>) {
  const started = process.hrtime.bigint();
  const res = await app.inject({ method: 'POST', url: path, payload: body });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const json = res.json() as { code: number; data?: { page?: { total: number }; results?: { permalinks?: string }[] } };
  if (res.statusCode !== 200 || json.code !== 0) throw new Error(`${path} ${JSON.stringify(body)}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return { ms, json };
}

/** Each query of the mix `samples` times (pages 1..3 in turn, page size 20, never cached), after two warm-up rounds. */
/** The mix with today's date range. */
function mixNow(): MixQuery[] {
  const now = new Date();
  const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
  const twoYearsAgo = new Date(now.getTime() - 730 * 86_400_000);
  return MIX.map((q) => (q.name === '糖尿病 last 2 years' ? { ...q, body: { ...q.body, startDate: ymd(twoYearsAgo), endDate: ymd(now) } } : q));
}

async function measure(app: App, samples: number): Promise<{ rows: QueryRow[]; all: number[] }> {
  const mix = mixNow();
  const times = new Map<string, number[]>(mix.map((q) => [q.name, []]));
  const totals = new Map<string, number>();
  for (let round = -2; round < samples; round++) {
    // Interleaved: every query once per round, so no query runs many times in a row.
    for (const q of mix) {
      const pageNo = (((round % 3) + 3) % 3) + 1;
      // `_sample` (ignored by the server, but part of the list reply cache's key) makes every
      // request new to the server: these are uncached searches.
      const { ms, json } = await send(app, q.path ?? '/api/article/selectArticleList', { ...q.body, pageNo, pageSize: 20, _sample: round });
      if (round >= 0) times.get(q.name)!.push(ms);
      totals.set(q.name, json.data?.page?.total ?? 0);
    }
  }
  const all: number[] = [];
  const rows = mix.map((q) => {
    const t = times.get(q.name)!.sort((a, b) => a - b);
    all.push(...t);
    const p95 = pct(t, 95);
    const p99 = pct(t, 99);
    return {
      name: q.name,
      kind: q.kind,
      total: totals.get(q.name) ?? 0,
      p50: round(pct(t, 50)),
      p95: round(p95),
      p99: round(p99),
      max: round(t[t.length - 1] ?? 0),
      pass: p95 <= BUDGET.p95Ms && p99 <= BUDGET.p99Ms,
    };
  });
  return { rows, all: all.sort((a, b) => a - b) };
}

/**
 * The query mix under `connections` concurrent connections for `seconds` (after a warm-up of a
 * third of that), each request the next query of the mix with a `_sample` of its own: none is
 * answered from the reply cache.
 */
async function measureConcurrent(url: string, target: 'pglite' | 'postgres', connections: number, seconds: number): Promise<ConcurrentResult> {
  const mix = mixNow();
  let n = 0;
  let sampled = 0;
  let bad = 0;
  const run = (duration: number) =>
    autocannon({
      url,
      connections,
      duration,
      // A request still unanswered after this long counts as an error (timeouts are reported).
      timeout: 30,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (req: Record<string, unknown>) => {
            const q = mix[n % mix.length]!;
            const sample = n++;
            return { ...req, path: q.path ?? '/api/article/selectArticleList', body: JSON.stringify({ ...q.body, pageNo: (sample % 3) + 1, pageSize: 20, _sample: `c${sample}` }) };
          },
          // One reply in 20 is parsed (all would slow the load generator).
          onResponse: (status: number, body: string) => {
            if (sampled++ % 20 !== 0) return;
            try {
              if (status !== 200 || JSON.parse(body).code !== 0) bad++;
            } catch {
              bad++;
            }
          },
        },
      ],
    });
  await run(Math.max(1, Math.round(seconds / 3)));
  // The warm-up's last requests are still queued in the server when it ends: one more search,
  // answered after them, starts the measurement on a drained server.
  const first = mix[0]!;
  await fetch(`${url}${first.path ?? '/api/article/selectArticleList'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...first.body, pageNo: 1, pageSize: 20, _sample: 'drain' }),
    signal: AbortSignal.timeout(120_000),
  });
  bad = 0;
  const before = round(loadavg()[0]!);
  const r = await run(seconds);
  const budget = CONCURRENT_BUDGET[target];
  const errors = r.errors + r.timeouts + r.non2xx + bad;
  const rps = round(r.requests.average);
  return {
    connections,
    seconds,
    load: { before, after: round(loadavg()[0]!) },
    rps,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    errors,
    budget,
    pass: errors === 0 && rps >= budget.rps && r.latency.p99 <= budget.p99Ms,
  };
}

async function runTarget(target: 'pglite' | 'postgres', o: Required<Pick<SearchBenchOptions, 'articles' | 'samples'>> & SearchBenchOptions) {
  const log = o.log ?? console.log;
  const database =
    target === 'pglite'
      ? pgliteDatabase('qy-bench-search', o.pgliteDir)
      : await postgresDatabase(o.databaseUrl!, 'qy_bench_search');
  const { seedEnv, cleanup } = database;
  const env: Record<string, string> = target === 'pglite' ? { ...database.env } : { ...database.env, DATABASE_POOL_MAX: '10' };
  try {
    log(`[search-bench] ${target}: seeding ${o.articles} articles…`);
    const seedSeconds = await seedCorpus(seedEnv, o.articles);
    log(`[search-bench] ${target}: seeded in ${seedSeconds.toFixed(1)} s; measuring ${MIX.length} queries × ${o.samples}…`);
    const app = await appOn(env);
    let serial: Omit<TargetResult, 'concurrent' | 'pass'> & { pass: boolean };
    try {
      const before = round(loadavg()[0]!);
      const { rows, all } = await measure(app, o.samples);
      const load = { before, after: round(loadavg()[0]!), cpus: cpus().length };
      const overall = { p50: round(pct(all, 50)), p95: round(pct(all, 95)), p99: round(pct(all, 99)) };
      serial = { target, load, articles: o.articles, seedSeconds, samplesPerQuery: o.samples, rows, overall, pass: rows.every((r) => r.pass) };
    } finally {
      await app.close();
    }
    const seconds = o.loadSeconds ?? (o.quick ? 5 : 10);
    if (seconds <= 0) return serial;
    const connections = o.connections ?? 50;
    log(`[search-bench] ${target}: ${connections} connections for ${seconds} s against the server in a child process…`);
    const server = await startServer({ ...env, REDIS_URL: '' });
    try {
      const concurrent = await measureConcurrent(server.url, target, connections, seconds);
      return { ...serial, concurrent, pass: serial.pass && concurrent.pass };
    } finally {
      await stopChild(server.child);
    }
  } finally {
    await cleanup();
  }
}

export interface RelevanceResult {
  queries: number;
  recallAt10: number;
  /** Queries that missed an expected result, with what they missed. */
  misses: { query: string; missing: string[] }[];
}

interface RelevanceSet {
  queries: { query: string; kind: string; expect: string[]; note?: string }[];
}

/** recall@10 of bench/relevance.json over the normal demo seed (in-memory PGlite). */
export async function runRelevance(log: (...args: unknown[]) => void = console.log): Promise<RelevanceResult> {
  const set = JSON.parse(readFileSync(join(SERVER_DIR, 'bench/relevance.json'), 'utf8')) as RelevanceSet;
  const app = await appOn({ PGLITE_DIR: 'memory://', DATABASE_URL: '', SEED_DEMO_DATA: 'true' });
  // appOn turns the demo seed off; seed it here.
  await seed(app.db, { now: new Date() });
  try {
    let sum = 0;
    const misses: RelevanceResult['misses'] = [];
    for (const q of set.queries) {
      const { json } = await send(app, '/api/article/selectArticleList', { searchInfo: q.query, pageNo: 1, pageSize: 10 });
      const got = new Set((json.data?.results ?? []).map((r) => r.permalinks));
      const missing = q.expect.filter((p) => !got.has(p));
      sum += (q.expect.length - missing.length) / q.expect.length;
      if (missing.length) misses.push({ query: q.query, missing });
    }
    const recallAt10 = set.queries.length ? sum / set.queries.length : 0;
    log(`[search-bench] relevance: ${set.queries.length} queries, recall@10 ${recallAt10.toFixed(3)}${misses.length ? `; missed: ${JSON.stringify(misses)}` : ''}`);
    return { queries: set.queries.length, recallAt10, misses };
  } finally {
    await app.close();
  }
}

function printTable(r: TargetResult, log: (...args: unknown[]) => void) {
  log(`\nSearch on ${r.target}: ${r.articles} articles (seeded in ${r.seedSeconds.toFixed(1)} s), ${r.samplesPerQuery} samples per query,`);
  log('one request at a time through the endpoint (in-process inject); every request new to the reply cache.');
  log(`machine load (1-minute average) ${r.load.before} before, ${r.load.after} after, on ${r.load.cpus} CPUs`);
  log(`${'query'.padEnd(36)} ${'kind'.padEnd(9)} ${'total'.padStart(6)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}  budget`);
  for (const row of r.rows) {
    log(
      `${row.name.padEnd(36)} ${row.kind.padEnd(9)} ${String(row.total).padStart(6)} ${row.p50.toFixed(1).padStart(7)} ${row.p95.toFixed(1).padStart(7)} ${row.p99.toFixed(1).padStart(7)} ${row.max.toFixed(1).padStart(7)}  ${row.pass ? 'PASS' : 'OVER'}`,
    );
  }
  log(`${'overall'.padEnd(36)} ${''.padEnd(9)} ${''.padStart(6)} ${r.overall.p50.toFixed(1).padStart(7)} ${r.overall.p95.toFixed(1).padStart(7)} ${r.overall.p99.toFixed(1).padStart(7)}`);
  const c = r.concurrent;
  if (c) {
    log(
      `concurrent: ${c.connections} connections, ${c.seconds} s, load ${c.load.before} → ${c.load.after}: ${c.rps.toFixed(0)} req/s, p50 ${c.p50} ms, p99 ${c.p99} ms, max ${c.max} ms, ${c.requests} requests, ${c.errors} errors  ${c.pass ? 'PASS' : 'OVER'} (budget ≥ ${c.budget.rps} req/s, p99 ≤ ${c.budget.p99Ms} ms, no errors; set for 100 000 articles)`,
    );
  }
  log(`${r.target}: ${r.pass ? 'PASS' : 'OVER'} (budget per query: p95 ≤ ${BUDGET.p95Ms} ms, p99 ≤ ${BUDGET.p99Ms} ms${c ? '; and the concurrent budget' : ''})`);
}

export interface SearchBenchResult {
  budget: typeof BUDGET;
  concurrentBudget: typeof CONCURRENT_BUDGET;
  method: string;
  targets: TargetResult[];
  relevance: RelevanceResult;
  pass: boolean;
}

/** Runs the benchmark (the root `npm run bench` harness calls this too). */
export async function runSearchBench(options: SearchBenchOptions = {}): Promise<SearchBenchResult> {
  const log = options.log ?? console.log;
  const quick = options.quick ?? false;
  const articles = options.articles ?? (quick ? 2_000 : 100_000);
  const samples = options.samples ?? (quick ? 10 : 60);
  const databaseUrl = options.databaseUrl;
  const targets = (options.targets ?? ['pglite', 'postgres']).filter((t) => t === 'pglite' || databaseUrl);
  const results: TargetResult[] = [];
  for (const target of targets) {
    const r = await runTarget(target, { ...options, articles, samples, databaseUrl });
    printTable(r, log);
    results.push(r);
  }
  const relevance = await runRelevance(log);
  const result: SearchBenchResult = {
    budget: BUDGET,
    concurrentBudget: CONCURRENT_BUDGET,
    method:
      'in-process inject through POST /api/article/selectArticleList and /api/lesson/selectLessonList, one request at a time, every request new to the reply cache (a unique ignored field); then the same mix over HTTP on 127.0.0.1 to the server in a child process, 50 connections',
    targets: results,
    relevance,
    pass: results.every((r) => r.pass) && relevance.recallAt10 === 1,
  };
  if (options.writeJson ?? true) {
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench-results/search.json'), `${JSON.stringify({ ...result, at: new Date().toISOString(), quick }, null, 2)}\n`);
  }
  log(`\nsearch: ${result.pass ? 'PASS' : 'OVER'} (recall@10 ${relevance.recallAt10.toFixed(3)}; targets ${results.map((r) => `${r.target} ${r.pass ? 'PASS' : 'OVER'}`).join(', ') || 'none'})`);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const quick = process.argv.includes('--quick');
  const env = process.env;
  const result = await runSearchBench({
    quick,
    articles: env.BENCH_ARTICLES ? Number(env.BENCH_ARTICLES) : undefined,
    samples: env.BENCH_SAMPLES ? Number(env.BENCH_SAMPLES) : undefined,
    connections: env.BENCH_SEARCH_CONNECTIONS ? Number(env.BENCH_SEARCH_CONNECTIONS) : undefined,
    loadSeconds: env.BENCH_SEARCH_SECONDS ? Number(env.BENCH_SEARCH_SECONDS) : undefined,
    targets: env.BENCH_TARGETS ? (env.BENCH_TARGETS.split(',').map((s) => s.trim()) as ('pglite' | 'postgres')[]) : undefined,
    databaseUrl: env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || undefined,
    pgliteDir: env.BENCH_PGLITE_DIR || undefined,
  });
  process.exitCode = result.pass ? 0 : 1;
}
