// Traffic-mix benchmark (issue 22 item 1): simulated readers of the site — visitors (70 % of
// sessions), logged-in readers (20 %) and members (10 %) — each session asking the API what the site
// asks (the home page's calls, lists with filters, article and lesson details, searches with glossary
// terms, collects, free reads, the personal centre; scripts/bench/mix-plan.mjs), at a rising request
// rate (open model: requests are sent on schedule whether or not earlier ones have answered, so a slow
// server is not given time to catch up) until a step misses the budget or errors appear. Per step:
// achieved rate, p50/p99 overall and per call, errors. The sustained rate is the highest step of the
// leading run of steps within budget (p99, no error, ≥ 95 % of the asked rate).
//
// Configurations (BENCH_MIX_CONFIGS): pglite (one instance on the embedded database), postgres (one
// instance), postgres2 (two instances on one PostgreSQL database and the local Redis behind Debian's
// nginx with the deployment's site, deploy/nginx/default.conf.template; without nginx, or with
// BENCH_MIX_NGINX=false, the load is split round robin between their two ports). The database is the scale
// corpus (BENCH_ARTICLES, the seed of src/db/seed/cli.ts); the bench adds month memberships to ten
// corpus readers of its own database (the last five) so members are more than demo_member.
//
//   cd server && npx tsx bench/traffic.ts
//   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test BENCH_MIX_CONFIGS=pglite,postgres,postgres2 npx tsx bench/traffic.ts
//
// Settings: BENCH_ARTICLES (100000), BENCH_PGLITE_DIR (use and keep that seeded directory),
// BENCH_MIX_RATES (comma list; default mix-plan's FULL_RATES), BENCH_MIX_STEP_SECONDS (10),
// BENCH_MIX_MAX_SECONDS (hard cap on the steps of one configuration, 300), BENCH_MIX_NEW_SEARCH
// (share of searches new to the reply cache, 0.3), BENCH_MIX_OUT (result file; default
// bench-results/mix.json). Load generator: node:http with a keep-alive agent in this process
// (autocannon, used for the bare node:http reference, is a closed-loop tool and times calls only
// overall). Only 127.0.0.1.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { members, memberships } from '../src/db/schema/index.js';
import { corpusReaders } from '../src/db/seed/corpus.js';
import { GLOSSARY } from '../src/db/seed/glossary.js';
import { articleMix, createRandom, detailMix, type Mix } from './mix.js';
import { pgliteDatabase, postgresDatabase, seedCorpus, type BenchDatabase } from './databases.js';
import { freePort, SERVER_DIR, startBare, startServer, stopChild } from './processes.js';
// @ts-expect-error a plain ES module of the root scripts (tested there), without types
import * as plan from '../../scripts/bench/mix-plan.mjs';
// @ts-expect-error the topology's nginx template renderer (scripts/lib/topology.mjs), without types
import { renderNginx } from '../../scripts/lib/topology.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<{ requests: { average: number }; latency: { p50: number; p99: number } }>;

const ROOT = resolve(SERVER_DIR, '..');
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 100_000);
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CONFIGS = (process.env.BENCH_MIX_CONFIGS ?? 'pglite,postgres,postgres2').split(',').map((s) => s.trim()) as Config[];
const RATES: number[] = process.env.BENCH_MIX_RATES ? process.env.BENCH_MIX_RATES.split(',').map(Number) : plan.FULL_RATES;
const STEP_SECONDS = Number(process.env.BENCH_MIX_STEP_SECONDS ?? 10);
const MAX_SECONDS = Number(process.env.BENCH_MIX_MAX_SECONDS ?? 300);
const NEW_SEARCH_SHARE = Number(process.env.BENCH_MIX_NEW_SEARCH ?? 0.3);
/** A request unanswered after this long is an error (and stops the run). */
const REQUEST_TIMEOUT_MS = 2_000;
/** After a step, answers still due are awaited this long at most. */
const DRAIN_MS = 3_000;

type Config = 'pglite' | 'postgres' | 'postgres2';
const log = (...args: unknown[]) => console.log('[mix]', ...args);

