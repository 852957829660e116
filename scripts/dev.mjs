#!/usr/bin/env node
// npm run dev: the API with live reload and a webpack dev server per app, each on its own port.
// Open the shell at http://localhost:3000 (QY_DEV_PORT); it proxies /api and /index.php to the API.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { FRONT_APPS, ROOT } from './lib/apps.mjs';

const require = createRequire(import.meta.url);
const { DEV_PORTS, DEV_API_PORT } = require('../shared/webpack/index.cjs');

const children = [];
function start(name, cmd, args, opts = {}) {
  const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  const prefix = `[${name}] `;
  const pipe = (stream, out) =>
    stream.on('data', (chunk) => out.write(String(chunk).replace(/^(?=.)/gm, prefix)));
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  children.push(child);
}

start('server', process.execPath, ['--import', 'tsx', '--watch', 'src/server.ts'], {
  cwd: path.join(ROOT, 'server'),
  env: { ...process.env, PORT: String(DEV_API_PORT), NODE_ENV: 'development' },
});
for (const app of FRONT_APPS) {
  start(app, process.execPath, [path.join(ROOT, 'node_modules/webpack/bin/webpack.js'), 'serve', '--mode', 'development'], {
    cwd: path.join(ROOT, app),
  });
}
console.log(`shell http://localhost:${DEV_PORTS.shell} · API http://localhost:${DEV_API_PORT}`);
const stop = () => {
  children.forEach((c) => c.kill('SIGTERM'));
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
