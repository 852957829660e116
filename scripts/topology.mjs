#!/usr/bin/env node
// npm run topology [-- --check] : the production topology of deploy/compose.yaml as processes on this
// machine: the local PostgreSQL (a fresh database), the local Redis, two API instances in production
// mode (secrets generated for the run, never written down) and Debian's nginx in front with
// deploy/nginx/default.conf.template, serving the shell and the remotes itself.
//
//   npm run topology                  bring it up, print the address, run until Ctrl-C, then tear down
//   npm run topology -- --check       bring it up, load pages in Chromium through nginx while each
//                                     instance in turn is stopped (SIGTERM, drained) or killed
//                                     (SIGKILL) and restarted; print the figures; exit 1 on a failure
//   options: --seconds N (check length, default 120), --keep (keep the database and the logs)
//   environment: TOPOLOGY_DATABASE_URL (admin URL, default postgres://root@127.0.0.1:5432/postgres),
//                TOPOLOGY_REDIS_URL (default redis://127.0.0.1:6379), TOPOLOGY_PORT (nginx, default
//                8280; the instances take the next two), CHROMIUM_PATH (default /usr/bin/chromium),
//                QY_WEB_ROOT and QY_RELEASES_DIR (default releases/shell/live, else shell/dist, and releases/)
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readRemotesJson, REMOTES, RELEASES_DIR, ROOT, run } from './lib/apps.mjs';
import { apiEnv, API_SERVICES, generateSecrets, liveShellDir, renderNginx } from './lib/topology.mjs';
import { SERVER_NODE_FLAGS } from './lib/startEnv.mjs';

const { values: opts } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '120' },
  },
});
const ADMIN_URL = process.env.TOPOLOGY_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TOPOLOGY_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NGINX_PORT = Number(process.env.TOPOLOGY_PORT ?? 8280);
const PORTS = { api1: NGINX_PORT + 1, api2: NGINX_PORT + 2 };
const SITE = `http://127.0.0.1:${NGINX_PORT}`;
// The shell's files nginx serves itself (QY_WEB_ROOT): by default the live shell release through
// releases/shell/live (the release store keeps that link on the live one, so a shell roll-out or
// roll-back needs no nginx reload; a hashed file of an earlier shell falls through to the API); the
// releases (QY_RELEASES_DIR, as for apps.mjs).
const LIVE_SHELL = liveShellDir(RELEASES_DIR);
const WEB_ROOT = process.env.QY_WEB_ROOT
  ? path.resolve(process.env.QY_WEB_ROOT)
  : fs.existsSync(LIVE_SHELL)
    ? LIVE_SHELL
    : path.join(ROOT, 'shell', 'dist');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));

