// The child processes of the server benchmarks (api.ts, search.ts, traffic.ts): the real server on a
// free port of 127.0.0.1 with the benches' settings, the bare node:http reply they compare it with,
// and stopping either.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBuildIsCurrent } from '../../scripts/lib/server.mjs';
import { SERVER_NODE_FLAGS } from '../../scripts/lib/startEnv.mjs';

export const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The server from its TypeScript sources (tsx). */
export const FROM_SOURCE = ['--import', 'tsx', 'src/server.ts'];

/**
 * How the benches run the server: the production form (dist/server.js) when it is built from the
 * current sources, so that speed and resident memory are the deployed server's (without tsx's
 * compiler and source maps); else from the sources.
 */
export const serverEntry = (): string[] => (serverBuildIsCurrent() ? ['dist/server.js'] : FROM_SOURCE);

/**
 * A node child in the server's folder; its stderr is shown, and of its stdout (the server's JSON log)
 * the warnings and errors (a slow statement of the embedded database, a failed request), cut to
 * 400 characters; the rest is read and dropped (so it never blocks).
 */
export function startChild(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: SERVER_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.on('data', (d: Buffer) => process.stderr.write(`  [child] ${d}`));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (/^\{"level":(4|5|6)0\b/.test(line)) process.stderr.write(`  [child] ${line.slice(0, 400)}\n`);
  });
  return child;
}

/** SIGTERM, then SIGKILL after 15 s; resolves when the child has exited. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await done;
  clearTimeout(timer);
}

export async function freePort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

/**
 * The real server on `env`'s database, listening on 127.0.0.1, once /api/health answers: development
 * mode (production with DATABASE_URL would demand the real providers' keys), warnings only, no API
 * docs, no demo seed. `args`: node's arguments (serverEntry() unless given), after the
 * V8 flags every server starts with (its heap limit).
 */
export async function startServer(env: NodeJS.ProcessEnv, args: string[] = serverEntry()): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = startChild([...SERVER_NODE_FLAGS, ...args], {
    ...env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    API_DOCS: 'false',
    SEED_DEMO_DATA: 'false',
    DATABASE_POOL_MAX: env.DATABASE_POOL_MAX ?? '10',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited during start');
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stopChild(child);
  throw new Error('the server did not become healthy');
}

/** The bare node:http JSON reply (bench/bare-http.mjs) on a port of its choosing. */
export async function startBare(): Promise<{ child: ChildProcess; url: string }> {
  const child = startChild([join(SERVER_DIR, 'bench/bare-http.mjs')], { PORT: '0' });
  const port = await new Promise<string>((resolvePort, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolvePort(String(d).trim()));
    child.once('exit', () => reject(new Error('bare server exited')));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}
