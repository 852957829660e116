// The front-end apps, their builds and releases, used by start, test-all and the release command.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createReleaseStore, currentCommit, providesOf, requiresOf } from './releases.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REMOTES = ['mf-content', 'mf-courses', 'mf-account', 'mf-payment', 'mf-editorial'];
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
  const started = new Date();
  const code = await run(process.execPath, [path.join(ROOT, 'node_modules/webpack/bin/webpack.js'), '--mode', 'production'], {
    cwd: path.join(ROOT, app),
  });
  if (code !== 0) throw new Error(`build of ${app} failed (exit ${code})`);
  // The build is as new as the sources it read, not as the moment it finished: a source saved while
  // webpack ran leaves the build stale (needsBuild compares the manifest's time with the sources').
  fs.utimesSync(path.join(ROOT, app, 'dist', 'mf-manifest.json'), started, started);
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

/** The release store under RELEASES_DIR (scripts/lib/releases.mjs). */
export const store = createReleaseStore(RELEASES_DIR);

export function readRemotesJson() {
  const file = path.join(RELEASES_DIR, 'remotes.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

export const manifestUrl = (remote, version) => store.manifestUrl(remote, version);

/**
 * Copies <app>/dist to releases/<app>/<version>/ (version = package version + content hash) with its
 * record (release.json: commit, build time, the shared versions it provides and needs) and, unless
 * told not to, makes it live through the release store (checked against the live shell). Returns the
 * version.
 */
export function releaseApp(app, { activate = true, by } = {}) {
  const dist = path.join(ROOT, app, 'dist');
  if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) throw new Error(`${app} is not built (no dist/mf-manifest.json)`);
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, app, 'package.json'), 'utf8'));
  const version = `${pkg.version}-${hashDir(dist)}`;
  const target = path.join(RELEASES_DIR, app, version);
  if (!fs.existsSync(target)) {
    const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
    const record = {
      app,
      version,
      commit: currentCommit(ROOT),
      builtAt: fs.statSync(path.join(dist, 'mf-manifest.json')).mtime.toISOString(),
      releasedAt: new Date().toISOString(),
      provides: providesOf(manifest),
      requires: requiresOf(manifest),
    };
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.rmSync(`${target}.partial`, { recursive: true, force: true });
    fs.cpSync(dist, `${target}.partial`, { recursive: true });
    fs.writeFileSync(path.join(`${target}.partial`, 'release.json'), `${JSON.stringify(record, null, 2)}\n`);
    fs.renameSync(`${target}.partial`, target);
  }
  if (activate) store.activate(app, version, { by });
  return version;
}

/** A remote's release (see releaseApp). */
export const releaseRemote = (remote, options) => releaseApp(remote, options);

export const listReleases = (app) => store.list(app).map((r) => r.version);

/** Makes an existing release of one app live; nothing else changes. */
export function activateRelease(app, version, options) {
  return store.activate(app, version, options);
}

/**
 * Builds what is missing or stale and releases each app whose live release differs, all in one
 * change: a shell and the remotes built against it from this checkout go live together.
 */
export async function ensureFrontEnd({ force = false } = {}) {
  const stale = FRONT_APPS.filter((app) => force || needsBuild(app));
  if (stale.length) await buildApps(stale);
  const live = store.live();
  const changes = {};
  for (const app of FRONT_APPS) {
    const version = releaseApp(app, { activate: false });
    if (live[app] !== version && (stale.includes(app) || !live[app])) changes[app] = version;
  }
  if (Object.keys(changes).length) store.activateTogether(changes);
}
