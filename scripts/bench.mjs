#!/usr/bin/env node
// npm run bench [-- --quick] [-- --only front,lighthouse,a11y,api,search,mix]
// One report (printed, and written to bench-results/report.json and bench-results/report.md):
// 1. Front end against the production build served by the real server (fresh embedded database with
//    the demo seed): gzipped first-view JavaScript, sequential Module Federation round trips before
//    the route's first render (CDP trace), Lighthouse mobile (LCP, TBT, CLS, scores), and Lighthouse's
//    best-practices and SEO scores (budget 100) of the home and article pages, desktop and mobile.
// 2. Accessibility: axe-core on every route of spec §2.1, desktop and mobile.
// 3. API (server/bench/api.ts): list, detail, course list and search under 50 connections beside a
//    bare node:http reply, on PGlite and on PostgreSQL when BENCH_DATABASE_URL/TEST_DATABASE_URL is set.
// 4. Search (server/bench/search.ts): p50/p95/p99 of the fixed query mix and recall@10.
// 5. Traffic mix (server/bench/traffic.ts, plan in scripts/bench/mix-plan.mjs): visitors, readers and
//    members at rising request rates until p99 passes the budget; the sustained rate on PGlite, and on
//    PostgreSQL with one and two instances when BENCH_DATABASE_URL/TEST_DATABASE_URL is set.
// Budgets print ok or OVER. The exit code is 1 only when a part failed to run (docs/performance.md).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureFrontEnd, FRONT_APPS, needsBuild, ROOT, run } from './lib/apps.mjs';
import { FORM_FACTORS, SCORE_BUDGET, SCORE_CATEGORIES, failingLines, scoreRoutes } from './lib/lighthouseScores.mjs';
import { serverBuildIsCurrent, startProductionServer, waitForHealth } from './lib/server.mjs';
import { launchChromium, runA11y } from './bench/a11y.mjs';
import { frontEndJobs, frontEndMarkdown, frontEndTable, lighthouseRun, measureFrontEnd, rowVerdict } from './bench/frontend.mjs';
import { seededIds, specRoutes } from './bench/routes.mjs';
import { QUICK_RATES } from './bench/mix-plan.mjs';

const started = Date.now();
const argv = process.argv.slice(2);
const QUICK = argv.includes('--quick');
const onlyArg = argv.find((a) => a.startsWith('--only'));
const ONLY = onlyArg ? (onlyArg.includes('=') ? onlyArg.split('=')[1] : argv[argv.indexOf(onlyArg) + 1]).split(',') : null;
const wants = (part) => !ONLY || ONLY.includes(part);
const PORT = Number(process.env.BENCH_PORT ?? 8190);
const BASE = `http://127.0.0.1:${PORT}`;
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const OUT = path.join(ROOT, 'bench-results');
// Every part writes its figures there as it ends (a fresh checkout has no such folder yet).
fs.mkdirSync(OUT, { recursive: true });

const BUDGET = {
  firstViewGzipKB: 250,
  roundTrips: 2,
  lcpMs: 2000,
  tbtMs: 200,
  cls: 0.05,
  listP99Ms: 15,
  listShareOfBare: 0.1,
  memberDetailP99OfVisitor: 3,
  searchP95Ms: 30,
  searchP99Ms: 60,
};
// Lighthouse's pages (the front part measures every route of spec §2.1: routes.mjs).
const PAGE_ROUTES = (ids) => [
  '/index',
  `/article-info?permalinks=${ids.article}`,
  '/nejm-list',
  '/course-resources',
  '/personal',
];

const report = { at: new Date().toISOString(), quick: QUICK, machine: machine(), budget: BUDGET, parts: {}, failures: [], over: [] };
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const say = (...a) => console.log(`[bench ${elapsed()}]`, ...a);
const okOver = (ok) => (ok ? 'ok' : 'OVER');

function machine() {
  return { cores: os.cpus().length, cpu: os.cpus()[0]?.model, memGiB: +(os.totalmem() / 2 ** 30).toFixed(1), node: process.version, platform: `${os.platform()} ${os.release()}` };
}

function fail(part, err) {
  const msg = String(err?.stack ?? err).split('\n').slice(0, 3).join(' | ');
  report.failures.push({ part, error: msg });
  console.error(`[bench] ${part} FAILED TO RUN: ${msg}`);
}