// ---- processes ------------------------------------------------------------------------------------
async function bareReference(): Promise<{ rps: number; p50: number; p99: number }> {
  const { child, url } = await startBare();
  try {
    const r = await autocannon({ url, connections: 50, duration: 3, method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
  } finally {
    await stopChild(child);
  }
}

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

/**
 * Debian's nginx as a process of this bench, with the deployment's site (deploy/nginx/default.conf.template,
 * rendered by scripts/topology.mjs's renderer) in front of the two instances; the static roots are an
 * empty folder (only /api and /index.php are asked). Access log off (the bench counts requests itself).
 */
async function startNginx(upstreams: string[]): Promise<{ child: ChildProcess; url: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'qy-bench-nginx-'));
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'web', 'releases']) mkdirSync(join(dir, d), { recursive: true });
  const port = await freePort();
  const hostPort = (u: string) => new URL(u).host;
  writeFileSync(join(dir, 'default.conf'), renderNginx({ QY_LISTEN: `127.0.0.1:${port}`, QY_API_1: hostPort(upstreams[0]!), QY_API_2: hostPort(upstreams[1]!), QY_WEB_ROOT: join(dir, 'web'), QY_RELEASES_ROOT: join(dir, 'releases') }));
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${user}worker_processes 1;\ndaemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents { worker_connections 4096; }\nhttp {\n  include /etc/nginx/mime.types;\n  default_type application/octet-stream;\n  access_log off;\n  keepalive_timeout 65;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n  include ${dir}/default.conf;\n}\n`,
  );
  const args = ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')];
  const test = spawnSync(NGINX!, ['-t', ...args], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed: ${test.stderr}`);
  const child = spawn(NGINX!, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr!.on('data', (d: Buffer) => process.stderr.write(`  [nginx] ${d}`));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('nginx exited during start');
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url, dir };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error('nginx did not answer /api/health');
}

// ---- database -------------------------------------------------------------------------------------
// The corpus's readers (at least ten): the last five become members on the bench's database, up to ten
// others and the demo reader and doctor are the logged-in readers.
const CORPUS_READERS = corpusReaders(ARTICLES).map((r) => r.username);
const MEMBER_READERS = CORPUS_READERS.slice(-5);
const READER_ACCOUNTS = ['demo_reader', 'demo_doctor', ...CORPUS_READERS.slice(0, Math.min(10, CORPUS_READERS.length - 5))];

/** Seeds (or re-checks) the scale corpus and gives the member readers a membership running a year. */
async function prepare(db: BenchDatabase['seedEnv']) {
  return seedCorpus(db, ARTICLES, async (d, now) => {
    const rows = await d.select({ id: members.id }).from(members).where(inArray(members.username, MEMBER_READERS));
    for (const { id } of rows) {
      const has = await d.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.memberId, id), eq(memberships.serviceType, 2))).limit(1);
      if (!has.length) await d.insert(memberships).values({ memberId: id, serviceType: 2, startsAt: now, endsAt: new Date(now.getTime() + 365 * 86_400_000) });
    }
  });
}

// ---- the calls ------------------------------------------------------------------------------------
interface Call {
  path: string;
  body: string;
  /** The reply is the provider's shape ({ result }) rather than the { code } envelope. */
  provider?: boolean;
}

interface World {
  tokens: { reader: string[]; member: string[] };
  list: Mix;
  detail: Mix;
  lessonBodies: string[];
  lessonIds: number[];
  articleIds: number[];
  memberArticleIds: number[];
  terms: string[];
}

const json = (o: unknown) => JSON.stringify(o);

