// API benchmark (ARCHITECTURE §6): seeds the scale corpus (100 000 articles by default) into a fresh
// PGlite directory and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, into a fresh
// PostgreSQL database qy_bench_<timestamp> (dropped afterwards); starts the real server in a child
// process on it, and loads it with autocannon beside a bare node:http JSON server (also a child):
// 50 connections, 10 s per endpoint after a short warm-up. Prints a table and PASS/FAIL against the
// budget, and writes bench-results/api.json at the repository root.
//
//   npm run bench:api -w @qianyan/server            (or the root `npm run bench`, which also runs this)
//   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test npm run bench:api -w @qianyan/server
//
// Settings: BENCH_ARTICLES (100000), BENCH_CONNECTIONS (50), BENCH_DURATION (10 s), BENCH_WARMUP (5 s),
// BENCH_TARGETS (pglite,postgres), BENCH_PROFILE=<dir> (a CPU profile of the server), BENCH_PGLITE_DIR=<dir> uses (and keeps) that PGlite directory
// instead of a fresh one: a second run re-checks the seed in seconds instead of writing it again.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { articleMix, coldArticleMix, createRandom, detailMix, detailMixAs, type Mix } from './mix.js';
import { pgliteDatabase, postgresDatabase, seedCorpus } from './databases.js';
import { SERVER_DIR, serverEntry, startBare, startServer, stopChild } from './processes.js';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<AutocannonResult>;

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; average: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}

const ROOT = resolve(SERVER_DIR, '..');
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',').map((s) => s.trim());
const BUDGET = { listP99Ms: 15, listShareOfBare: 0.1, rssMiB: 600, rssArticles: 100_000, memberDetailP99OfVisitor: 3 };

interface Row {
  name: string;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  requests: number;
  errors: number;
  /** Replies whose envelope code was not 0, among the sampled ones. */
  badReplies: number;
  /** Share of requests that were the first of their body in this run (a cache cannot help them). */
  coldShare?: number;
}

const log = (...args: unknown[]) => console.log('[bench]', ...args);

async function startApp(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  // BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (open it in DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_PROFILE)}`] : [];
  const entry = serverEntry();
  log(`server: node ${entry.join(' ')}`);
  return startServer(env, [...profile, ...entry]);
}

async function post(url: string, body: unknown, token?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}

/** Runs autocannon; bodies come from the mix, one pick per request (seeded, so runs repeat). */
async function load(name: string, url: string, mix: Mix | null, seconds: number, record = true): Promise<Row> {
  const rnd = createRandom(name.length * 7919 + seconds);
  const seen = new Set<number>();
  let cold = 0;
  let picked = 0;
  let sampled = 0;
  let bad = 0;
  const result = await autocannon({
    url: mix ? `${url}${mix.path}` : url,
    connections: CONNECTIONS,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          if (!mix) return req;
          const i = mix.pick(rnd);
          picked++;
          if (!seen.has(i)) {
            seen.add(i);
            cold++;
          }
          const item = mix.items[i]!;
          return {
            ...req,
            body: item.body,
            headers: { 'content-type': 'application/json', ...(item.token ? { authorization: `Bearer ${item.token}` } : {}) },
          };
        },
        // Check the envelope of one reply in 25 (parsing them all would slow the load generator).
        onResponse: (status: number, body: string) => {
          if (sampled++ % 25 !== 0) return;
          if (status !== 200) bad++;
          else if (mix) {
            try {
              if (JSON.parse(body).code !== 0) bad++;
            } catch {
              bad++;
            }
          }
        },
      },
    ],
  });
  const row: Row = {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    badReplies: bad,
    ...(mix ? { coldShare: picked ? cold / picked : 0 } : {}),
  };
  if (record) log(`${name}: ${row.rps.toFixed(0)} req/s, p99 ${row.p99} ms`);
  return row;
}

