// The release store: which release of each front-end app is live, changed only here.
//
//   releases/<app>/<version>/     a release: the app's build output, never changed once written,
//                                 with release.json (commit, build time, shared versions)
//   releases/remotes.json         the live remote map the shell reads ({ remote: manifest URL })
//   releases/shell.json           the live shell release ({ version })
//   releases/rollout.json         the canaries: { canary: { remote: { version, percent } } }
//   releases/history.jsonl        every change, appended: who, when, what from and to
//
// This folder's JSON files are the live state on one machine. With several server instances the
// state lives in the database instead (RELEASE_STATE=database, server/src/modules/releases), which
// applies the same rules (planActivation, planCanary, previousOf, pruneVictims below).
//
// Every change takes the store's lock, checks the caller's expectation (compare-and-swap: a change
// based on a stale view is refused, never silently undone), checks compatibility with the shell,
// writes atomically, and appends to the history.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import semver from 'semver';

export const SHELL = 'shell';
/** The name of the link to the live shell release inside releases/shell/. */
export const LIVE_LINK = 'live';
/** Releases kept per app besides the live and previous ones (`prune`). */
export const KEEP_RELEASES = 5;

export class ReleaseError extends Error {}

/** Where a remote's release is found by the shell (the releases folder is served at /remotes/). */
export const remoteManifestUrl = (remote, version) => `/remotes/${remote}/${version}/mf-manifest.json`;