function callOf(kind: string, w: World, rnd: ReturnType<typeof createRandom>, sample: () => number): Call {
  switch (kind) {
    case 'session.memberInfo':
      return { path: '/api/user/getMemberInfo', body: '{}' };
    case 'home.banner':
      return { path: '/api/base/getBanner', body: json({ code: 'home' }) };
    case 'home.advertSwitch':
      return { path: '/api/base/getModularSwitch', body: json({ moduleName: 'advert' }) };
    case 'home.headerAdvert':
      return { path: '/api/advert/selectAdvertList', body: json({ ifPublish: '是', pageNo: 1, pageSize: 1, advertPosition: '页眉' }) };
    case 'home.classes':
      return { path: '/api/article/selectArticleClass', body: '{}' };
    case 'home.newestIssue':
      return { path: '/api/article/newestArticle', body: '{}' };
    case 'home.animations':
      return { path: '/api/article/selectArticleList', body: json({ pageNo: 1, pageSize: 4, sourceIds: [7], sortType: 0 }) };
    case 'home.wantsay':
      return { path: '/api/article/selectArticleList', body: json({ pageNo: 1, pageSize: 5, haswantsay: 1, sortType: 0 }) };
    case 'home.hotReadSwitch':
      return { path: '/api/base/getModularSwitch', body: json({ moduleName: 'hot_read' }) };
    case 'home.hotReads':
      return { path: '/api/hotRead/selectHotReadList', body: json({ pageNo: 1, pageSize: 10 }) };
    case 'home.lessons':
      return { path: '/api/lesson/selectLessonList', body: json({ lessonStatus: 1, pageNo: 1, pageSize: 3, subjectSerType: [1, 2] }) };
    case 'list':
      return { path: w.list.path, body: w.list.items[w.list.pick(rnd)]!.body };
    case 'detail':
      return { path: w.detail.path, body: w.detail.items[w.detail.pick(rnd)]!.body };
    case 'lessons':
      return { path: '/api/lesson/selectLessonList', body: rnd.pick(w.lessonBodies) };
    case 'lessonDetail':
      return { path: '/api/lesson/selectLessonDetail', body: json({ id: rnd.pick(w.lessonIds) }) };
    case 'search': {
      const body: Record<string, unknown> = { searchInfo: rnd.pick(w.terms), pageNo: rnd.chance(0.8) ? 1 : 2, pageSize: 10 };
      // A share of the searches new to the reply cache: a field of its own, ignored by the search
      // but part of the cache key (as bench/search.ts does).
      if (rnd.chance(NEW_SEARCH_SHARE)) body._sample = sample();
      return { path: '/api/article/selectArticleList', body: json(body) };
    }
    case 'collect':
      return { path: '/api/user/collectArticle', body: json({ id: rnd.pick(w.articleIds) }) };
    case 'freeRead':
      return { path: `/index.php?c=program&m=articleUseMonthChance&id=${rnd.pick(w.memberArticleIds)}`, body: '{}', provider: true };
    case 'personal.userInfo':
      return { path: '/api/user/getUserInfo', body: '{}' };
    case 'personal.favArticles':
      return { path: '/api/user/selectMyFavArticle', body: json({ pageNo: 1, pageSize: 10 }) };
    case 'personal.readArticles':
      return { path: '/api/user/selectMyReadArticle', body: json({ pageNo: 1, pageSize: 10 }) };
    case 'personal.readLessons':
      return { path: '/api/user/selectMyReadLesson', body: json({ pageNo: 1, pageSize: 10 }) };
    default:
      throw new Error(`no call for ${kind}`);
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One POST; resolves with the status and whether the reply's envelope says success. */
function send(base: string, call: Call, token: string | undefined, timeoutMs = REQUEST_TIMEOUT_MS): Promise<{ ok: boolean; status: number; head: string }> {
  return new Promise((done) => {
    const url = new URL(call.path, base);
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(call.body), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        timeout: timeoutMs,
      },
      (res) => {
        let head = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          if (head.length < 64) head += d.slice(0, 64);
        });
        res.on('end', () => {
          // The envelope's first field: {"code":0,…} (or the provider's {"result":…}, any value: a used
          // free read is an answer, not an error).
          const ok = res.statusCode === 200 && (call.provider ? /"result":/.test(head) : /^\{"code":0[,}]/.test(head));
          done({ ok, status: res.statusCode ?? 0, head });
        });
        res.on('error', () => done({ ok: false, status: 0, head }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err: NodeJS.ErrnoException) => done({ ok: false, status: 0, head: err.message === 'timeout' ? `no reply within ${timeoutMs} ms` : `connection error (${err.code ?? err.message})` }));
    req.end(call.body);
  });
}