function over(what) {
  report.over.push(what);
}

/** A node script as a child, its output shown; resolves with its exit code. */
function child(args, env, cwd = ROOT) {
  return new Promise((resolve) => {
    const c = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
    c.on('exit', (code) => resolve(code ?? 1));
  });
}

// ---------------------------------------------------------------------------------------------
// 0. Builds (skipped when current), and in parallel the scale corpus for the API and search parts.
const scaleArticles = Number(process.env.BENCH_ARTICLES ?? (QUICK ? 5_000 : 100_000));
const scaleDir = process.env.BENCH_PGLITE_DIR ? path.resolve(process.env.BENCH_PGLITE_DIR) : fs.mkdtempSync(path.join(os.tmpdir(), 'qy-bench-scale-'));
const keepScale = !!process.env.BENCH_PGLITE_DIR;
const demoDb = fs.mkdtempSync(path.join(os.tmpdir(), 'qy-bench-db-'));
/** This run's result files of the API and search parts (other runs may write bench-results/ meanwhile). */
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qy-bench-run-'));
let server = null;
const needBrowser = wants('front') || wants('lighthouse') || wants('a11y');
const needScale = wants('api') || wants('search') || wants('mix');

say(`${QUICK ? 'quick' : 'full'} run on ${report.machine.cores} cores, Node ${process.version}`);
if (!serverBuildIsCurrent() && (await run('npm', ['run', 'build', '-w', '@qianyan/server'])) !== 0) {
  fail('server build', 'npm run build -w @qianyan/server failed');
  finish();
}
// The scale seed (single-threaded) overlaps the front-end build; the API and search parts reuse it.
let scaleSeed = Promise.resolve(0);
if (needScale) {
  say(`seeding ${scaleArticles} articles into an embedded database (beside the front-end build)…`);
  scaleSeed = child(['--import', 'tsx', 'src/db/seed/cli.ts', '--articles', String(scaleArticles)], { PGLITE_DIR: scaleDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }, path.join(ROOT, 'server'));
}
// The production server (fresh embedded database, demo seed) starts as soon as the front end is
// current: at once when nothing needs building, so its demo seed overlaps the scale seed.
const startServer = () => startProductionServer({ port: PORT, pgliteDir: demoDb });
if (needBrowser) {
  if (!FRONT_APPS.some(needsBuild)) server = startServer();
  try {
    await ensureFrontEnd();
  } catch (err) {
    fail('front-end build', err);
  }
}
const seedCode = await scaleSeed;
if (seedCode !== 0) fail('scale seed', `seed exited with ${seedCode}`);
say('builds and seed ready');

