// The release store (scripts/lib/releases.mjs): compare-and-swap, no lost updates under concurrent
// activations from separate processes, the shell compatibility gate, roll-back, history and pruning.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, beforeEach, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { canaryBucket, createReleaseStore, remoteManifestUrl, remoteMapFor, ReleaseError } from '../lib/releases.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const storeModule = pathToFileURL(path.join(here, '../lib/releases.mjs')).href;
const REMOTES = ['mf-content', 'mf-courses', 'mf-account', 'mf-payment'];
const roots = [];
after(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

/** A release folder as releaseApp writes it: the build's manifest and its record. */
function addRelease(dir, app, version, { core = '1.0.0', builtAt = new Date().toISOString() } = {}) {
  const target = path.join(dir, app, version);
  fs.mkdirSync(target, { recursive: true });
  const shared = [{ name: '@qianyan/shared/core', version: core, singleton: true, requiredVersion: `^${core}` }];
  fs.writeFileSync(path.join(target, 'mf-manifest.json'), JSON.stringify({ name: app, shared }));
  if (app === 'shell') fs.writeFileSync(path.join(target, 'index.html'), '<!doctype html>');
  const record = { app, version, builtAt, commit: 'abc123', provides: { '@qianyan/shared/core': core }, requires: { '@qianyan/shared/core': `^${core}` } };
  fs.writeFileSync(path.join(target, 'release.json'), JSON.stringify(record));
}

let dir;
let store;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qy-releases-'));
  roots.push(dir);
  store = createReleaseStore(dir);
});

describe('activating a release', () => {
  it('points remotes.json (or shell.json) at it and records who did it, from what', () => {
    addRelease(dir, 'shell', 's1');
    addRelease(dir, 'mf-content', 'c1');
    store.activate('shell', 's1', { by: 'ci' });
    const entry = store.activate('mf-content', 'c1', { by: 'alice' });
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, 'remotes.json'), 'utf8')), { 'mf-content': '/remotes/mf-content/c1/mf-manifest.json' });
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, 'shell.json'), 'utf8')), { version: 's1' });
    assert.equal(fs.readlinkSync(path.join(dir, 'shell', 'live')), 's1', 'shell/live links the live shell');
    assert.deepEqual(store.list('shell').map((r) => r.version), ['s1'], 'the link is not a release');
    assert.deepEqual(store.live(), { shell: 's1', 'mf-content': 'c1' });
    assert.equal(entry.by, 'alice');
    assert.deepEqual(store.history().map((e) => [e.app, e.action, e.from, e.to, e.by]), [
      ['shell', 'activate', null, 's1', 'ci'],
      ['mf-content', 'activate', null, 'c1', 'alice'],
    ]);
  });

  it('refuses a version that was never released, naming the ones there are', () => {
    addRelease(dir, 'mf-content', 'c1');
    assert.throws(() => store.activate('mf-content', 'nope'), /no release mf-content@nope \(have: c1\)/);
    assert.deepEqual(store.live(), {});
  });

  it('is a compare-and-swap: a change based on a stale view is refused and changes nothing', () => {
    addRelease(dir, 'mf-content', 'c1');
    addRelease(dir, 'mf-content', 'c2');
    addRelease(dir, 'mf-content', 'c3');
    store.activate('mf-content', 'c1', { expected: null });
    store.activate('mf-content', 'c2', { expected: 'c1' });
    assert.throws(
      () => store.activate('mf-content', 'c3', { expected: 'c1' }),
      (err) => err instanceof ReleaseError && /expected c1 live, found c2/.test(err.message),
    );
    assert.equal(store.live()['mf-content'], 'c2');
    assert.equal(store.history().length, 2, 'a refused change is not in the history');
  });
});

/** Runs `count` node processes that each activate one release at the same moment. */
function activateTogether(jobs) {
  const go = Date.now() + 300;
  return Promise.all(
    jobs.map(
      ({ app, version }) =>
        new Promise((resolve, reject) => {
          const code = `
            import { createReleaseStore } from ${JSON.stringify(storeModule)};
            while (Date.now() < ${go}) {}
            createReleaseStore(${JSON.stringify(dir)}).activate(${JSON.stringify(app)}, ${JSON.stringify(version)});`;
          const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'ignore', 'pipe'] });
          let err = '';
          child.stderr.on('data', (c) => (err += c));
          child.on('exit', (status) => (status === 0 ? resolve() : reject(new Error(`activation of ${app} failed: ${err}`))));
        }),
    ),
  );
}

