#!/usr/bin/env node
// npm run lighthouse [-- --form-factor desktop|mobile] [-- --base http://host:port] [-- --json file]
// Lighthouse's best-practices and SEO scores (and accessibility, reported) of the home page and an
// article page at the desktop and mobile form factors. Builds what is stale, starts the production
// server on a free 127.0.0.1 port with a throw-away embedded database (demo seed), prints each score
// and every failing audit, and exits 1 when a best-practices or SEO score is below 100 or a run
// failed. With --base it checks a site that is already running instead.
import fs from 'node:fs';
import { ensureFrontEnd, run } from './lib/apps.mjs';
import { FORM_FACTORS, SCORE_BUDGET, SCORE_CATEGORIES, failingLines, meetsBudget, scoreRoutes } from './lib/lighthouseScores.mjs';
import { freePort, serverBuildIsCurrent, startProductionServer, waitForHealth } from './lib/server.mjs';
import { seededIds } from './bench/routes.mjs';

const argv = process.argv.slice(2);
const option = (name) => {
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  return argv[i].includes('=') ? argv[i].slice(argv[i].indexOf('=') + 1) : argv[i + 1];
};
const formFactors = option('form-factor') ? option('form-factor').split(',') : FORM_FACTORS;
if (formFactors.some((f) => !FORM_FACTORS.includes(f))) {
  console.error(`--form-factor: one of ${FORM_FACTORS.join(', ')}`);
  process.exit(2);
}
const log = (...a) => console.log('[lighthouse]', ...a);

let server = null;
const stop = () => {
  server?.kill('SIGTERM');
  server = null;
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stop();
    process.exit(130);
  });
}

let base = option('base')?.replace(/\/$/, '');
if (!base) {
  if (!serverBuildIsCurrent() && (await run('npm', ['run', 'build', '-w', '@qianyan/server'])) !== 0) {
    console.error('[lighthouse] the server build failed');
    process.exit(1);
  }
  await ensureFrontEnd();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  log(`starting the production server on ${base} (in-memory database, demo seed)…`);
  server = startProductionServer({ port, pgliteDir: 'memory://' });
  server.once('exit', (code) => {
    if (server) console.error(`[lighthouse] the server exited early (${code})`);
  });
}

let rows;
try {
  await waitForHealth(base, Date.now() + 240_000);
  const ids = await seededIds(base);
  const routes = ['/index', `/article-info?permalinks=${ids.article}`];
  log(`${routes.length} pages × ${formFactors.join(' and ')}, one fresh Chromium a run…`);
  rows = await scoreRoutes(base, routes, { formFactors, log });
} finally {
  stop();
}

const budget = Object.entries(SCORE_BUDGET).map(([c, min]) => `${c} ≥ ${min}`).join(', ');
console.log(`\nLighthouse scores (budget: ${budget}; accessibility reported)`);
console.log(`${'route'.padEnd(44)} ${'form'.padEnd(8)} ${SCORE_CATEGORIES.map((c) => c.padStart(14)).join(' ')}`);
for (const r of rows) {
  const cells = r.error ? ['FAILED TO RUN'.padStart(14)] : SCORE_CATEGORIES.map((c) => `${r.scores[c]}${c in SCORE_BUDGET ? (r.scores[c] >= SCORE_BUDGET[c] ? ' ok' : ' OVER') : ''}`.padStart(14));
  console.log(`${r.route.slice(0, 44).padEnd(44)} ${r.formFactor.padEnd(8)} ${cells.join(' ')}`);
}
for (const r of rows) {
  if (r.error) console.log(`\n${r.formFactor} ${r.route}: failed to run: ${r.error}`);
  else if (r.failing.length) console.log(`\n${r.formFactor} ${r.route}: failing audits\n${failingLines(r).join('\n')}`);
}
const json = option('json');
if (json) fs.writeFileSync(json, `${JSON.stringify({ at: new Date().toISOString(), base, budget: SCORE_BUDGET, rows }, null, 2)}\n`);
const missed = rows.filter((r) => !meetsBudget(r));
console.log(missed.length ? `\n${missed.length} of ${rows.length} runs below the budget or failed` : `\nevery run meets the budget (${budget})`);
process.exit(missed.length ? 1 : 0);
