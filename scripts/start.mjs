#!/usr/bin/env node
// npm start: build what is missing, then serve the whole site (shell, remotes, API, membership
// endpoint) on one port. The server migrates and seeds its database on start.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ensureFrontEnd, ROOT, run } from './lib/apps.mjs';
import { SERVER_NODE_FLAGS, startEnv } from './lib/startEnv.mjs';

function serverNeedsBuild() {
  const entry = path.join(ROOT, 'server/dist/server.js');
  if (!fs.existsSync(entry)) return true;
  const built = fs.statSync(entry).mtimeMs;
  const newer = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).some((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? newer(p) : fs.statSync(p).mtimeMs > built;
    });
  return newer(path.join(ROOT, 'server/src'));
}

await ensureFrontEnd({ force: process.argv.includes('--rebuild') });
if (serverNeedsBuild()) {
  console.log('[build] server');
  const code = await run('npm', ['run', 'build', '-w', '@qianyan/server']);
  if (code !== 0) process.exit(code);
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, 'server/dist/server.js')], {
  stdio: 'inherit',
  cwd: ROOT,
  env: startEnv(process.env),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
