// The front-end apps, their builds and releases, used by start, test-all and release-remote.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REMOTES = ['mf-content', 'mf-courses', 'mf-account', 'mf-payment'];
export const FRONT_APPS = ['shell', ...REMOTES];
export const RELEASES_DIR = process.env.QY_RELEASES_DIR
  ? path.resolve(process.env.QY_RELEASES_DIR)
  : path.join(ROOT, 'releases');

/** Runs a command, inheriting stdio; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** Sources that go into a front-end build: the app itself and @qianyan/shared. */
function sourcesMtime(app) {
  return Math.max(
    newestMtime(path.join(ROOT, app, 'src')),
    newestMtime(path.join(ROOT, app, 'public')),
    fs.statSync(path.join(ROOT, app, 'webpack.config.cjs')).mtimeMs,
    newestMtime(path.join(ROOT, 'shared', 'src')),
    newestMtime(path.join(ROOT, 'shared', 'webpack')),
  );
}

/** A build is missing when dist has no manifest, or stale when a source is newer than it. */
export function needsBuild(app) {
  const manifest = path.join(ROOT, app, 'dist', 'mf-manifest.json');
  if (!fs.existsSync(manifest)) return true;
  return sourcesMtime(app) > fs.statSync(manifest).mtimeMs;
}

export async function buildApp(app) {
  console.log(`[build] ${app}`);
  const code = await run(process.execPath, [path.join(ROOT, 'node_modules/webpack/bin/webpack.js'), '--mode', 'production'], {
    cwd: path.join(ROOT, app),
  });
  if (code !== 0) throw new Error(`build of ${app} failed (exit ${code})`);
}

/** Builds apps two at a time (the machine budget is 2 cores). */
export async function buildApps(apps) {
  const queue = [...apps];
  const worker = async () => {
    while (queue.length) await buildApp(queue.shift());
  };
  await Promise.all([worker(), worker()]);
}

function hashDir(dir) {
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(dir).sort()) {
    const p = path.join(dir, file);
    if (fs.statSync(p).isFile() && !file.endsWith('.map')) hash.update(file).update(fs.readFileSync(p));
  }
  return hash.digest('hex').slice(0, 10);
}

export function readRemotesJson() {
  const file = path.join(RELEASES_DIR, 'remotes.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

/** Writes remotes.json atomically, so a running server never reads half a file. */
export function writeRemotesJson(map) {
  fs.mkdirSync(RELEASES_DIR, { recursive: true });
  const file = path.join(RELEASES_DIR, 'remotes.json');
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(map, null, 2)}\n`);
  fs.renameSync(tmp, file);
}

export const manifestUrl = (remote, version) => `/remotes/${remote}/${version}/mf-manifest.json`;

/**
 * Copies <remote>/dist to releases/<remote>/<version>/ (version = package version + content hash)
 * and, unless told not to, points remotes.json at it. Returns the version.
 */
export function releaseRemote(remote, { activate = true } = {}) {
  const dist = path.join(ROOT, remote, 'dist');
  if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) throw new Error(`${remote} is not built (no dist/mf-manifest.json)`);
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, remote, 'package.json'), 'utf8'));
  const version = `${pkg.version}-${hashDir(dist)}`;
  const target = path.join(RELEASES_DIR, remote, version);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(dist, `${target}.partial`, { recursive: true });
    fs.renameSync(`${target}.partial`, target);
  }
  if (activate) writeRemotesJson({ ...readRemotesJson(), [remote]: manifestUrl(remote, version) });
  return version;
}

export function listReleases(remote) {
  const dir = path.join(RELEASES_DIR, remote);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((v) => !v.endsWith('.partial'))
    .map((v) => ({ version: v, mtime: fs.statSync(path.join(dir, v)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime)
    .map((x) => x.version);
}

/** Points remotes.json at an existing release of one remote; nothing else changes. */
export function activateRelease(remote, version) {
  if (!fs.existsSync(path.join(RELEASES_DIR, remote, version, 'mf-manifest.json'))) {
    throw new Error(`no release ${remote}@${version} (have: ${listReleases(remote).join(', ') || 'none'})`);
  }
  writeRemotesJson({ ...readRemotesJson(), [remote]: manifestUrl(remote, version) });
}

/** Builds what is missing or stale, releases each remote whose active release differs. */
export async function ensureFrontEnd({ force = false } = {}) {
  const stale = FRONT_APPS.filter((app) => force || needsBuild(app));
  if (stale.length) await buildApps(stale);
  const active = readRemotesJson();
  for (const remote of REMOTES) {
    const version = releaseRemote(remote, { activate: false });
    if (active[remote] !== manifestUrl(remote, version) && (stale.includes(remote) || !active[remote])) {
      activateRelease(remote, version);
    }
  }
}
