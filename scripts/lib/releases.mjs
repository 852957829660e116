// The release store: which release of each front-end app is live, changed only here.
//
//   releases/<app>/<version>/     a release: the app's build output, never changed once written,
//                                 with release.json (commit, build time, shared versions)
//   releases/remotes.json         the live remote map the shell reads ({ remote: manifest URL })
//   releases/shell.json           the live shell release ({ version })
//   releases/history.jsonl        every change, appended: who, when, what from and to
//
// Every change takes the store's lock, checks the caller's expectation (compare-and-swap: a change
// based on a stale view is refused, never silently undone), checks compatibility with the shell,
// writes atomically, and appends to the history.
import { execFileSync } from 'node:child_process';
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

  const manifestUrl = (remote, version) => `/remotes/${remote}/${version}/mf-manifest.json`;
  const versionOfUrl = (remote, url) => {
    const m = typeof url === 'string' ? url.match(new RegExp(`^/remotes/${remote}/([^/]+)/mf-manifest\\.json$`)) : null;
    return m ? m[1] : url ?? null;
  };

  /** The live version of every app (a remote listed by a URL not in this store shows the URL). */
  function live() {
    const remotes = readJson(file('remotes.json'), {});
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

  /** Refuses a change after which a live remote would need more than the live shell provides. */
  function assertCompatible(changes, state) {
    const next = { ...state, ...changes };
    const shell = next[SHELL];
    if (!shell || !hasRelease(SHELL, shell)) return; // a shell outside the store (npm run dev): nothing to check against
    const describe = (u) => `${u.name} ${u.range} (the shell provides ${u.live ?? 'none'})`;
    for (const [remote, v] of Object.entries(next)) {
      if (remote === SHELL || !hasRelease(remote, v)) continue;
      if (!(remote in changes) && !(SHELL in changes)) continue;
      const unmet = unmetNeeds(remote, v, shell);
      if (!unmet.length) continue;
      if (remote in changes) {
        throw new ReleaseError(`${remote} ${v} needs ${unmet.map(describe).join(', ')}: release a shell that provides it first`);
      }
      throw new ReleaseError(`shell ${shell} would break the live ${remote} ${v}: it needs ${unmet.map(describe).join(', ')}`);
    }
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
      for (const [app, version] of Object.entries(changes)) {
        if (!hasRelease(app, version)) {
          const have = list(app).map((r) => r.version);
          throw new ReleaseError(`no release ${app}@${version} (have: ${have.join(', ') || 'none'})`);
        }
      }
      const state = live();
      for (const [app, want] of Object.entries(expected ?? {})) {
        const found = state[app] ?? null;
        if (want !== found) {
          throw new ReleaseError(`${app} changed meanwhile: expected ${want ?? 'none'} live, found ${found ?? 'none'}; nothing was changed`);
        }
      }
      assertCompatible(changes, state);
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
      const at = new Date().toISOString();
      const entries = Object.entries(changes).map(([app, version]) => ({ at, app, action, from: state[app] ?? null, to: version, by, ...(note ? { note } : {}) }));
      fs.appendFileSync(file('history.jsonl'), entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
      return entries;
    });
  }

  /**
   * The release live before the current one: the `from` of the activation that made the current one
   * live (roll-backs are passed over, so rolling back again goes further back, not forward).
   */
  function previous(app) {
    const current = live()[app];
    const last = history(app)
      .reverse()
      .find((e) => e.to === current && e.action === 'activate' && e.from !== current);
    return last?.from ?? null;
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
      const protect = new Set([live()[app], previous(app)].filter(Boolean));
      const removed = [];
      list(app).forEach((r, i) => {
        if (i < keep || protect.has(r.version)) return;
        fs.rmSync(releaseDir(app, r.version), { recursive: true, force: true });
        removed.push(r.version);
      });
      if (removed.length) {
        fs.appendFileSync(file('history.jsonl'), `${JSON.stringify({ at: new Date().toISOString(), app, action: 'prune', removed, by })}\n`);
      }
      return removed;
    });
  }

  return { dir, live, list, info, history, activate, activateTogether, rollback, previous, prune, withLock, hasRelease, unmetNeeds, manifestUrl };
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