export function createReleaseStore(dir) {
  const file = (...p) => path.join(dir, ...p);
  const releaseDir = (app, version) => file(app, version);

  function readJson(p, fallback) {
    try {
      return JSON.parse(fs.readFileSync(p, 'utf8'));
    } catch (err) {
      if (err.code === 'ENOENT') return fallback;
      throw err;
    }
  }

  function writeJson(p, value) {
    fs.mkdirSync(path.dirname(p), { recursive: true });
    const tmp = `${p}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
    fs.renameSync(tmp, p);
  }

  const manifestUrl = remoteManifestUrl;
  const versionOfUrl = (remote, url) => {
    const m = typeof url === 'string' ? url.match(new RegExp(`^/remotes/${remote}/([^/]+)/mf-manifest\\.json$`)) : null;
    return m ? m[1] : url ?? null;
  };

  /** The live version of every app (a remote listed by a URL not in this store shows the URL). */
  function live() {
    const remotes = readJson(file('remotes.json'), {});
    if (!remotes || typeof remotes !== 'object' || Array.isArray(remotes)) throw new ReleaseError(`${file('remotes.json')} is not an object of manifest URLs`);
    const out = Object.fromEntries(Object.entries(remotes).map(([remote, url]) => [remote, versionOfUrl(remote, url)]));
    const shell = readJson(file('shell.json'), null);
    if (shell?.version) out[SHELL] = shell.version;
    return out;
  }

  function hasRelease(app, version) {
    const marker = app === SHELL ? 'index.html' : 'mf-manifest.json';
    return fs.existsSync(path.join(releaseDir(app, version), marker));
  }

  function list(app) {
    const base = file(app);
    if (!fs.existsSync(base)) return [];
    return fs
      .readdirSync(base)
      .filter((v) => !v.endsWith('.partial') && !v.endsWith('.tmp') && v !== LIVE_LINK && hasRelease(app, v))
      .map((version) => ({ version, ...info(app, version) }))
      .sort((a, b) => String(b.builtAt).localeCompare(String(a.builtAt)) || b.version.localeCompare(a.version));
  }

  /** A release's record (release.json), or what can be told without it. */
  function info(app, version) {
    const meta = readJson(path.join(releaseDir(app, version), 'release.json'), null);
    return meta ?? { app, version, builtAt: fs.statSync(releaseDir(app, version)).mtime.toISOString() };
  }

  function history(app) {
    let text = '';
    try {
      text = fs.readFileSync(file('history.jsonl'), 'utf8');
    } catch (err) {
      if (err.code !== 'ENOENT') throw err;
    }
    const all = text.split('\n').filter(Boolean).map((line) => JSON.parse(line));
    return app ? all.filter((e) => e.app === app) : all;
  }

  /**
   * Holds the store's lock while `fn` runs: an exclusive lock file naming its process. A lock left
   * by a process that no longer exists is taken over; otherwise a caller waits up to `timeoutMs`.
   */
  function withLock(fn, { timeoutMs = 30_000 } = {}) {
    fs.mkdirSync(dir, { recursive: true });
    const lock = file('.lock');
    const started = Date.now();
    const pause = new Int32Array(new SharedArrayBuffer(4));
    for (;;) {
      try {
        fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
        break;
      } catch (err) {
        if (err.code !== 'EEXIST') throw err;
        const holder = Number(readText(lock));
        if (holder && !processExists(holder)) {
          // Take over the dead holder's lock only if it is still that one (another waiter may have).
          const stale = `${lock}.${holder}.stale`;
          try {
            fs.renameSync(lock, stale);
            if (Number(readText(stale)) === holder) fs.rmSync(stale, { force: true });
            else fs.renameSync(stale, lock);
          } catch {
            // gone already: try again
          }
          continue;
        }
        if (Date.now() - started > timeoutMs) throw new ReleaseError(`the release store is busy (locked by process ${holder || '?'})`);
        Atomics.wait(pause, 0, 0, 10 + Math.floor(Math.random() * 20));
      }
    }
    try {
      return fn();
    } finally {
      fs.rmSync(lock, { force: true });
    }
  }

  /**
   * The shared singletons `app`'s release needs (name → version range) that `shellVersion` does not
   * provide; empty when they fit. Both are read from the releases' build manifests.
   */
  function unmetNeeds(remote, remoteVersion, shellVersion) {
    const needs = info(remote, remoteVersion).requires ?? requiresOf(readJson(path.join(releaseDir(remote, remoteVersion), 'mf-manifest.json'), {}));
    const provides = info(SHELL, shellVersion).provides ?? providesOf(readJson(path.join(releaseDir(SHELL, shellVersion), 'mf-manifest.json'), {}));
    const unmet = [];
    for (const [name, range] of Object.entries(needs)) {
      const have = provides[name];
      if (!have || !semver.satisfies(have, range)) unmet.push({ name, range, live: have ?? null });
    }
    return unmet;
  }

  /**
   * releases/shell/live: a link to the live shell's folder, for a proxy that serves the shell's
   * files itself (deploy/nginx); replaced atomically, like the JSON files.
   */
  function pointLiveLink(version) {
    const link = file(SHELL, LIVE_LINK);
    const tmp = `${link}.${process.pid}.tmp`;
    fs.rmSync(tmp, { force: true });
    fs.symlinkSync(version, tmp);
    fs.renameSync(tmp, link);
  }

  /**
   * Makes `version` the live release of `app`. `expected` (the live version the caller saw; null:
   * none) turns this into a compare-and-swap; undefined skips that check. Returns the history entry.
   */
  function activate(app, version, { expected, ...options } = {}) {
    return activateTogether({ [app]: version }, { ...options, expected: expected === undefined ? undefined : { [app]: expected } })[0];
  }

  /**
   * Makes several releases live at once ({ app: version }), checked as one change: a shell and the
   * remotes built against it from one checkout go live together (npm start, the test command).
   * `expected` ({ app: live version or null }) makes it a compare-and-swap for those apps.
   */
  function activateTogether(changes, { expected, action = 'activate', by = actor(), note } = {}) {
    return withLock(() => {
      const state = live();
      const plan = planActivation({ state, changes, expected, action, by, note, releases: artifacts });
      const remotes = Object.entries(changes).filter(([app, version]) => app !== SHELL && state[app] !== version);
      if (remotes.length) {
        const map = readJson(file('remotes.json'), {});
        for (const [app, version] of remotes) map[app] = manifestUrl(app, version);
        writeJson(file('remotes.json'), map);
      }
      if (changes[SHELL] && state[SHELL] !== changes[SHELL]) {
        writeJson(file('shell.json'), { version: changes[SHELL] });
        pointLiveLink(changes[SHELL]);
      }
      // A release made live ends its app's canary: the canary either won or was overtaken.
      const canary = canaries();
      if (Object.keys(changes).some((app) => canary[app])) {
        writeJson(file('rollout.json'), { canary: Object.fromEntries(Object.entries(canary).filter(([app]) => !(app in changes))) });
      }
      fs.appendFileSync(file('history.jsonl'), plan.entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
      return plan.entries;
    });
  }

  /** The canary of each remote that has one: { app: { version, percent } } (releases/rollout.json). */
  function canaries() {
    return readJson(file('rollout.json'), {}).canary ?? {};
  }

  /**
   * Starts, changes (`percent`) or ends (`version` null) the canary of `app`: that share of visitors,
   * sticky per visitor (canaryBucket), gets `version` instead of the live release. Checked like an
   * activation (the release exists and fits the live shell); `expected` is the canary version the
   * caller saw (null: none). Returns the history entry.
   */
  function setCanary(app, version, { percent = 10, expected, by = actor(), note } = {}) {
    return withLock(() => {
      const current = canaries();
      const plan = planCanary({ state: live(), canary: current, app, version, percent, expected, by, note, releases: artifacts });
      writeJson(file('rollout.json'), { canary: plan.canary });
      fs.appendFileSync(file('history.jsonl'), `${JSON.stringify(plan.entry)}\n`);
      return plan.entry;
    });
  }

  /**
   * The release live before the current one: the `from` of the activation that made the current one
   * live (roll-backs are passed over, so rolling back again goes further back, not forward).
   */
  function previous(app) {
    return previousOf(history(app), live()[app]);
  }

  function rollback(app, options = {}) {
    const current = live()[app] ?? null;
    const target = previous(app);
    if (!target) throw new ReleaseError(`${app} has no earlier release to roll back to`);
    return activate(app, target, { ...options, expected: current, action: 'rollback' });
  }

  /** Removes all but the newest `keep` releases of `app`, never the live or the previous one. */
  function prune(app, { keep = KEEP_RELEASES, by = actor() } = {}) {
    return withLock(() => {
      const removed = pruneVictims(list(app), { keep, protect: [live()[app], previous(app), canaries()[app]?.version] });
      for (const version of removed) fs.rmSync(releaseDir(app, version), { recursive: true, force: true });
      if (removed.length) {
        fs.appendFileSync(file('history.jsonl'), `${JSON.stringify({ at: new Date().toISOString(), app, action: 'prune', removed, by })}\n`);
      }
      return removed;
    });
  }

  /** What the planning functions read of the release folders (also used by the server's database state). */
  const artifacts = { hasRelease, list, unmetNeeds };

  return { dir, live, list, info, history, activate, activateTogether, rollback, previous, prune, canaries, setCanary, withLock, hasRelease, unmetNeeds, manifestUrl, artifacts };
}

// --- The rules of a change, the same whichever state holds the live releases ----------------------
// (this folder's JSON files, or the server's database: server/src/modules/releases). Each takes the
// state it decides on and `releases` (hasRelease, list, unmetNeeds: what the release folders hold),
// and returns what to write, or throws ReleaseError with nothing changed.

/** Refuses a change after which a live remote would need more than the live shell provides. */
export function assertCompatible(changes, state, releases) {
  const next = { ...state, ...changes };
  const shell = next[SHELL];
  if (!shell || !releases.hasRelease(SHELL, shell)) return; // a shell outside the store (npm run dev): nothing to check against
  const describe = (u) => `${u.name} ${u.range} (the shell provides ${u.live ?? 'none'})`;
  for (const [remote, v] of Object.entries(next)) {
    if (remote === SHELL || !releases.hasRelease(remote, v)) continue;
    if (!(remote in changes) && !(SHELL in changes)) continue;
    const unmet = releases.unmetNeeds(remote, v, shell);
    if (!unmet.length) continue;
    if (remote in changes) {
      throw new ReleaseError(`${remote} ${v} needs ${unmet.map(describe).join(', ')}: release a shell that provides it first`);
    }
    throw new ReleaseError(`shell ${shell} would break the live ${remote} ${v}: it needs ${unmet.map(describe).join(', ')}`);
  }
}

function assertExists(app, version, releases) {
  if (releases.hasRelease(app, version)) return;
  const have = releases.list(app).map((r) => r.version);
  throw new ReleaseError(`no release ${app}@${version} (have: ${have.join(', ') || 'none'})`);
}

/**
 * Checks an activation of `changes` ({ app: version }) against the live `state` ({ app: version }):
 * every release exists, the caller's `expected` view ({ app: version or null }) is still true
 * (compare-and-swap), the result fits the shell. Returns the history entries.
 */
export function planActivation({ state, changes, expected, action = 'activate', by, note, at = new Date().toISOString(), releases }) {
  for (const [app, version] of Object.entries(changes)) assertExists(app, version, releases);
  for (const [app, want] of Object.entries(expected ?? {})) {
    const found = state[app] ?? null;
    if (want !== found) {
      throw new ReleaseError(`${app} changed meanwhile: expected ${want ?? 'none'} live, found ${found ?? 'none'}; nothing was changed`);
    }
  }
  assertCompatible(changes, state, releases);
  const entries = Object.entries(changes).map(([app, version]) => ({ at, app, action, from: state[app] ?? null, to: version, by, ...(note ? { note } : {}) }));
  return { entries };
}

/**
 * Checks a change of `app`'s canary (`version` null ends it) against the live `state` and the
 * current `canary` map; `expected` is the canary version the caller saw (null: none). Returns the
 * new canary map and the history entry.
 */
export function planCanary({ state, canary, app, version, percent, expected, by, note, at = new Date().toISOString(), releases }) {
  if (app === SHELL) throw new ReleaseError('the shell has no canary: activate a shell release, or preview it');
  const current = canary[app] ?? null;
  if (expected !== undefined && (current?.version ?? null) !== expected) {
    throw new ReleaseError(`${app}'s canary changed meanwhile: expected ${expected ?? 'none'}, found ${current?.version ?? 'none'}; nothing was changed`);
  }
  const next = { ...canary };
  if (version === null) {
    if (!current) throw new ReleaseError(`${app} has no canary to end`);
    delete next[app];
    return { canary: next, entry: { at, app, action: 'canary-end', from: current.version, to: state[app] ?? null, by, ...(note ? { note } : {}) } };
  }
  if (!Number.isInteger(percent) || percent < 1 || percent > 99) throw new ReleaseError(`a canary's share is a whole percentage from 1 to 99, not ${percent}`);
  assertExists(app, version, releases);
  if (state[app] === version) throw new ReleaseError(`${app} ${version} is already live for everyone`);
  assertCompatible({ [app]: version }, state, releases);
  next[app] = { version, percent };
  return { canary: next, entry: { at, app, action: 'canary', from: state[app] ?? null, to: version, percent, by, ...(note ? { note } : {}) } };
}