/** Course card lists as the home page and the course resources page ask for them (§7.5), 20 % logged in. */
function lessonMix(tokens: string[]): Mix {
  const items: { body: string; token?: string }[] = [];
  const kinds = [[1, 2], [4, 5], [1, 2, 3]];
  const classes = [undefined, [1], [2], [3], [4], [7], [2, 4]];
  for (const subjectSerType of kinds)
    for (const articalClassIds of classes)
      for (const sortType of [undefined, 3])
        for (let pageNo = 1; pageNo <= 3; pageNo++) {
          const body = { lessonStatus: 1, pageNo, pageSize: subjectSerType.length === 2 && subjectSerType[0] === 1 ? 3 : 12, subjectSerType, ...(articalClassIds ? { articalClassIds } : {}), ...(sortType ? { sortType } : {}) };
          items.push({ body: JSON.stringify(body), ...(items.length % 5 === 0 ? { token: tokens[items.length % tokens.length] } : {}) });
        }
  return { path: '/api/lesson/selectLessonList', items, pick: (r) => r.int(0, items.length - 1), describe: `${items.length} course list bodies` };
}

/** Search terms of every kind (one and two characters, English, authors, phrases), some with filters. */
const SEARCH_TERMS = ['患者', '研究', '治疗', '癌', '肺', '哮喘', '卒中', '糖尿病', '心力衰竭', '耐药结核病', 'SGLT2', 'PD-1', 'Carter', '王建国', '心房颤动 抗凝', '随机对照试验'];
function searchMix(tokens: string[]): Mix {
  const items: { body: string; token?: string }[] = [];
  for (const searchInfo of SEARCH_TERMS)
    for (const extra of [{}, { sourceIds: [5, 6] }, { articleClassIds: [2, 4] }, { sortType: 0 }])
      for (let pageNo = 1; pageNo <= 2; pageNo++) items.push({ body: JSON.stringify({ searchInfo, pageNo, pageSize: 10, ...extra }), ...(items.length % 5 === 0 ? { token: tokens[items.length % tokens.length] } : {}) });
  return { path: '/api/article/selectArticleList', items, pick: (r) => r.int(0, items.length - 1), describe: `${items.length} search bodies` };
}

/** Whether selectArticleList accepts searchInfo (the search engine is built). */
async function searchAvailable(url: string): Promise<boolean> {
  try {
    return (await post(`${url}/api/article/selectArticleList`, { searchInfo: '研究', pageNo: 1, pageSize: 10 })).code === 0;
  } catch {
    return false;
  }
}

interface TargetResult {
  target: string;
  seedSeconds: number;
  rows: Row[];
  listShareOfBare: number;
  /** A member's detail p99 over a visitor's, in the same run. */
  memberDetailRatio: number;
  pass: boolean;
  /** The server's resident memory after the runs (Linux), in MiB. */
  serverRssMiB?: number;
  /** The highest resident memory sampled during the runs (every 250 ms), in MiB. */
  serverPeakRssMiB?: number;
  /** Judged only on PGlite at the budget's corpus size (BUDGET.rssArticles); undefined otherwise. */
  memoryPass?: boolean;
}

/** Samples a process's resident memory until stopped; returns the highest sample, in MiB. */
function sampleRss(pid: number | undefined): () => number | undefined {
  let peak: number | undefined;
  const take = () => {
    const now = rssMiB(pid);
    if (now !== undefined && (peak === undefined || now > peak)) peak = now;
  };
  const timer = setInterval(take, 250);
  return () => {
    clearInterval(timer);
    take();
    return peak;
  };
}

function rssMiB(pid: number | undefined): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

