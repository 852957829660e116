#!/usr/bin/env node
// npm run bench: measured figures, printed and written under bench-results/.
// 1. The front end's first view (gzipped JavaScript and federation round trips) against the
//    production build served by the real server (bench-results/front-end.json).
// 2. The API (server/bench/api.ts): 100 000 articles, selectArticleList and getArticleDetail under
//    50 connections beside a bare node:http server, on PGlite, and on PostgreSQL when
//    BENCH_DATABASE_URL or TEST_DATABASE_URL is set (bench-results/api.json).
// The exit code is 1 when the API part fails or misses its budget (the front-end part prints OVER).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { ensureFrontEnd, ROOT, run } from './lib/apps.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('@playwright/test');

const PORT = Number(process.env.BENCH_PORT ?? 8190);
const BASE = `http://127.0.0.1:${PORT}`;
const PAGES = ['/index', '/nejm-list', '/course-resources', '/personal'];
const BUDGET_KB = 250;

async function waitForHealth(deadline) {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${BASE}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not become healthy');
}

/** Loads a page and reports the JavaScript it needed until the network went idle. */
async function firstView(browser, route) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const scripts = new Map();
  page.on('response', async (res) => {
    const url = res.url();
    if (!url.endsWith('.js') || res.status() !== 200) return;
    scripts.set(url, res.body().catch(() => Buffer.alloc(0)));
  });
  const manifests = [];
  page.on('request', (req) => {
    if (req.url().endsWith('mf-manifest.json') || req.url().endsWith('remotes.json')) manifests.push(req.url());
  });
  await page.goto(`${BASE}${route}`, { waitUntil: 'networkidle' });
  const bodies = await Promise.all([...scripts.values()]);
  const raw = bodies.reduce((n, b) => n + b.length, 0);
  const gz = bodies.reduce((n, b) => n + zlib.gzipSync(b, { level: 9 }).length, 0);
  await page.close();
  return { route, scripts: bodies.length, rawKB: +(raw / 1024).toFixed(1), gzipKB: +(gz / 1024).toFixed(1), manifests: manifests.length };
}

await ensureFrontEnd();
if ((await run('npm', ['run', 'build', '-w', '@qianyan/server'])) !== 0) process.exit(1);
const db = fs.mkdtempSync(path.join(os.tmpdir(), 'qy-bench-db-'));
const server = spawn(process.execPath, [path.join(ROOT, 'server/dist/server.js')], {
  cwd: ROOT,
  stdio: 'ignore',
  env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', PGLITE_DIR: db, DATABASE_URL: '', LOG_LEVEL: 'warn' },
});
let browser;
try {
  await waitForHealth(Date.now() + 180_000);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const rows = [];
  for (const route of PAGES) rows.push(await firstView(browser, route));
  console.log('\nFront end: first view (desktop, production build)');
  console.log('route                 scripts   raw KB   gzip KB   budget');
  for (const r of rows) {
    console.log(
      `${r.route.padEnd(20)} ${String(r.scripts).padStart(8)} ${String(r.rawKB).padStart(8)} ${String(r.gzipKB).padStart(9)}   ${r.gzipKB <= BUDGET_KB ? 'ok' : 'OVER'} (${BUDGET_KB})`,
    );
  }
  fs.mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench-results/front-end.json'), `${JSON.stringify({ at: new Date().toISOString(), rows }, null, 2)}\n`);
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  fs.rmSync(db, { recursive: true, force: true });
}

console.log('\nAPI: server/bench/api.ts (PGlite; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set)');
if ((await run('npm', ['run', 'bench:api', '-w', '@qianyan/server'])) !== 0) process.exitCode = 1;