// ---------------------------------------------------------------------------------------------
// 1–2. Front end and accessibility against the production server.
if (needBrowser && !report.failures.some((f) => f.part === 'front-end build')) {
  server ??= startServer();
  let browser;
  try {
    say('starting the production server (demo seed)…');
    await waitForHealth(BASE, Date.now() + 240_000);
    const ids = await seededIds(BASE);
    const pages = QUICK ? PAGE_ROUTES(ids).slice(0, 3) : PAGE_ROUTES(ids);
    if (wants('front')) {
      try {
        browser = await launchChromium();
        // Full run: every route of spec §2.1 at 1440 and 390, as a visitor and as demo_member.
        const jobs = frontEndJobs(specRoutes(ids), { quick: QUICK });
        say(`front end: ${jobs.length} first views…`);
        const rows = await measureFrontEnd(browser, BASE, jobs, { parallel: Number(process.env.BENCH_FRONT_PARALLEL ?? 3) });
        report.parts.frontEnd = { rows };
        console.log(`\nFront end: first view (production build, empty cache; ${QUICK ? 'desktop 1440' : 'desktop 1440 and phone 390, visitor and demo_member'})`);
        for (const line of frontEndTable(rows, BUDGET)) console.log(line);
        for (const r of rows) {
          const v = rowVerdict(r, BUDGET);
          const where = `${r.label} (${r.role}, ${r.width})`;
          if (r.error) fail('front end', `${where}: ${r.error}`);
          else {
            if (!v.gz) over(`first-view JS ${where} ${r.gzipKB} KB`);
            if (!v.rt) over(`round trips ${where} ${r.roundTrips}`);
          }
        }
        console.log(`budgets: ≤ ${BUDGET.firstViewGzipKB} KB gzipped JS; ≤ ${BUDGET.roundTrips} sequential federation round trips before the route's first render`);
        for (const r of rows) if (r.chain && r.roundTrips > BUDGET.roundTrips) console.log(`  chain ${r.label} (${r.role}, ${r.width}): ${r.chain.join(' → ')}`);
      } catch (err) {
        fail('front end', err);
      } finally {
        await browser?.close();
        browser = undefined;
      }
    }
    if (wants('lighthouse')) {
      try {
        const lhRuns = Number(process.env.BENCH_LH_RUNS ?? (QUICK ? 1 : 5));
        say(`Lighthouse (mobile preset: simulated Slow 4G, 4× CPU), median of ${lhRuns} run(s) a page…`);
        const rows = await lighthouseRun(BASE, QUICK ? pages.slice(0, 1) : pages, say, { runs: lhRuns });
        report.parts.lighthouse = { rows };
        console.log(`\nLighthouse mobile (simulated Slow 4G, 4× CPU slowdown; median of ${lhRuns} run(s))`);
        console.log('route                                   LCP ms         TBT ms        CLS           perf  a11y  best');
        for (const r of rows) {
          if (r.error) {
            fail(`lighthouse ${r.route}`, r.error);
            continue;
          }
          const l = r.lcpMs <= BUDGET.lcpMs;
          const t = r.tbtMs <= BUDGET.tbtMs;
          const c = r.cls <= BUDGET.cls;
          if (!l) over(`LCP ${r.route} ${r.lcpMs} ms`);
          if (!t) over(`TBT ${r.route} ${r.tbtMs} ms`);
          if (!c) over(`CLS ${r.route} ${r.cls}`);
          console.log(
            `${r.route.padEnd(38)} ${String(r.lcpMs).padStart(7)} ${okOver(l).padEnd(5)} ${String(r.tbtMs).padStart(7)} ${okOver(t).padEnd(5)} ${String(r.cls).padStart(6)} ${okOver(c).padEnd(5)} ${String(r.performance).padStart(6)} ${String(r.accessibility).padStart(5)} ${String(r.bestPractices).padStart(5)}`,
          );
        }
        console.log(`budgets: LCP ≤ ${BUDGET.lcpMs} ms, TBT ≤ ${BUDGET.tbtMs} ms, CLS ≤ ${BUDGET.cls}`);
      } catch (err) {
        fail('lighthouse', err);
      }
      // Scored checks (npm run lighthouse does the same alone): best practices and SEO must be 100 on the
      // home and article pages at both form factors; accessibility is printed beside them.
      try {
        const formFactors = QUICK ? ['mobile'] : FORM_FACTORS;
        say(`Lighthouse scores (${SCORE_CATEGORIES.join(', ')}) at ${formFactors.join(' and ')}…`);
        const rows = await scoreRoutes(BASE, ['/index', `/article-info?permalinks=${ids.article}`], { formFactors });
        report.parts.lighthouseScores = { budget: SCORE_BUDGET, rows: rows.map(({ warnings, ...r }) => r) };
        console.log(`\nLighthouse scores (${formFactors.join(' and ')}; budget ${Object.entries(SCORE_BUDGET).map(([c, min]) => `${c} ${min}`).join(', ')}; accessibility reported)`);
        console.log('route                                  form       best practices          seo   accessibility');
        for (const r of rows) {
          if (r.error) {
            fail(`lighthouse scores ${r.formFactor} ${r.route}`, r.error);
            continue;
          }
          const cell = (c) => `${String(r.scores[c]).padStart(4)} ${okOver(r.scores[c] >= SCORE_BUDGET[c]).padEnd(4)}`;
          for (const c of Object.keys(SCORE_BUDGET)) if (r.scores[c] < SCORE_BUDGET[c]) over(`Lighthouse ${c} ${r.formFactor} ${r.route} ${r.scores[c]}`);
          console.log(`${r.route.slice(0, 38).padEnd(38)} ${r.formFactor.padEnd(8)} ${cell('best-practices').padStart(16)} ${cell('seo').padStart(12)} ${String(r.scores.accessibility).padStart(15)}`);
          for (const line of failingLines(r)) console.log(line);
        }
      } catch (err) {
        fail('lighthouse scores', err);
      }
    }
    if (wants('a11y')) {
      try {
        say(`axe-core on ${QUICK ? 'the key routes' : 'every route of spec §2.1'}, desktop and mobile…`);
        const rows = await runA11y({ base: BASE, quick: QUICK, log: () => {} });
        report.parts.a11y = { rows };
        console.log('\nAccessibility (axe-core, all rules): violations (nodes) by impact');
        console.log('route                                          desktop crit/ser/mod/min   mobile crit/ser/mod/min');
        const routes = [...new Set(rows.map((r) => r.route))];
        const cell = (r) => (!r ? '-' : r.error ? 'FAILED' : `${r.counts.critical}/${r.counts.serious}/${r.counts.moderate}/${r.counts.minor}`);
        for (const route of routes) {
          const d = rows.find((r) => r.route === route && r.width === 'desktop');
          const m = rows.find((r) => r.route === route && r.width === 'mobile');
          console.log(`${route.slice(0, 46).padEnd(46)} ${cell(d).padStart(22)}   ${cell(m).padStart(22)}`);
        }
        let serious = 0;
        for (const r of rows) {
          if (r.error) fail(`axe ${r.width} ${r.route}`, r.error);
          for (const s of r.serious ?? []) {
            serious += s.nodes;
            console.log(`  ${r.width} ${r.route} [${s.impact}] ${s.rule}: ${s.targets.join(', ')}`);
          }
        }
        if (serious) over(`axe: ${serious} serious/critical nodes`);
        console.log(`budget: no serious or critical violation → ${okOver(serious === 0)} (${serious})`);
      } catch (err) {
        fail('a11y', err);
      }
    }
  } catch (err) {
    fail('production server', err);
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    server = null;
  }
}