async function postJson(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(new URL(path, base), { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return (await res.json()) as { code: number; msg: string; data: any };
}

const rowsOf = (data: any): any[] => data?.results ?? [];

/** Logs the accounts in, collects ids the calls need, and checks every kind of call once. */
async function buildWorld(base: string): Promise<World> {
  const login = async (name: string) => {
    const reply = await postJson(base, '/api/login/login', { accountName: name, password: 'Qianyan#2026' });
    if (reply.code !== 0) throw new Error(`login ${name}: ${reply.msg}`);
    return reply.data.token as string;
  };
  const tokens = { reader: [] as string[], member: [] as string[] };
  for (const name of READER_ACCOUNTS) tokens.reader.push(await login(name));
  for (const name of ['demo_member', ...MEMBER_READERS]) tokens.member.push(await login(name));
  const articleIds: number[] = [];
  const memberArticleIds: number[] = [];
  for (const sourceIds of [[5], [6], [10], [11], [1]]) {
    for (const pageNo of [1, 2, 3]) {
      const reply = await postJson(base, '/api/article/selectArticleList', { sourceIds, pageNo, pageSize: 20 });
      for (const row of rowsOf(reply.data)) {
        articleIds.push(row.id);
        if (row.accessLevel === 'member') memberArticleIds.push(row.id);
      }
    }
  }
  const lessonBodies: string[] = [];
  for (const subjectSerType of [[1, 2], [4, 5], [1, 2, 3]])
    for (const articalClassIds of [undefined, [2], [4], [7]])
      for (const pageNo of [1, 2]) lessonBodies.push(json({ lessonStatus: 1, pageNo, pageSize: 12, subjectSerType, ...(articalClassIds ? { articalClassIds } : {}) }));
  const lessonIds: number[] = [];
  for (const body of lessonBodies.slice(0, 6)) for (const row of rowsOf((await postJson(base, '/api/lesson/selectLessonList', JSON.parse(body))).data)) if (row.lessonResId) lessonIds.push(row.lessonResId);
  if (!articleIds.length || !lessonIds.length) throw new Error(`no article or lesson ids from the lists (${articleIds.length}, ${lessonIds.length})`);
  const terms = [...new Set(GLOSSARY.flatMap((g) => [g.term, ...(g.english ? [g.english] : []), ...g.aliases]).filter((t) => t && t.length <= 30))];
  const all = [...tokens.reader, ...tokens.member];
  return {
    tokens,
    list: articleMix(all),
    detail: detailMix(ARTICLES, all),
    lessonBodies,
    lessonIds: [...new Set(lessonIds)],
    articleIds: [...new Set(articleIds)],
    // None member-only among the pages read (a small corpus): any article (the free read answers either way).
    memberArticleIds: memberArticleIds.length ? memberArticleIds : articleIds,
    terms,
  };
}

const ALL_KINDS = ['session.memberInfo', ...plan.HOME_CALLS, 'list', 'detail', 'lessons', 'lessonDetail', 'search', 'collect', 'freeRead', ...plan.PERSONAL_CALLS] as string[];

async function smoke(base: string, w: World) {
  const rnd = createRandom(7);
  let n = 0;
  for (const kind of ALL_KINDS) {
    const call = callOf(kind, w, rnd, () => --n);
    const persona = kind === 'freeRead' ? 'reader' : 'member';
    // A check of answers, not of speed: a first search on a fresh database may take seconds.
    const r = await send(base, call, w.tokens[persona][0], 60_000);
    if (!r.ok) throw new Error(`${kind} ${call.path} ${call.body}: status ${r.status}, ${r.head}`);
  }
}

// ---- the steps ------------------------------------------------------------------------------------
interface StepResult {
  targetRps: number;
  achievedRps: number;
  sent: number;
  answered: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
  perCall: { kind: string; n: number; p50: number; p99: number; errors: number }[];
  errorSamples: string[];
}

type Stream = { next(): { persona: string; kind: string } };

/** One step at `rate` for `seconds`; the session stream goes on from step to step (steady mix). */
async function step(bases: string[], w: World, stream: Stream, rate: number, seconds: number, seed: number): Promise<StepResult> {
  const rnd = createRandom(seed);
  let sampleNo = seed * 1_000_000;
  const latencies: number[] = [];
  const byKind = new Map<string, { lat: number[]; errors: number }>();
  const errorSamples: string[] = [];
  let sent = 0;
  let answered = 0;
  let errors = 0;
  let inFlight = 0;
  const tokenOf = (persona: string) => (persona === 'visitor' ? undefined : rnd.pick(w.tokens[persona as 'reader' | 'member']));
  const t0 = performance.now();
  const endAt = t0 + seconds * 1000;
  let idle: () => void = () => {};
  const fire = (scheduledAt: number) => {
    const { persona, kind } = stream.next();
    const call = callOf(kind, w, rnd, () => ++sampleNo);
    const base = bases[sent % bases.length]!;
    sent++;
    inFlight++;
    void send(base, call, tokenOf(persona)).then((r) => {
      const ms = performance.now() - scheduledAt;
      let k = byKind.get(kind);
      if (!k) byKind.set(kind, (k = { lat: [], errors: 0 }));
      if (r.ok) {
        answered++;
        latencies.push(ms);
        k.lat.push(ms);
      } else {
        errors++;
        k.errors++;
        if (errorSamples.length < 5) errorSamples.push(`${kind}: ${r.status} ${r.head.slice(0, 60)}`);
      }
      if (--inFlight === 0) idle();
    });
  };
  // Open model: every tick sends the requests due by the clock (latency counts from the moment a
  // request was due, so queueing in the generator or the agent is part of it).
  await new Promise<void>((stepDone) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.floor(((Math.min(now, endAt) - t0) / 1000) * rate);
      while (sent < due) fire(t0 + (sent / rate) * 1000);
      if (now >= endAt) stepDone();
      else setTimeout(tick, 2);
    };
    tick();
  });
  const elapsedSend = (performance.now() - t0) / 1000;
  if (inFlight > 0) await Promise.race([new Promise<void>((r) => (idle = r)), new Promise((r) => setTimeout(r, DRAIN_MS))]);
  const unanswered = inFlight;
  errors += unanswered;
  if (unanswered && errorSamples.length < 5) errorSamples.push(`${unanswered} unanswered ${DRAIN_MS} ms after the step`);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    targetRps: rate,
    achievedRps: Math.round(answered / Math.max(seconds, elapsedSend)),
    sent,
    answered,
    errors,
    p50: round(plan.percentile(latencies, 50)),
    p99: round(plan.percentile(latencies, 99)),
    max: round(Math.max(0, ...latencies)),
    perCall: [...byKind.entries()]
      .map(([kind, k]) => ({ kind, n: k.lat.length + k.errors, p50: round(plan.percentile(k.lat, 50)), p99: round(plan.percentile(k.lat, 99)), errors: k.errors }))
      .sort((a, b) => b.n - a.n),
    errorSamples,
  };
}