describe('simultaneous activations', () => {
  it('of different remotes all take effect (50 tries of two at once, none lost)', async () => {
    for (const remote of REMOTES) for (let i = 0; i < 50; i += 1) addRelease(dir, remote, `v${i}`);
    let lost = 0;
    for (let i = 0; i < 50; i += 1) {
      const pair = [REMOTES[i % 4], REMOTES[(i + 1) % 4]];
      await activateTogether(pair.map((app) => ({ app, version: `v${i}` })));
      const live = store.live();
      lost += pair.filter((app) => live[app] !== `v${i}`).length;
    }
    assert.equal(lost, 0, 'activations lost');
    assert.equal(store.history().length, 100, 'every activation is in the history');
  });
});

describe('the shell compatibility gate', () => {
  beforeEach(() => {
    addRelease(dir, 'shell', 's1', { core: '1.2.0' });
    store.activate('shell', 's1');
  });

  it('refuses a remote that needs a newer @qianyan/shared than the live shell provides, naming both versions', () => {
    addRelease(dir, 'mf-courses', 'next', { core: '1.3.0' });
    assert.throws(
      () => store.activate('mf-courses', 'next'),
      /mf-courses next needs @qianyan\/shared\/core \^1\.3\.0 \(the shell provides 1\.2\.0\): release a shell that provides it first/,
    );
    assert.equal(store.live()['mf-courses'], undefined);
  });

  it('lets it in once a shell that provides it is live, and accepts a remote built against an older minor', () => {
    addRelease(dir, 'mf-courses', 'next', { core: '1.3.0' });
    addRelease(dir, 'mf-account', 'old', { core: '1.1.0' });
    store.activate('mf-account', 'old');
    addRelease(dir, 'shell', 's2', { core: '1.3.0' });
    store.activate('shell', 's2');
    store.activate('mf-courses', 'next');
    assert.deepEqual(store.live(), { shell: 's2', 'mf-account': 'old', 'mf-courses': 'next' });
  });

  it('refuses a shell that would break a live remote', () => {
    addRelease(dir, 'mf-content', 'c1', { core: '1.2.0' });
    store.activate('mf-content', 'c1');
    addRelease(dir, 'shell', 'major', { core: '2.0.0' });
    assert.throws(() => store.activate('shell', 'major'), /shell major would break the live mf-content c1: it needs @qianyan\/shared\/core \^1\.2\.0 \(the shell provides 2\.0\.0\)/);
    assert.equal(store.live().shell, 's1');
  });
});

describe('roll-back, history and retention', () => {
  it('rolls back to the release live before, and forward again', () => {
    for (const v of ['c1', 'c2', 'c3']) addRelease(dir, 'mf-content', v);
    store.activate('mf-content', 'c1');
    store.activate('mf-content', 'c2');
    store.activate('mf-content', 'c3');
    assert.equal(store.rollback('mf-content').to, 'c2');
    assert.equal(store.live()['mf-content'], 'c2');
    assert.equal(store.rollback('mf-content').to, 'c1');
    assert.throws(() => store.rollback('mf-content'), /mf-content has no earlier release to roll back to/);
    assert.deepEqual(store.history('mf-content').map((e) => `${e.action}:${e.to}`), ['activate:c1', 'activate:c2', 'activate:c3', 'rollback:c2', 'rollback:c1']);
  });

  it('keeps the newest N releases and always the live and previous ones', () => {
    const day = (d) => new Date(Date.UTC(2026, 10, d)).toISOString();
    for (let d = 1; d <= 9; d += 1) addRelease(dir, 'mf-payment', `p${d}`, { builtAt: day(d) });
    store.activate('mf-payment', 'p1');
    store.activate('mf-payment', 'p2');
    const removed = store.prune('mf-payment', { keep: 3, by: 'ops' });
    assert.deepEqual(removed.sort(), ['p3', 'p4', 'p5', 'p6']);
    assert.deepEqual(store.list('mf-payment').map((r) => r.version), ['p9', 'p8', 'p7', 'p2', 'p1']);
    assert.deepEqual(store.history('mf-payment').at(-1).removed.sort(), ['p3', 'p4', 'p5', 'p6']);
  });

  it('takes over a lock left by a process that no longer exists', () => {
    addRelease(dir, 'mf-content', 'c1');
    fs.writeFileSync(path.join(dir, '.lock'), '999999999');
    store.activate('mf-content', 'c1');
    assert.equal(store.live()['mf-content'], 'c1');
    assert.ok(!fs.existsSync(path.join(dir, '.lock')));
  });
});