async function runTarget(target: 'pglite' | 'postgres'): Promise<TargetResult> {
  const database = target === 'pglite' ? pgliteDatabase('qy-bench-pglite') : await postgresDatabase(PG_URL, 'qy_bench');
  const { env, seedEnv, cleanup } = database;

  const children: ChildProcess[] = [];
  try {
    log(`${target}: seeding ${ARTICLES} articles…`);
    const seedSeconds = await seedCorpus(seedEnv, ARTICLES);
    log(`${target}: seeded in ${seedSeconds.toFixed(1)} s; starting the server (child process)…`);
    const app = await startApp(env);
    children.push(app.child);
    const bare = await startBare();
    children.push(bare.child);

    // Logged-in readers for a fifth of the requests (ifCollect, reading records, entitlements).
    const tokens: string[] = [];
    for (const name of ['demo_member', 'demo_reader', 'demo_doctor', ...Array.from({ length: 17 }, (_, i) => `reader${String(i + 1).padStart(6, '0')}`)]) {
      const reply = await post(`${app.url}/api/login/login`, { accountName: name, password: 'Qianyan#2026' });
      if (reply.code !== 0) throw new Error(`login ${name}: ${reply.msg}`);
      tokens.push(reply.data.token);
    }
    const list = articleMix(tokens);
    const detail = detailMix(ARTICLES, tokens);
    // Course cards (selectLessonList) and search (selectArticleList with searchInfo): measured after the
    // list and detail rows (informational; the search budget is judged by bench/search.ts, one request
    // at a time). Search is skipped with a note when the server does not accept searchInfo.
    const lessons = lessonMix(tokens);
    const search = (await searchAvailable(app.url)) ? searchMix(tokens) : null;
    if (!search) log(`${target}: search not available (selectArticleList refused searchInfo): skipped`);
    // Every kind of body answers code 0 (a sample; not all, which would warm every cache entry).
    for (const mix of [list, detail, lessons, ...(search ? [search] : [])]) {
      for (let i = 0; i < mix.items.length; i += Math.ceil(mix.items.length / 60)) {
        const item = mix.items[i]!;
        const reply = await post(`${app.url}${mix.path}`, JSON.parse(item.body), item.token);
        if (reply.code !== 0) throw new Error(`${mix.path} ${item.body}: ${reply.code} ${reply.msg}`);
      }
    }

    log(`${target}: warm-up ${WARMUP} s each, then ${DURATION} s each with ${CONNECTIONS} connections`);
    const peakRss = sampleRss(app.child.pid);
    await load('warm-up bare', bare.url, null, WARMUP, false);
    await load('warm-up list', app.url, list, WARMUP, false);
    await load('warm-up detail', app.url, detail, WARMUP, false);
    const rows = [
      await load('bare node:http', bare.url, null, DURATION),
      await load('selectArticleList', app.url, list, DURATION),
      await load('getArticleDetail', app.url, detail, DURATION),
      // Informational: every body new to the server (no page or total cached), the worst case.
      await load('list, all bodies new', app.url, coldArticleMix(list), DURATION),
      // A member's detail (entitlement, favourite flag, reading record) against a visitor's, the
      // same bodies one after the other (issue 22, item 3); demo_member holds a membership.
      await load('detail, visitor', app.url, detailMixAs(detail, undefined, 'a visitor'), DURATION),
      await load('detail, member', app.url, detailMixAs(detail, tokens[0], 'demo_member'), DURATION),
    ];
    await load('warm-up lessons', app.url, lessons, WARMUP, false);
    rows.push(await load('selectLessonList', app.url, lessons, DURATION));
    if (search) {
      await load('warm-up search', app.url, search, WARMUP, false);
      rows.push(await load('search (list+searchInfo)', app.url, search, DURATION));
    }
    const serverRssMiB = rssMiB(app.child.pid);
    const serverPeakRssMiB = peakRss();
    const memoryPass =
      target === 'pglite' && ARTICLES >= BUDGET.rssArticles && serverPeakRssMiB !== undefined ? serverPeakRssMiB <= BUDGET.rssMiB : undefined;
    const listRow = rows[1]!;
    const listShareOfBare = listRow.rps / rows[0]!.rps;
    const memberDetailRatio = rows.find((r) => r.name === 'detail, member')!.p99 / Math.max(1, rows.find((r) => r.name === 'detail, visitor')!.p99);
    const pass =
      memberDetailRatio <= BUDGET.memberDetailP99OfVisitor &&
      listRow.p99 <= BUDGET.listP99Ms &&
      listShareOfBare >= BUDGET.listShareOfBare &&
      rows.every((r) => r.errors === 0 && r.badReplies === 0);
    return { target, seedSeconds, rows, listShareOfBare, memberDetailRatio, pass, serverRssMiB, serverPeakRssMiB, memoryPass };
  } finally {
    for (const child of children) await stopChild(child);
    await cleanup();
  }
}