const log = (...a) => console.log('[topology]', ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const elapsed = (t0) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

// --- what must be there --------------------------------------------------------------------------
if (!NGINX) {
  console.error('nginx is not installed: apt-get install -y nginx (it is run as a process of this script, not as the system service)');
  process.exit(1);
}
function releaseComplete() {
  const map = readRemotesJson();
  return (
    fs.existsSync(path.join(ROOT, 'server/dist/server.js')) &&
    fs.existsSync(path.join(ROOT, 'server/dist/db/migrate.js')) &&
    fs.existsSync(path.join(WEB_ROOT, 'index.html')) &&
    REMOTES.every((r) => typeof map[r] === 'string' && fs.existsSync(path.join(RELEASES_DIR, map[r].replace(/^\/remotes\//, ''))))
  );
}
if (!releaseComplete()) {
  log('no complete release yet: npm run build');
  const code = await run('npm', ['run', 'build']);
  if (code !== 0 || !releaseComplete()) process.exit(code || 1);
}

const requireServer = createRequire(path.join(ROOT, 'server', 'package.json'));
const pg = requireServer('pg');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qy-topology-'));
const dbName = `qy_topology_${crypto.randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const secrets = generateSecrets();
// The release service's token for this run (the instances keep the live releases in the database).
const releaseToken = crypto.randomBytes(32).toString('base64url');
const envOf = (service) => ({
  PATH: process.env.PATH,
  ...apiEnv({
    port: PORTS[service],
    databaseUrl: dbUrl,
    redisUrl: REDIS_URL,
    secrets,
    releaseToken,
    webRoot: WEB_ROOT,
    releasesDir: RELEASES_DIR,
    uploadsDir: path.join(dir, 'uploads'),
    publicBaseUrl: SITE,
    // A staging site: no SMS, mail, WeChat or payment keys here, so their local stand-ins (which the
    // production rules allow only with DEV_TOOLS=true); the dev pages still answer only this machine
    // without a proxy in between (behind nginx they are 404).
    devTools: true,
  }),
  LOG_LEVEL: 'warn',
});

async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs a one-shot command with an instance's environment (migrate, seed). */
function oneShot(label, script) {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [path.join(ROOT, script)], { cwd: ROOT, env: envOf('api1'), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${label} failed:\n${r.stdout}${r.stderr}`);
  log(`${label}: ${(r.stdout.trim().split('\n').at(-1) ?? '').slice(0, 200)} (${elapsed(t0)})`);
}

// --- processes -----------------------------------------------------------------------------------
const instances = {};
function startInstance(service) {
  const out = fs.openSync(path.join(dir, `${service}.log`), 'a');
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, 'server/dist/server.js')], { cwd: ROOT, env: envOf(service), stdio: ['ignore', out, out] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  instances[service] = { child, exited };
  return instances[service];
}

async function waitReady(url, timeoutMs = 180_000) {
  const t0 = Date.now();
  let last = '';
  while (Date.now() - t0 < timeoutMs) {
    try {
      // Connection: close: a connection this script keeps would hold up a later drain of the instance
      // (it waits for its connections to end) in a way nginx's never do.
      const res = await fetch(`${url}/api/ready`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(3000) });
      if (res.status === 200) return Date.now() - t0;
      last = `${res.status} ${JSON.stringify((await res.json()).data?.problems ?? '')}`;
    } catch (err) {
      last = err.cause?.code ?? err.message;
    }
    await sleep(250);
  }
  throw new Error(`${url}/api/ready not 200 after ${timeoutMs / 1000} s (last: ${last})`);
}

let nginx;
function writeNginxConfig() {
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, 'nginx', d), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'default.conf'),
    renderNginx({
      QY_LISTEN: `127.0.0.1:${NGINX_PORT}`,
      QY_API_1: `127.0.0.1:${PORTS.api1}`,
      QY_API_2: `127.0.0.1:${PORTS.api2}`,
      QY_WEB_ROOT: WEB_ROOT,
      QY_RELEASES_ROOT: RELEASES_DIR,
    }),
  );
  // The main file the nginx image has, with everything in this run's folder.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${user}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    # Which instance answered each request, with what, in how long (the check's failures are read against it).
    log_format upstream '$remote_addr [$time_local] "$request" $status $body_bytes_sent $request_time '
                        'upstream=$upstream_addr status=$upstream_status time=$upstream_response_time';
    access_log ${dir}/nginx-access.log upstream;
    sendfile on;
    keepalive_timeout 65;
    client_body_temp_path ${dir}/nginx/body;
    proxy_temp_path ${dir}/nginx/proxy;
    fastcgi_temp_path ${dir}/nginx/fastcgi;
    uwsgi_temp_path ${dir}/nginx/uwsgi;
    scgi_temp_path ${dir}/nginx/scgi;
    include ${dir}/default.conf;
}
`,
  );
  const test = spawnSync(NGINX, ['-t', '-p', dir, '-e', path.join(dir, 'nginx-error.log'), '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
  log(`nginx -t: ${test.stderr.trim().split('\n').at(-1)}`);
}

async function stopInstance(service, signal) {
  const inst = instances[service];
  const t0 = Date.now();
  inst.child.kill(signal);
  const { code, signal: by } = await inst.exited;
  return { ms: Date.now() - t0, code, by };
}

let tornDown = false;
async function teardown() {
  if (tornDown) return;
  tornDown = true;
  if (nginx && nginx.exitCode === null) {
    nginx.kill('SIGQUIT');
    await new Promise((r) => nginx.once('exit', r));
  }
  await Promise.all(API_SERVICES.filter((s) => instances[s]?.child.exitCode === null).map((s) => stopInstance(s, 'SIGTERM')));
  if (opts.keep) {
    log(`kept: database ${dbUrl}, logs in ${dir}`);
  } else {
    await admin(`drop database if exists ${dbName} with (force)`).catch((err) => log(`drop database: ${err.message}`));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// --- up ------------------------------------------------------------------------------------------
let exitCode = 0;
try {
  const t0 = Date.now();
  await admin(`create database ${dbName}`);
  log(`database ${dbName} on ${new URL(ADMIN_URL).host}, redis ${REDIS_URL}`);
  oneShot('migrate', 'server/dist/db/migrate.js');
  oneShot('seed demo content', 'server/dist/db/seed/cli.js');
  for (const service of API_SERVICES) startInstance(service);
  for (const service of API_SERVICES) log(`${service} ready on :${PORTS[service]} after ${(await waitReady(`http://127.0.0.1:${PORTS[service]}`)) / 1000} s`);
  writeNginxConfig();
  nginx = spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'nginx-error.log'), '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
  await waitReady(SITE, 20_000);
  log(`up in ${elapsed(t0)}: ${SITE}  (nginx → api1 :${PORTS.api1}, api2 :${PORTS.api2}; logs in ${dir})`);

  if (opts.check) {
    const { check } = await import('./topology-check.mjs');
    const result = await check({ site: SITE, seconds: Number(opts.seconds), instances: API_SERVICES, stop: stopInstance, restart: async (service) => {
      startInstance(service);
      return waitReady(`http://127.0.0.1:${PORTS[service]}`);
    } });
    exitCode = result.failures > 0 || result.uncovered.length > 0 ? 1 : 0;
  } else {
    log(`release through the service: QY_RELEASE_URL=${SITE} QY_RELEASE_TOKEN=${releaseToken} npm run release -- status`);
    log('Ctrl-C to stop');
    await new Promise((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
  }
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await teardown();
}
process.exit(exitCode);