describe('a shell and its remotes released together', () => {
  it('go live as one change, checked against each other, even across a major version of @qianyan/shared', () => {
    addRelease(dir, 'shell', 's1', { core: '1.2.0' });
    addRelease(dir, 'mf-content', 'c1', { core: '1.2.0' });
    store.activateTogether({ shell: 's1', 'mf-content': 'c1' });
    addRelease(dir, 'shell', 's2', { core: '2.0.0' });
    addRelease(dir, 'mf-content', 'c2', { core: '2.0.0' });
    assert.throws(() => store.activate('shell', 's2'), /would break the live mf-content c1/, 'alone, the shell is refused');
    const entries = store.activateTogether({ shell: 's2', 'mf-content': 'c2' }, { by: 'ci' });
    assert.deepEqual(entries.map((e) => `${e.app}:${e.from}→${e.to}`), ['shell:s1→s2', 'mf-content:c1→c2']);
    assert.deepEqual(store.live(), { shell: 's2', 'mf-content': 'c2' });
  });

  it('are refused as a whole when one of them does not fit', () => {
    addRelease(dir, 'shell', 's1', { core: '1.2.0' });
    addRelease(dir, 'mf-content', 'c1', { core: '1.3.0' });
    assert.throws(() => store.activateTogether({ shell: 's1', 'mf-content': 'c1' }), /mf-content c1 needs @qianyan\/shared\/core \^1\.3\.0 \(the shell provides 1\.2\.0\)/);
    assert.deepEqual(store.live(), {});
    assert.deepEqual(store.history(), []);
  });
});

describe('a canary', () => {
  it('is checked like an activation, kept in rollout.json, recorded, and ended by an activation of its app', () => {
    addRelease(dir, 'shell', 's1', { core: '1.2.0' });
    addRelease(dir, 'mf-content', 'c1', { core: '1.2.0' });
    addRelease(dir, 'mf-content', 'c2', { core: '1.2.0' });
    addRelease(dir, 'mf-content', 'c3', { core: '1.3.0' });
    store.activateTogether({ shell: 's1', 'mf-content': 'c1' });
    assert.throws(() => store.setCanary('mf-content', 'c3', { percent: 10 }), /mf-content c3 needs @qianyan\/shared\/core \^1\.3\.0/);
    assert.throws(() => store.setCanary('mf-content', 'c2', { percent: 0 }), /a whole percentage from 1 to 99, not 0/);
    assert.throws(() => store.setCanary('mf-content', 'c1', { percent: 10 }), /already live for everyone/);
    const entry = store.setCanary('mf-content', 'c2', { percent: 10, expected: null, by: 'ci' });
    assert.deepEqual([entry.action, entry.from, entry.to, entry.percent, entry.by], ['canary', 'c1', 'c2', 10, 'ci']);
    assert.deepEqual(store.canaries(), { 'mf-content': { version: 'c2', percent: 10 } });
    assert.throws(() => store.setCanary('mf-content', null, { expected: 'c9' }), /canary changed meanwhile: expected c9, found c2/);
    assert.deepEqual(store.prune('mf-content', { keep: 0 }), ['c3'], 'the live c1 and the canary c2 are never pruned');
    store.activate('mf-content', 'c2');
    assert.deepEqual(store.canaries(), {}, 'the canary won');
  });

  it('gives each visitor a stable place, and about its share of visitors the canary', () => {
    const map = { 'mf-content': remoteManifestUrl('mf-content', 'c1'), 'mf-courses': remoteManifestUrl('mf-courses', 'k1') };
    const canary = { 'mf-content': { version: 'c2', percent: 30 } };
    let inside = 0;
    for (let i = 0; i < 2000; i++) {
      const visitorId = `visitor-${i}`;
      assert.equal(canaryBucket(visitorId, 'mf-content'), canaryBucket(visitorId, 'mf-content'));
      const mine = remoteMapFor(map, { canary, visitorId, manifestUrl: remoteManifestUrl });
      assert.equal(mine['mf-courses'], map['mf-courses'], 'other remotes are untouched');
      if (mine['mf-content'] === remoteManifestUrl('mf-content', 'c2')) inside++;
    }
    assert.ok(inside > 520 && inside < 680, `about 30 % (got ${inside} of 2000)`);
    assert.deepEqual(remoteMapFor(map, { canary, manifestUrl: remoteManifestUrl }), map, 'a visitor without an id gets the live map');
    const previewed = remoteMapFor(map, { canary, visitorId: 'x', previews: { 'mf-courses': 'k2' }, manifestUrl: remoteManifestUrl });
    assert.equal(previewed['mf-courses'], remoteManifestUrl('mf-courses', 'k2'));
  });
});