interface ConfigResult {
  config: Config;
  instances: number;
  seedSeconds: number;
  steps: StepResult[];
  sustained: number;
  ok: boolean;
  budget: { minRps: number | null; p99Ms: number };
  note?: string;
}

async function runSteps(config: Config, bases: string[], w: World): Promise<StepResult[]> {
  const budget = plan.MIX_BUDGET[config] as { p99Ms: number };
  const steps: StepResult[] = [];
  const capAt = Date.now() + MAX_SECONDS * 1000;
  const streamRnd = createRandom(99);
  const stream: Stream = plan.sessionStream(() => streamRnd.next());
  // A short warm-up at the first rate (JIT, caches, pools; the sessions under way), not reported.
  await step(bases, w, stream, RATES[0]!, Math.min(3, STEP_SECONDS), 1);
  for (const [i, rate] of RATES.entries()) {
    if (Date.now() + STEP_SECONDS * 1000 > capAt) {
      log(`${config}: overall cap of ${MAX_SECONDS} s reached before ${rate} req/s`);
      break;
    }
    const s = await step(bases, w, stream, rate, STEP_SECONDS, 100 + i);
    steps.push(s);
    log(`${config} ${rate} req/s asked: ${s.achievedRps} answered/s, p50 ${s.p50} ms, p99 ${s.p99} ms, errors ${s.errors}`);
    if (!plan.continueAfter(s, budget.p99Ms)) break;
  }
  return steps;
}