/**
 * The release live before the current one: the `from` of the activation that made the current one
 * live (roll-backs are passed over, so rolling back again goes further back, not forward).
 */
export function previousOf(history, current) {
  const last = [...history].reverse().find((e) => e.to === current && e.action === 'activate' && e.from !== current);
  return last?.from ?? null;
}

/** The releases to remove: all but the newest `keep` of `list` (newest first), never one in `protect`. */
export function pruneVictims(list, { keep, protect }) {
  const keepToo = new Set(protect.filter(Boolean));
  return list.filter((r, i) => i >= keep && !keepToo.has(r.version)).map((r) => r.version);
}

/** A visitor's place, 0–99, in the canary of `app`: the same visitor always lands in the same place. */
export function canaryBucket(visitorId, app) {
  return crypto.createHash('sha256').update(`${app}:${visitorId}`).digest().readUInt32BE(0) % 100;
}

/**
 * The remote map one visitor gets: the live `map` ({ remote: manifest URL }), with a canary's release
 * for a visitor inside its share, and a previewed release ({ remote: version }) over both.
 */
export function remoteMapFor(map, { canary = {}, visitorId, previews = {}, manifestUrl }) {
  const out = { ...map };
  for (const [remote, c] of Object.entries(canary)) {
    if (visitorId && remote in out && canaryBucket(visitorId, remote) < c.percent) out[remote] = manifestUrl(remote, c.version);
  }
  for (const [remote, version] of Object.entries(previews)) if (remote !== SHELL) out[remote] = manifestUrl(remote, version);
  return out;
}

