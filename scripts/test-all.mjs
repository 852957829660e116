#!/usr/bin/env node
// npm test: every test of the project, then one closing line "N passed, N failed".
//   1. typecheck of every package
//   2. jest: shared and every front-end app; node:test: the scripts' own tests (release store)
//   3. server tests on a fresh PGlite database, and at the same time on PostgreSQL when TEST_DATABASE_URL is set
//   4. Playwright journeys against the built site in Debian's Chromium (skipped with --no-e2e)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureFrontEnd, ROOT } from './lib/apps.mjs';

const args = new Set(process.argv.slice(2));
const totals = { passed: 0, failed: 0, skipped: 0 };
const steps = [];
// Each step's wall time, printed in the summary: CI has 90 minutes, and the run should stay well inside them.
let stepStarted = Date.now();

/**
 * Runs a command and returns { code, output }. Its output is echoed as it comes, or with `held`
 * printed in one piece when it ends (a step running beside another, so the two never interleave).
 */
function exec(cmd, cmdArgs, { held = false, ...opts } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd: ROOT, env: process.env, ...opts });
    let output = '';
    const keep = (chunk, out) => {
      output += chunk;
      if (!held) out.write(chunk);
    };
    child.stdout.on('data', (c) => keep(String(c), process.stdout));
    child.stderr.on('data', (c) => keep(String(c), process.stderr));
    // 'close', not 'exit': the output may still be in the pipes when the process has exited.
    child.on('close', (code) => {
      if (held) process.stdout.write(output);
      resolve({ code: code ?? 1, output });
    });
  });
}

function record(name, code, counts, seconds = (Date.now() - stepStarted) / 1000) {
  stepStarted = Date.now();
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped ?? 0;
  // A step that failed without reporting a failed test (a crash, a type error) still counts as one.
  if (code !== 0 && counts.failed === 0) totals.failed += 1;
  steps.push({ name, ok: code === 0, seconds, ...counts });
}

async function typecheck() {
  let failed = 0;
  for (const pkg of ['shared', 'shell', 'mf-content', 'mf-courses', 'mf-account', 'mf-payment', 'mf-editorial', 'server', 'e2e']) {
    if (!fs.existsSync(path.join(ROOT, pkg, 'tsconfig.json'))) continue;
    const { code } = await exec('npx', ['tsc', '--noEmit', '-p', `${pkg}/tsconfig.json`]);
    if (code !== 0) {
      console.error(`typecheck failed: ${pkg}`);
      failed += 1;
    }
  }
  record('typecheck', failed ? 1 : 0, { passed: 0, failed });
}

async function jestAll() {
  const out = path.join(os.tmpdir(), `qy-jest-${process.pid}.json`);
  const { code } = await exec('npx', ['jest', '--ci', '--json', `--outputFile=${out}`]);
  let counts = { passed: 0, failed: 0, skipped: 0 };
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    counts = { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests };
    fs.rmSync(out);
  }
  record('jest (shared, shell, remotes)', code, counts);
}

function nodeTestCounts(output) {
  const num = (label) => Number(output.match(new RegExp(`^# ${label} (\\d+)`, 'm'))?.[1] ?? 0);
  return { passed: num('pass'), failed: num('fail') + num('cancelled'), skipped: num('skipped') + num('todo') };
}

async function scriptTests() {
  const { code, output } = await exec(process.execPath, ['--test', 'scripts/test/']);
  record('scripts (release store)', code, nodeTestCounts(output));
}

async function serverTests(label, env, held = false) {
  const started = Date.now();
  const { code, output } = await exec('npm', ['test', '-w', '@qianyan/server'], { env: { ...process.env, ...env }, held });
  const seconds = (Date.now() - started) / 1000;
  return () => record(`server on ${label}`, code, nodeTestCounts(output), seconds);
}

/** Journeys that failed an attempt (flaky ones too), each with the start of its error, from Playwright's JSON report. */
const journeyFailures = [];
function failedAttempts(report) {
  const found = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        (t.results ?? []).forEach((r, attempt) => {
          if (r.status === 'passed' || r.status === 'skipped') return;
          const message = String(r.error?.message ?? r.errors?.[0]?.message ?? r.status).replace(/\u001b\[[0-9;]*m/g, '');
          const at = r.error?.location ? ` (${path.basename(r.error.location.file)}:${r.error.location.line})` : '';
          found.push({ name: `[${t.projectName}] ${[...trail, spec.title].join(' › ')}`, attempt: attempt + 1, message: message.split('\n').slice(0, 12).join('\n') + at });
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return found;
}

async function e2e() {
  const buildStarted = Date.now();
  await ensureFrontEnd();
  console.log(`[test] front end ready in ${Math.round((Date.now() - buildStarted) / 1000)} s`);
  const build = await exec('npm', ['run', 'build', '-w', '@qianyan/server']);
  if (build.code !== 0) return record('e2e (server build)', build.code, { passed: 0, failed: 0 });
  const out = path.join(os.tmpdir(), `qy-pw-${process.pid}.json`);
  const { code } = await exec('npx', ['playwright', 'test'], {
    cwd: path.join(ROOT, 'e2e'),
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  let counts = { passed: 0, failed: 0, skipped: 0 };
  if (fs.existsSync(out)) {
    const s = JSON.parse(fs.readFileSync(out, 'utf8')).stats ?? {};
    // A flaky journey failed once and passed on its retry (CI allows one): it counts as passed and
    // is named in the summary, so it is seen and fixed rather than hidden.
    counts = { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0, flaky: s.flaky ?? 0 };
    journeyFailures.push(...failedAttempts(JSON.parse(fs.readFileSync(out, 'utf8'))));
    fs.rmSync(out);
  }
  record('e2e (Playwright, Chromium)', code, counts);
}

if (!args.has('--no-typecheck')) await typecheck();
await jestAll();
await scriptTests();
const pg = process.env.TEST_DATABASE_URL;
// The two runs of the server suite share nothing (each its own databases, ports from the system,
// Redis keys of its own process) and each mostly waits on one database: they run side by side,
// the PostgreSQL run's output printed when it ends.
const serverRuns = [serverTests('PGlite', { TEST_DATABASE_URL: '' })];
if (pg) serverRuns.push(serverTests('PostgreSQL', { TEST_DATABASE_URL: pg }, true));
else console.log('TEST_DATABASE_URL not set: the PostgreSQL run of the server suite is skipped');
for (const recordRun of await Promise.all(serverRuns)) recordRun();
if (!args.has('--no-e2e')) await e2e();

console.log('\nTest summary');
for (const s of steps) {
  console.log(
    `  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name}: ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''} (${Math.round(s.seconds)} s)${s.flaky ? ` (${s.flaky} passed only on retry: see the Playwright report above)` : ''}`,
  );
}
// Repeated last, where a short tail of the log still shows why a journey failed.
if (journeyFailures.length > 0) {
  console.log('\nJourney attempts that failed');
  for (const f of journeyFailures) console.log(`  ${f.name} (attempt ${f.attempt})\n${f.message.replace(/^/gm, '      ')}`);
}
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed === 0 && steps.every((s) => s.ok) ? 0 : 1);
