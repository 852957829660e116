/**
 * `npm test`: runs the server's test files (or the ones named on the command line) one at a time in
 * node's test runner, as one run: QY_TEST_RUN names it, so every file starts from the same seeded
 * template (seededDatabase.ts), which is removed when the run ends. Exits with the runner's code.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const run = `${Date.now()}r${process.pid}`;
const named = process.argv.slice(2);
const files = named.length
  ? named
  : readdirSync(here)
      .filter((f) => f.endsWith('.test.ts'))
      .sort()
      .map((f) => relative(root, join(here, f)));

const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, QY_TEST_RUN: run },
});
const forward = (signal: NodeJS.Signals) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', async (code, signal) => {
  process.env.QY_TEST_RUN = run;
  const { removeRunTemplates } = await import('./seededDatabase.js');
  await removeRunTemplates(run, process.env.TEST_DATABASE_URL || undefined);
  process.exit(code ?? (signal ? 1 : 0));
});