/**
 * Copies the live releases of `fromDir` (each app's live version, remotes.json, shell.json) into an
 * empty `toDir`: a store of its own for a test run, which may then change it freely.
 */
export function copyLiveReleases(fromDir, toDir) {
  const live = createReleaseStore(fromDir).live();
  fs.mkdirSync(toDir, { recursive: true });
  for (const [app, version] of Object.entries(live)) {
    const src = path.join(fromDir, app, version);
    if (fs.existsSync(src)) fs.cpSync(src, path.join(toDir, app, version), { recursive: true });
  }
  for (const name of ['remotes.json', 'shell.json']) {
    if (fs.existsSync(path.join(fromDir, name))) fs.copyFileSync(path.join(fromDir, name), path.join(toDir, name));
  }
  return toDir;
}

/** What a build needs from the shell: its singletons' required ranges, from its mf-manifest.json. */
export function requiresOf(manifest) {
  return Object.fromEntries(
    (manifest.shared ?? []).filter((s) => s.singleton && s.requiredVersion).map((s) => [s.name, s.requiredVersion]),
  );
}

/** What a shell build provides: its singletons' versions, from its mf-manifest.json. */
export function providesOf(manifest) {
  return Object.fromEntries((manifest.shared ?? []).filter((s) => s.singleton && s.version).map((s) => [s.name, s.version]));
}

/** Who is changing a release: QY_RELEASE_BY (CI sets it), else the user and host. */
export function actor() {
  return process.env.QY_RELEASE_BY || `${os.userInfo().username}@${os.hostname()}`;
}

/** The commit the working tree is at, with "+" when it has uncommitted changes; null outside git. */
export function currentCommit(cwd) {
  try {
    const head = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    return dirty ? `${head}+` : head;
  } catch {
    return null;
  }
}

function readText(p) {
  try {
    return fs.readFileSync(p, 'utf8');
  } catch {
    return '';
  }
}

function processExists(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}
