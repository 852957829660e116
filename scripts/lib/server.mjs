// The production server as the benches and the Lighthouse check run it: the built server
// (server/dist/server.js, NODE_ENV=production) on 127.0.0.1, on a fresh embedded database that it
// migrates and fills with the demo seed on start.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from './apps.mjs';
import { SERVER_NODE_FLAGS } from './startEnv.mjs';

export const SERVER_ENTRY = path.join(ROOT, 'server/dist/server.js');

/** Newest modification time under a directory. */
function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

/** The server build is current when its entry is newer than every file of server/src. */
export function serverBuildIsCurrent() {
  return fs.existsSync(SERVER_ENTRY) && fs.statSync(SERVER_ENTRY).mtimeMs > newest(path.join(ROOT, 'server/src'));
}

/** A TCP port nobody listens on at 127.0.0.1 right now (the system picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server on 127.0.0.1:`port` with its database in `pgliteDir` (a folder, or
 * 'memory://' for one that goes with the process); no PostgreSQL or Redis from the caller's
 * environment. Returns the child process.
 */
export function startProductionServer({ port, pgliteDir, env = {}, stdio = 'ignore' }) {
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: ROOT,
    stdio,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: pgliteDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
}

/** Resolves when `${base}/api/health` answers 200; throws past the deadline (a Date.now() value). */
export async function waitForHealth(base, deadline) {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not become healthy');
}