function printTable(result: TargetResult) {
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(`\nAPI on ${result.target}: ${ARTICLES} articles (seeded in ${result.seedSeconds.toFixed(1)} s), ${CONNECTIONS} connections, ${DURATION} s each`);
  console.log('endpoint                 req/s   p50 ms   p90 ms   p99 ms   requests  errors  bad  first-time');
  for (const r of result.rows) {
    console.log(
      `${r.name.padEnd(22)} ${pad(r.rps.toFixed(0), 7)} ${pad(r.p50, 8)} ${pad(r.p90, 8)} ${pad(r.p99, 8)} ${pad(r.requests, 10)} ${pad(r.errors, 7)} ${pad(r.badReplies, 4)} ${pad(r.coldShare === undefined ? '' : `${(r.coldShare * 100).toFixed(0)}%`, 11)}`,
    );
  }
  console.log('errors: connection errors, timeouts and non-2xx; bad: sampled replies (1 in 25) whose code was not 0;');
  console.log('first-time: requests whose body had not been sent before in that run (no cache can help them)');
  for (const r of result.rows.filter((row) => row.requests < CONNECTIONS)) {
    // Every connection's first request was still waiting when the run ended: the figures describe a
    // queue, not the endpoint (uncached searches run one at a time on the embedded database).
    console.log(`note: ${r.name}: ${r.requests} replies in ${DURATION} s with ${CONNECTIONS} connections, too few to measure (a queue, not the endpoint)`);
  }
  if (result.serverRssMiB !== undefined) {
    const judged =
      result.memoryPass === undefined
        ? `(budget ≤ ${BUDGET.rssMiB} MiB on PGlite at ${BUDGET.rssArticles} articles: not judged here)`
        : `(budget ≤ ${BUDGET.rssMiB} MiB) → ${result.memoryPass ? 'ok' : 'OVER'}`;
    console.log(`server resident memory: peak ${result.serverPeakRssMiB} MiB during the runs, ${result.serverRssMiB} MiB after ${judged}`);
  }
  const list = result.rows[1]!;
  console.log(
    `budget: list p99 ${list.p99} ms (≤ ${BUDGET.listP99Ms}) · list throughput ${(result.listShareOfBare * 100).toFixed(1)} % of bare node:http (≥ ${BUDGET.listShareOfBare * 100} %) · member detail p99 ${result.memberDetailRatio.toFixed(2)}× the visitor's (≤ ${BUDGET.memberDetailP99OfVisitor}×) → ${result.pass ? 'PASS' : 'FAIL'}`,
  );
}

const results: TargetResult[] = [];
const wanted: ('pglite' | 'postgres')[] = [];
if (TARGETS.includes('pglite')) wanted.push('pglite');
if (TARGETS.includes('postgres')) {
  if (PG_URL) wanted.push('postgres');
  else log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it');
}
log(`${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} (figures are noisy on a shared machine)`);
let failed = false;
for (const target of wanted) {
  try {
    const result = await runTarget(target);
    results.push(result);
    printTable(result);
    failed ||= !result.pass;
  } catch (err) {
    console.error(`[bench] ${target} failed:`, err);
    failed = true;
  }
}
mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(
  // BENCH_API_OUT: another file (the root harness reads its own run's result there).
  process.env.BENCH_API_OUT ? resolve(process.env.BENCH_API_OUT) : join(ROOT, 'bench-results/api.json'),
  `${JSON.stringify(
    {
      at: new Date().toISOString(),
      articles: ARTICLES,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      cores: cpus().length,
      loadAverage: loadavg(),
      budget: BUDGET,
      results,
    },
    null,
    2,
  )}\n`,
);
process.exit(failed ? 1 : 0);