// ---------------------------------------------------------------------------------------------
// 3. API (child process: server/bench/api.ts), on the scale corpus seeded above.
if (wants('api') && seedCode === 0) {
  say('API benchmark (server/bench/api.ts)…');
  const env = {
    BENCH_PGLITE_DIR: scaleDir,
    BENCH_ARTICLES: String(scaleArticles),
    ...(QUICK ? { BENCH_DURATION: process.env.BENCH_DURATION ?? '2', BENCH_WARMUP: process.env.BENCH_WARMUP ?? '1', BENCH_TARGETS: process.env.BENCH_TARGETS ?? 'pglite' } : {}),
  };
  const apiOut = path.join(runDir, 'api.json');
  const code = await child(['--import', 'tsx', 'bench/api.ts'], { ...env, BENCH_API_OUT: apiOut }, path.join(ROOT, 'server'));
  try {
    const api = JSON.parse(fs.readFileSync(apiOut, 'utf8'));
    fs.writeFileSync(path.join(OUT, 'api.json'), `${JSON.stringify(api, null, 2)}\n`);
    report.parts.api = api;
    for (const t of api.results) {
      const list = t.rows.find((r) => r.name === 'selectArticleList');
      if (list.p99 > BUDGET.listP99Ms) over(`API ${t.target} list p99 ${list.p99} ms`);
      if (t.listShareOfBare < BUDGET.listShareOfBare) over(`API ${t.target} list ${(t.listShareOfBare * 100).toFixed(1)} % of bare`);
      if (t.memberDetailRatio > BUDGET.memberDetailP99OfVisitor) over(`API ${t.target} member detail p99 ${t.memberDetailRatio.toFixed(2)}× the visitor's`);
      // A reply whose code is not 0 is a broken run; timeouts and dropped connections under load are a
      // (missed) performance figure.
      for (const r of t.rows) {
        if (r.badReplies) fail(`API ${t.target} ${r.name}`, `${r.badReplies} sampled replies with a code other than 0`);
        if (r.errors) over(`API ${t.target} ${r.name}: ${r.errors} timeouts or connection errors under load`);
      }
      if (t.memoryPass === false) over(`API ${t.target} server resident memory ${t.serverPeakRssMiB} MiB at ${api.articles} articles`);
    }
    const ran = new Set(api.results.map((t) => t.target));
    const wanted = (process.env.BENCH_TARGETS ?? (QUICK ? 'pglite' : 'pglite,postgres')).split(',').filter((t) => t !== 'postgres' || PG_URL);
    for (const t of wanted) if (!ran.has(t)) fail(`API ${t}`, `did not run (exit ${code})`);
  } catch (err) {
    fail('API', err);
  }
}

