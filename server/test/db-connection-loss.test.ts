import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEMO_PASSWORD } from './helpers.js';

// A PostgreSQL connection cut while a request holds it inside a transaction (a failover, an
// operator's pg_terminate_backend) must cost that request a 500, not the whole process. The server
// runs as a child process here, as in production, so a crash is seen as a crash.

const adminUrl = process.env.TEST_DATABASE_URL;
const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 8281;
const base = `http://127.0.0.1:${PORT}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a PostgreSQL connection cut inside a transaction', { skip: !adminUrl && 'TEST_DATABASE_URL not set (needs PostgreSQL)' }, () => {
  const name = `qy_t_${randomBytes(6).toString('hex')}`;
  let databaseUrl = '';
  let server: ChildProcess | undefined;
  let output = '';
  let exit: { code: number | null; signal: string | null } | undefined;

  before(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();

    server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(PORT),
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_MAX: '4',
        REDIS_URL: '',
        SEED_DEMO_DATA: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (c) => (output += String(c)));
    server.stderr!.on('data', (c) => (output += String(c)));
    server.on('exit', (code, signal) => (exit = { code, signal }));
    for (let i = 0; i < 240 && !exit; i++) {
      const up = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      if (up) return;
      await sleep(500);
    }
    throw new Error(`the server did not start:\n${output}`);
  });

  after(async () => {
    if (server && !exit) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}`, token } : {}) },
      body: JSON.stringify(body),
    });
  const login = async () => {
    const res = await post('/api/login/login', { accountName: 'demo_reader', password: DEMO_PASSWORD });
    const body = (await res.json()) as { code: number; data: { token: string } };
    assert.equal(body.code, 0, JSON.stringify(body));
    return body.data.token;
  };

  it('answers that request with the 500 envelope; the process stays up and serves the next ones', async () => {
    const token = await login();
    // Hold the member's row, so the password change's transaction waits on it with its connection.
    const holder = new pg.Client({ connectionString: databaseUrl });
    const watcher = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    await watcher.connect();
    try {
      await holder.query('begin');
      await holder.query(`select id from members where username = 'demo_reader' for update`);
      const change = post('/api/user/updatePassword', { oldPassword: DEMO_PASSWORD, newPassword: 'Changed#2026', checknewPassword: 'Changed#2026' }, token);

      let pid: number | undefined;
      for (let i = 0; i < 100 && pid === undefined; i++) {
        const { rows } = await watcher.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        pid = rows[0]?.pid;
        if (pid === undefined) await sleep(100);
      }
      assert.ok(pid, 'the password change waits on the held row inside its transaction');
      const { rows } = await watcher.query<{ done: boolean }>('select pg_terminate_backend($1) as done', [pid]);
      assert.equal(rows[0]!.done, true);
      await holder.query('rollback');

      const res = await change.catch((err: Error) => assert.fail(`no reply (the server process died?): ${err.message}\n${output}`));
      assert.equal(res.status, 500);
      assert.deepEqual(await res.json(), { code: 50000, msg: '网络繁忙，请稍后！', data: null });
    } finally {
      await holder.end().catch(() => {});
      await watcher.end().catch(() => {});
    }

    await sleep(300);
    assert.equal(exit, undefined, `the server process ended: ${JSON.stringify(exit)}\n${output}`);
    assert.equal((await fetch(`${base}/api/health`)).status, 200);
    // The pool replaced the dead connection; the change was rolled back, so the old password still works.
    for (let i = 0; i < 6; i++) assert.ok(await login());
    assert.match(output, /database connection lost/, 'the lost connection is logged');
  });
});