async function runConfigs(): Promise<ConfigResult[]> {
  const results: ConfigResult[] = [];
  const wantsPg = CONFIGS.some((c) => c !== 'pglite');
  if (wantsPg && !PG_URL) log('PostgreSQL configurations skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
  if (CONFIGS.includes('pglite')) {
    const database = pgliteDatabase('qy-bench-mix');
    try {
      log(`pglite: seeding or re-checking ${ARTICLES} articles…`);
      const seedSeconds = await prepare(database.seedEnv);
      results.push(await runConfig('pglite', [database.env], seedSeconds));
    } finally {
      await database.cleanup();
    }
  }
  const pgConfigs = CONFIGS.filter((c) => c === 'postgres' || c === 'postgres2');
  if (pgConfigs.length && PG_URL) {
    const database = await postgresDatabase(PG_URL, 'qy_bench_mix');
    try {
      log(`postgres: seeding or re-checking ${ARTICLES} articles…`);
      const seedSeconds = await prepare(database.seedEnv);
      const env = database.env;
      if (pgConfigs.includes('postgres')) results.push(await runConfig('postgres', [env], seedSeconds));
      if (pgConfigs.includes('postgres2')) {
        const shared = { ...env, REDIS_URL };
        results.push(await runConfig('postgres2', [shared, shared], seedSeconds));
      }
    } finally {
      await database.cleanup();
    }
  }
  return results;
}

async function runConfig(config: Config, envs: NodeJS.ProcessEnv[], seedSeconds: number): Promise<ConfigResult> {
  const children: ChildProcess[] = [];
  let nginxDir = '';
  let note: string | undefined;
  try {
    let bases: string[] = [];
    for (const env of envs) {
      const app = await startServer(env);
      children.push(app.child);
      bases.push(app.url);
    }
    // Two instances: behind the deployment's nginx when it is installed, else the load split round
    // robin between their ports (said in the report).
    if (bases.length === 2) {
      if (NGINX && process.env.BENCH_MIX_NGINX !== 'false') {
        const proxy = await startNginx(bases);
        children.unshift(proxy.child);
        nginxDir = proxy.dir;
        for (const base of bases) await smokeDirect(base);
        bases = [proxy.url];
        note = "behind Debian's nginx with deploy/nginx/default.conf.template";
      } else note = 'two processes on two ports, the load split round robin (nginx not installed)';
    }
    log(`${config}: ${envs.length} instance(s) up${note ? ` (${note})` : ''}; logging in and checking every call…`);
    const w = await buildWorld(bases[0]!);
    for (const base of bases) await smoke(base, w);
    const steps = await runSteps(config, bases, w);
    const verdict = plan.judge(config, steps);
    return { config, instances: envs.length, seedSeconds, steps, sustained: verdict.sustained, ok: verdict.ok, budget: verdict.budget, ...(note ? { note } : {}) };
  } finally {
    for (const child of children) await stopChild(child);
    if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
  }
}

/** An instance behind the proxy answers by itself too (health). */
async function smokeDirect(base: string) {
  if (!(await fetch(`${base}/api/health`)).ok) throw new Error(`${base} is not healthy`);
}

function printResult(r: ConfigResult) {
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(`\nTraffic mix on ${r.config} (${r.instances} instance${r.instances > 1 ? 's' : ''}${r.note ? `: ${r.note}` : ''}), ${ARTICLES} articles, ${STEP_SECONDS} s a step`);
  console.log('asked req/s  answered/s   p50 ms   p99 ms   max ms   errors');
  for (const s of r.steps) console.log(`${pad(s.targetRps, 11)} ${pad(s.achievedRps, 11)} ${pad(s.p50, 8)} ${pad(s.p99, 8)} ${pad(s.max, 8)} ${pad(s.errors, 8)}${plan.stepWithinBudget(s, r.budget.p99Ms) ? '' : '  over budget'}`);
  const last = r.steps[r.steps.length - 1];
  if (last) {
    console.log(`per call at ${last.targetRps} req/s (the last step): calls, p50 ms, p99 ms, errors`);
    for (const c of last.perCall) console.log(`  ${c.kind.padEnd(22)} ${pad(c.n, 7)} ${pad(c.p50, 8)} ${pad(c.p99, 8)} ${pad(c.errors, 6)}`);
    for (const e of last.errorSamples) console.log(`  error: ${e}`);
  }
  const min = r.budget.minRps === null ? 'reported' : `≥ ${r.budget.minRps} req/s`;
  console.log(`sustained: ${r.sustained} req/s at p99 ≤ ${r.budget.p99Ms} ms with no error (budget ${min}) → ${r.ok ? 'ok' : 'OVER'}`);
}

// ---- main -----------------------------------------------------------------------------------------
log(`${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; rates ${RATES.join(', ')} req/s, ${STEP_SECONDS} s a step`);
const hardStop = setTimeout(
  () => {
    console.error(`[mix] hard time limit reached: exiting`);
    process.exit(2);
  },
  (CONFIGS.length * (MAX_SECONDS + 600) + 120) * 1000,
);
hardStop.unref();
let failed = false;
const bare = await bareReference().catch((err) => {
  console.error('[mix] bare node:http reference failed:', err);
  return null;
});
if (bare) log(`bare node:http (autocannon, 50 connections, 3 s): ${bare.rps.toFixed(0)} req/s, p99 ${bare.p99} ms`);
let results: ConfigResult[] = [];
try {
  results = await runConfigs();
  for (const r of results) printResult(r);
} catch (err) {
  console.error('[mix] failed:', err);
  failed = true;
}
agent.destroy();
mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(
  process.env.BENCH_MIX_OUT ? resolve(process.env.BENCH_MIX_OUT) : join(ROOT, 'bench-results/mix.json'),
  `${JSON.stringify({ at: new Date().toISOString(), articles: ARTICLES, stepSeconds: STEP_SECONDS, rates: RATES, personas: plan.PERSONAS, newSearchShare: NEW_SEARCH_SHARE, cores: cpus().length, loadAverage: loadavg(), bare, results }, null, 2)}\n`,
);
process.exit(failed ? 1 : 0);