// ---------------------------------------------------------------------------------------------
// 4. Search (server/bench/search.ts), on the same scale corpus.
if (wants('search') && seedCode === 0) {
  const searchBench = path.join(ROOT, 'server/bench/search.ts');
  if (!fs.existsSync(searchBench)) {
    console.log('\nSearch: not available (server/bench/search.ts is not in this checkout): skipped');
    report.parts.search = { available: false };
  } else {
    say('search benchmark (server/bench/search.ts)…');
    const env = {
      BENCH_PGLITE_DIR: scaleDir,
      BENCH_ARTICLES: String(scaleArticles),
      ...(QUICK ? { BENCH_SAMPLES: process.env.BENCH_SAMPLES ?? '10', BENCH_TARGETS: process.env.BENCH_TARGETS ?? 'pglite' } : {}),
    };
    // The benchmark's exported function, its result written to a file of this run only.
    const out = path.join(runDir, 'search.json');
    const code = await child(['--import', 'tsx', path.join(ROOT, 'scripts/bench/search-runner.mjs'), out, ...(QUICK ? ['--quick'] : [])], env);
    try {
      if (code !== 0) throw new Error(`server/bench/search.ts failed to run (exit ${code})`);
      const search = JSON.parse(fs.readFileSync(out, 'utf8'));
      fs.writeFileSync(path.join(OUT, 'search.json'), `${JSON.stringify({ ...search, quick: QUICK }, null, 2)}\n`);
      report.parts.search = { available: true, ...search };
      for (const t of search.targets) {
        if (t.overall.p95 > BUDGET.searchP95Ms) over(`search ${t.target} p95 ${t.overall.p95} ms`);
        if (t.overall.p99 > BUDGET.searchP99Ms) over(`search ${t.target} p99 ${t.overall.p99} ms`);
        for (const r of t.rows) if (!r.pass) over(`search ${t.target} "${r.name}" p95 ${r.p95} / p99 ${r.p99} ms`);
        const c = t.concurrent;
        if (c && !c.pass) over(`search ${t.target} under ${c.connections} connections: ${Math.round(c.rps)} req/s (≥ ${c.budget.rps}), p99 ${c.p99} ms (≤ ${c.budget.p99Ms}), ${c.errors} errors`);
      }
      if (search.relevance.recallAt10 < 1) over(`search recall@10 ${search.relevance.recallAt10.toFixed(3)}`);
    } catch (err) {
      fail('search', err);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// 5. Traffic mix (server/bench/traffic.ts), on the same scale corpus (PostgreSQL: seeded there).
if (wants('mix') && seedCode === 0) {
  say('traffic mix (server/bench/traffic.ts)…');
  const out = path.join(runDir, 'mix.json');
  const env = {
    BENCH_PGLITE_DIR: scaleDir,
    BENCH_ARTICLES: String(scaleArticles),
    BENCH_MIX_OUT: out,
    BENCH_MIX_CONFIGS: process.env.BENCH_MIX_CONFIGS ?? (QUICK || !PG_URL ? 'pglite' : 'pglite,postgres,postgres2'),
    ...(QUICK ? { BENCH_MIX_RATES: process.env.BENCH_MIX_RATES ?? QUICK_RATES.join(','), BENCH_MIX_STEP_SECONDS: process.env.BENCH_MIX_STEP_SECONDS ?? '3', BENCH_MIX_MAX_SECONDS: process.env.BENCH_MIX_MAX_SECONDS ?? '30' } : {}),
  };
  const code = await child(['--import', 'tsx', 'bench/traffic.ts'], env, path.join(ROOT, 'server'));
  try {
    const mix = JSON.parse(fs.readFileSync(out, 'utf8'));
    fs.writeFileSync(path.join(OUT, 'mix.json'), `${JSON.stringify({ ...mix, quick: QUICK }, null, 2)}\n`);
    report.parts.mix = mix;
    for (const r of mix.results) {
      if (!r.ok) over(`traffic mix ${r.config}: sustained ${r.sustained} req/s (budget ≥ ${r.budget.minRps} req/s at p99 ≤ ${r.budget.p99Ms} ms, no error)`);
    }
    const ran = new Set(mix.results.map((r) => r.config));
    for (const c of env.BENCH_MIX_CONFIGS.split(',').filter((c) => c === 'pglite' || PG_URL)) if (!ran.has(c)) fail(`traffic mix ${c}`, `did not run (exit ${code})`);
  } catch (err) {
    fail('traffic mix', err);
  }
}

finish();

// ---------------------------------------------------------------------------------------------
function finish() {
  server?.kill('SIGTERM');
  if (!keepScale) fs.rmSync(scaleDir, { recursive: true, force: true });
  fs.rmSync(demoDb, { recursive: true, force: true });
  fs.rmSync(runDir, { recursive: true, force: true });
  report.seconds = Math.round((Date.now() - started) / 1000);
  fs.writeFileSync(path.join(OUT, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(OUT, 'report.md'), markdown(report));
  console.log(`\nSummary (${QUICK ? 'quick' : 'full'} run, ${report.seconds} s; bench-results/report.json and report.md)`);
  if (report.over.length) {
    console.log(`budgets missed (${report.over.length}):`);
    for (const o of report.over) console.log(`  OVER ${o}`);
  } else console.log('every budget measured is met');
  if (report.failures.length) {
    console.log(`failed to run (${report.failures.length}):`);
    for (const f of report.failures) console.log(`  FAILED ${f.part}: ${f.error}`);
  }
  process.exit(report.failures.length ? 1 : 0);
}

function markdown(r) {
  const lines = [`# Benchmark report (${r.quick ? 'quick' : 'full'})`, '', `${r.at} · ${r.machine.cores} cores (${r.machine.cpu}) · ${r.machine.memGiB} GiB · Node ${r.machine.node} · ${r.seconds} s`, ''];
  const fe = r.parts.frontEnd?.rows;
  if (fe) {
    lines.push('## Front end: first view (gzipped JS until the network is idle; round trips before the route\'s first render)', '', ...frontEndMarkdown(fe, BUDGET));
    lines.push('');
  }
  const lh = r.parts.lighthouse?.rows;
  if (lh) {
    lines.push('## Lighthouse mobile', '', '| route | LCP ms | TBT ms | CLS | perf | a11y | best practices |', '|---|---:|---:|---:|---:|---:|---:|');
    for (const x of lh) lines.push(x.error ? `| ${x.route} | failed: ${x.error} |||||| ` : `| ${x.route} | ${x.lcpMs} ${okOver(x.lcpMs <= BUDGET.lcpMs)} | ${x.tbtMs} ${okOver(x.tbtMs <= BUDGET.tbtMs)} | ${x.cls} ${okOver(x.cls <= BUDGET.cls)} | ${x.performance} | ${x.accessibility} | ${x.bestPractices} |`);
    lines.push('');
  }
  const scores = r.parts.lighthouseScores?.rows;
  if (scores) {
    lines.push('## Lighthouse scores (budget: best practices 100, SEO 100)', '', '| route | form factor | best practices | SEO | accessibility |', '|---|---|---:|---:|---:|');
    const cell = (x, c) => `${x.scores[c]} ${okOver(x.scores[c] >= SCORE_BUDGET[c])}`;
    for (const x of scores) lines.push(x.error ? `| ${x.route} | ${x.formFactor} | failed: ${x.error} ||| ` : `| ${x.route} | ${x.formFactor} | ${cell(x, 'best-practices')} | ${cell(x, 'seo')} | ${x.scores.accessibility} |`);
    const failing = scores.flatMap((x) => (x.failing ?? []).map((a) => `- ${x.formFactor} ${x.route} [${a.category}] ${a.id}: ${a.title}`));
    lines.push('', failing.length ? failing.join('\n') : 'No failing audit.', '');
  }
  const ax = r.parts.a11y?.rows;
  if (ax) {
    lines.push('## Accessibility (axe-core): critical/serious/moderate/minor nodes', '', '| route | desktop | mobile |', '|---|---|---|');
    const cell = (x) => (!x ? '-' : x.error ? 'failed' : `${x.counts.critical}/${x.counts.serious}/${x.counts.moderate}/${x.counts.minor}`);
    for (const route of [...new Set(ax.map((x) => x.route))]) lines.push(`| ${route} | ${cell(ax.find((x) => x.route === route && x.width === 'desktop'))} | ${cell(ax.find((x) => x.route === route && x.width === 'mobile'))} |`);
    const serious = ax.flatMap((x) => (x.serious ?? []).map((s) => `- ${x.width} ${x.route} [${s.impact}] ${s.rule}: ${s.targets.join(', ')}`));
    lines.push('', serious.length ? serious.join('\n') : 'No serious or critical violation.', '');
  }
  const api = r.parts.api;
  if (api) {
    for (const t of api.results) {
      lines.push(`## API on ${t.target} (${api.articles} articles, ${api.connections} connections, ${api.durationSeconds} s each)`, '', '| endpoint | req/s | p50 ms | p99 ms | share of bare |', '|---|---:|---:|---:|---:|');
      const bare = t.rows[0].rps;
      for (const x of t.rows) lines.push(`| ${x.name} | ${x.rps.toFixed(0)} | ${x.p50} | ${x.p99} | ${((x.rps / bare) * 100).toFixed(1)} % |`);
      if (t.memberDetailRatio !== undefined) {
        lines.push('', `member detail p99 ${t.memberDetailRatio.toFixed(2)}× the visitor's in the same run (budget ≤ ${BUDGET.memberDetailP99OfVisitor}×): ${okOver(t.memberDetailRatio <= BUDGET.memberDetailP99OfVisitor)}`);
      }
      if (t.serverRssMiB !== undefined) {
        const judged = t.memoryPass === undefined ? 'not judged at this size' : okOver(t.memoryPass);
        lines.push('', `server resident memory: peak ${t.serverPeakRssMiB} MiB, ${t.serverRssMiB} MiB after the runs (budget ≤ 600 MiB on PGlite at 100 000 articles: ${judged})`);
      }
      lines.push('');
    }
  }
  const s = r.parts.search;
  if (s?.available) {
    for (const t of s.targets) {
      lines.push(`## Search on ${t.target} (${t.articles} articles)`, '', `overall p50 ${t.overall.p50} ms, p95 ${t.overall.p95} ms, p99 ${t.overall.p99} ms; queries over budget: ${t.rows.filter((x) => !x.pass).map((x) => x.name).join(', ') || 'none'}`, '');
      const c = t.concurrent;
      if (c) lines.push(`under ${c.connections} connections, every request new to the reply cache (load ${c.load.before} → ${c.load.after}): ${Math.round(c.rps)} req/s, p50 ${c.p50} ms, p99 ${c.p99} ms, ${c.errors} errors ${okOver(c.pass)} (budget ≥ ${c.budget.rps} req/s, p99 ≤ ${c.budget.p99Ms} ms)`, '');
    }
    lines.push(`recall@10 on the relevance set: ${s.relevance.recallAt10.toFixed(3)} (${s.relevance.queries} queries)`, '');
  } else if (s) lines.push('## Search', '', 'not available', '');
  const mix = r.parts.mix;
  if (mix) {
    lines.push(`## Traffic mix (${mix.articles} articles, ${mix.stepSeconds} s a step)`, '');
    if (mix.bare) lines.push(`bare node:http beside it: ${Math.round(mix.bare.rps)} req/s, p99 ${mix.bare.p99} ms`, '');
    for (const t of mix.results) {
      lines.push(`### ${t.config} (${t.instances} instance${t.instances > 1 ? 's' : ''}${t.note ? `, ${t.note}` : ''})`, '', '| asked req/s | answered/s | p50 ms | p99 ms | errors |', '|---:|---:|---:|---:|---:|');
      for (const x of t.steps) lines.push(`| ${x.targetRps} | ${x.achievedRps} | ${x.p50} | ${x.p99} | ${x.errors} |`);
      lines.push('', `sustained ${t.sustained} req/s at p99 ≤ ${t.budget.p99Ms} ms (budget ${t.budget.minRps === null ? 'reported' : `≥ ${t.budget.minRps}`}) ${okOver(t.ok)}`, '');
    }
  }
  lines.push('## Summary', '', r.over.length ? r.over.map((o) => `- OVER ${o}`).join('\n') : 'Every budget measured is met.', '');
  if (r.failures.length) lines.push('Failed to run:', '', ...r.failures.map((f) => `- ${f.part}: ${f.error}`), '');
  return `${lines.join('\n')}\n`;
}
