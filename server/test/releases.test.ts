import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildApp, type App } from '../src/app.js';
import { parseReleaseTokens, type ReleaseSettings } from '../src/config.js';
import { releaseLive } from '../src/db/schema/index.js';
import { createTestApp, type TestContext } from './helpers.js';

// The release service (/api/releases) on both kinds of state: the releases folder (one machine) and
// the database (several instances), with releases written by hand in the shape the builds write.

const RELEASE_COMMAND = fileURLToPath(new URL('../../scripts/release.mjs', import.meta.url));
const CI_TOKEN = 'ci-token-0123456789abcdefghijkl';
const ALICE_TOKEN = 'alice-token-0123456789abcdefghij';
const html = { accept: 'text/html' };

async function writeShell(releases: string, version: string, core = '1.1.0') {
  const dir = join(releases, 'shell', version);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'index.html'), `<!doctype html><html><head><script defer src="/main.${version}.js"></script></head><body><main id="qy-main"></main></body></html>`);
  await writeFile(join(dir, `main.${version}.js`), 'console.log(1)');
  await writeFile(join(dir, 'routes.json'), JSON.stringify({ remotes: { 'mf-content': ['/', '/index'], 'mf-courses': ['/course-resources'] }, shell: ['/download'] }));
  await writeFile(join(dir, 'release.json'), JSON.stringify({ app: 'shell', version, builtAt: '2026-11-01T00:00:00.000Z', commit: 'abc123', provides: { '@qianyan/shared/core': core } }));
}

/** A remote's release; `broken` leaves out its container, as a failed upload would. */
async function writeRemote(releases: string, app: string, version: string, { needs = '^1.0.0', broken = false, builtAt = '2026-11-02T00:00:00.000Z' } = {}) {
  const name = app.replace(/-/g, '_');
  const dir = join(releases, app, version);
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ name, metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [{ path: './app', assets: { js: { sync: [`app.${version}.js`] }, css: { sync: [] } } }] }),
  );
  if (!broken) await writeFile(join(dir, 'remoteEntry.js'), `var ${name};`);
  await writeFile(join(dir, `app.${version}.js`), 'export {}');
  await writeFile(join(dir, 'release.json'), JSON.stringify({ app, version, builtAt, commit: `c-${version}`, requires: { '@qianyan/shared/core': needs } }));
}

const mapOf = (page: string) => JSON.parse(/window\.__QY_REMOTES__=(.*?)<\/script>/.exec(page)![1]!) as Record<string, string>;

for (const kind of ['file', 'database'] as const) {
  describe(`the release service (${kind} state)`, () => {
    let ctx: TestContext;
    let dir: string;
    let releases: string;
    const settings: ReleaseSettings = { state: kind, tokens: parseReleaseTokens(`ci=${CI_TOKEN},alice=${ALICE_TOKEN}`, []), previewTtlMs: 3_600_000 };
    const call = async (method: 'GET' | 'POST', url: string, body?: object, token: string | null = CI_TOKEN) => {
      const res = await ctx.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(body ? { payload: body } : {}) });
      return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
    };
    const page = async (cookie?: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: '/index', headers: { ...html, ...(cookie ? { cookie } : {}) } });
      return { map: mapOf(res.body), setCookie: res.headers['set-cookie'] as string | undefined };
    };

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'qy-releases-'));
      releases = join(dir, 'releases');
      await writeShell(releases, 's1');
      await writeRemote(releases, 'mf-content', 'c1', { builtAt: '2026-11-02T00:00:00.000Z' });
      await writeRemote(releases, 'mf-content', 'c2', { builtAt: '2026-11-03T00:00:00.000Z' });
      await writeRemote(releases, 'mf-content', 'c3', { builtAt: '2026-11-04T00:00:00.000Z' });
      await writeRemote(releases, 'mf-content', 'broken', { broken: true });
      await writeRemote(releases, 'mf-content', 'next', { needs: '^1.2.0' });
      await writeRemote(releases, 'mf-courses', 'k1');
      // What `npm run build` leaves: the releases folder's files name the live releases.
      await writeFile(join(releases, 'shell.json'), JSON.stringify({ version: 's1' }));
      await writeFile(join(releases, 'remotes.json'), JSON.stringify({ 'mf-content': '/remotes/mf-content/c1/mf-manifest.json', 'mf-courses': '/remotes/mf-courses/k1/mf-manifest.json' }));
      ctx = await createTestApp({ config: { webRoot: join(dir, 'web'), releasesDir: releases, releases: settings } });
    });
    after(async () => {
      await ctx?.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('refuses every change without a release token, and changes nothing', async () => {
      for (const token of [null, 'not-a-token-0123456789abcdefgh']) {
        const res = await call('POST', '/api/releases/activate', { app: 'mf-content', version: 'c2' }, token);
        assert.equal(res.status, 401);
        assert.equal(res.body.code, 10401);
        assert.equal((await call('GET', '/api/releases', undefined, token)).status, 401);
      }
      assert.equal((await page()).map['mf-content'], '/remotes/mf-content/c1/mf-manifest.json');
    });

    it('lists each app with its live release and every release with commit, build time and shared versions', async () => {
      const res = await call('GET', '/api/releases');
      assert.equal(res.body.code, 0);
      assert.equal(res.body.data.state, kind);
      const content = res.body.data.apps.find((a: { app: string }) => a.app === 'mf-content');
      assert.equal(content.live, 'c1');
      const c1 = content.releases.find((r: { version: string }) => r.version === 'c1');
      assert.deepEqual(c1, { version: 'c1', commit: 'c-c1', builtAt: '2026-11-02T00:00:00.000Z', shared: { '@qianyan/shared/core': '^1.0.0' }, live: true, previous: false, canary: false });
      const shell = res.body.data.apps.find((a: { app: string }) => a.app === 'shell');
      assert.deepEqual(shell.releases[0].shared, { '@qianyan/shared/core': '1.1.0' });
    });

    it('activates after a smoke check, records who did it, and every page gets the new map', async () => {
      const broken = await call('POST', '/api/releases/activate', { app: 'mf-content', version: 'broken' });
      assert.equal(broken.status, 409);
      assert.equal(broken.body.msg, 'smoke check of mf-content broken failed: remoteEntry.js is missing or empty; nothing was changed');

      const res = await call('POST', '/api/releases/activate', { app: 'mf-content', version: 'c2', expected: 'c1' }, ALICE_TOKEN);
      assert.equal(res.body.code, 0, res.body.msg);
      assert.deepEqual({ ...res.body.data, at: undefined }, { at: undefined, app: 'mf-content', action: 'activate', from: 'c1', to: 'c2', by: 'alice' });
      assert.equal((await page()).map['mf-content'], '/remotes/mf-content/c2/mf-manifest.json');
      const map = await ctx.get('/remotes.json');
      assert.equal(map.body['mf-content'], '/remotes/mf-content/c2/mf-manifest.json');
    });

    it('refuses a change based on a stale view, and one the live shell cannot carry, naming the package and versions', async () => {
      const stale = await call('POST', '/api/releases/activate', { app: 'mf-content', version: 'c3', expected: 'c1' });
      assert.equal(stale.status, 409);
      assert.equal(stale.body.msg, 'mf-content changed meanwhile: expected c1 live, found c2; nothing was changed');
      const unmet = await call('POST', '/api/releases/activate', { app: 'mf-content', version: 'next' });
      assert.equal(unmet.status, 409);
      assert.equal(unmet.body.msg, 'mf-content next needs @qianyan/shared/core ^1.2.0 (the shell provides 1.1.0): release a shell that provides it first');
      assert.equal((await page()).map['mf-content'], '/remotes/mf-content/c2/mf-manifest.json');
    });

    it('rolls back to the release live before, and the history keeps every change in order', async () => {
      await call('POST', '/api/releases/activate', { app: 'mf-content', version: 'c3' });
      const back = await call('POST', '/api/releases/rollback', { app: 'mf-content' });
      assert.equal(back.body.code, 0, back.body.msg);
      assert.equal(back.body.data.to, 'c2');
      assert.equal((await page()).map['mf-content'], '/remotes/mf-content/c2/mf-manifest.json');
      const history = await call('GET', '/api/releases/history?app=mf-content');
      const changes = history.body.data.filter((e: { by: string }) => e.by !== 'releases folder').map((e: { action: string; to: string; by: string }) => `${e.action}:${e.to}:${e.by}`);
      assert.deepEqual(changes, ['activate:c2:alice', 'activate:c3:ci', 'rollback:c2:ci']);
    });

    it('sends a canary to its share of visitors, the same release for the same visitor every time', async () => {
      const start = await call('POST', '/api/releases/canary', { app: 'mf-content', version: 'c3', percent: 20, expected: null });
      assert.equal(start.body.code, 0, start.body.msg);
      const first = await page();
      const vid = /qy_vid=([^;]+)/.exec(first.setCookie ?? '')?.[1];
      assert.ok(vid, 'a visitor without an id gets one while a canary runs');
      for (let i = 0; i < 3; i++) assert.deepEqual((await page(`qy_vid=${vid}`)).map, first.map, 'the same visitor keeps the same release');
      let canary = 0;
      const visitors = 400;
      for (let i = 0; i < visitors; i++) {
        const id = Buffer.from(`visitor-${i}-0123456`).toString('base64url').slice(0, 22);
        if ((await page(`qy_vid=${id}`)).map['mf-content'] === '/remotes/mf-content/c3/mf-manifest.json') canary++;
      }
      assert.ok(canary > visitors * 0.12 && canary < visitors * 0.28, `about 20 % of visitors get the canary (got ${canary} of ${visitors})`);
      const end = await call('POST', '/api/releases/canary', { app: 'mf-content', version: null, expected: 'c3' });
      assert.equal(end.body.code, 0, end.body.msg);
      assert.equal((await page(`qy_vid=${vid}`)).map['mf-content'], '/remotes/mf-content/c2/mf-manifest.json');
      assert.equal((await page()).setCookie, undefined, 'no visitor id is handed out without a canary');
    });

    it('shows a previewed release to whoever opened the link, and to nobody else, until it expires', async () => {
      const made = await call('POST', '/api/releases/previews', { app: 'mf-content', version: 'c3' }, ALICE_TOKEN);
      assert.equal(made.body.code, 0, made.body.msg);
      const open = await ctx.app.inject({ method: 'GET', url: made.body.data.url });
      assert.equal(open.statusCode, 303);
      const cookie = /^(qy_preview=[^;]+)/.exec(String(open.headers['set-cookie']))![1]!;
      assert.equal((await page(cookie)).map['mf-content'], '/remotes/mf-content/c3/mf-manifest.json');
      assert.equal((await page()).map['mf-content'], '/remotes/mf-content/c2/mf-manifest.json');
      const unknown = await ctx.app.inject({ method: 'GET', url: '/api/releases/preview?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
      assert.equal(unknown.json().code, 10004);
      ctx.clock.advance(3_600_000 + 1000);
      assert.equal((await page(cookie)).map['mf-content'], '/remotes/mf-content/c2/mf-manifest.json', 'an expired preview shows the live release');
    });

    it('is what the release command asks when QY_RELEASE_URL and QY_RELEASE_TOKEN are set', async () => {
      const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const release = (...args: string[]) =>
        new Promise<{ code: number | null; out: string }>((resolve) => {
          const child = spawn(process.execPath, [RELEASE_COMMAND, ...args], { env: { ...process.env, QY_RELEASE_URL: address, QY_RELEASE_TOKEN: ALICE_TOKEN } });
          let out = '';
          child.stdout.on('data', (d) => (out += d));
          child.stderr.on('data', (d) => (out += d));
          child.on('close', (code) => resolve({ code, out }));
        });
      const stale = await release('activate', 'mf-content', 'c3', '--expect', 'c1');
      assert.equal(stale.code, 1);
      assert.match(stale.out, /^refused: mf-content changed meanwhile: expected c1 live, found c2; nothing was changed \(409\)/);
      const done = await release('activate', 'mf-content', 'c3', '--expect', 'c2');
      assert.equal(done.code, 0, done.out);
      assert.match(done.out, /mf-content +activate +c2 → c3 +by alice/);
      assert.match((await release('status')).out, /^mf-content +c3 +commit c-c3$/m);
      assert.match((await release('rollback', 'mf-content')).out, /rollback +c3 → c2 +by alice/);
    });

    it('prunes old releases but never the live, the previous or a canary', async () => {
      await call('POST', '/api/releases/canary', { app: 'mf-content', version: 'c1', percent: 5 });
      const res = await call('POST', '/api/releases/prune', { app: 'mf-content', keep: 1 });
      assert.equal(res.body.code, 0, res.body.msg);
      const left = (await call('GET', '/api/releases')).body.data.apps.find((a: { app: string }) => a.app === 'mf-content').releases.map((r: { version: string }) => r.version);
      // Newest first: c3 (kept: the newest), c2 (live), then next, c1 and broken of the same day;
      // c1 is both the previous (c2 was activated from it; the roll-back does not count) and the canary.
      assert.deepEqual([...left].sort(), ['c1', 'c2', 'c3']);
      const history = (await call('GET', '/api/releases/history?app=mf-content')).body.data;
      assert.deepEqual(history.at(-1).removed.sort(), ['broken', 'next']);
      // The canary ends here: while it runs, a visitor without a cookie is drawn into it one time in twenty.
      const end = await call('POST', '/api/releases/canary', { app: 'mf-content', version: null, expected: 'c1' });
      assert.equal(end.body.code, 0, end.body.msg);
    });

    it("makes the releases folder's live state live, as a published image's releases are (adopt)", async () => {
      const before = (await page()).map['mf-content'];
      assert.equal(before, '/remotes/mf-content/c2/mf-manifest.json');
      await writeFile(join(releases, 'remotes.json'), JSON.stringify({ 'mf-content': '/remotes/mf-content/c3/mf-manifest.json', 'mf-courses': '/remotes/mf-courses/k1/mf-manifest.json' }));
      const res = await call('POST', '/api/releases/adopt', {});
      assert.equal(res.body.code, 0, res.body.msg);
      // The folder state has nothing to adopt: the folder is its state.
      assert.deepEqual(res.body.data.map((e: { app: string; from: string; to: string; by: string }) => `${e.app}:${e.from}→${e.to}:${e.by}`), kind === 'database' ? ['mf-content:c2→c3:ci'] : []);
      assert.equal((await page()).map['mf-content'], '/remotes/mf-content/c3/mf-manifest.json');
      assert.deepEqual((await call('POST', '/api/releases/adopt', {})).body.data, [], 'nothing left to adopt');
    });
  });
}

describe('the database state with two instances', { skip: !process.env.TEST_DATABASE_URL && 'needs PostgreSQL (TEST_DATABASE_URL): PGlite is one process' }, () => {
  let a: TestContext;
  let b: App;
  let dir: string;
  const settings: ReleaseSettings = { state: 'database', tokens: parseReleaseTokens(`ci=${CI_TOKEN}`, []), previewTtlMs: 3_600_000 };
  const activate = (app: App, remote: string, version: string) =>
    app.inject({ method: 'POST', url: '/api/releases/activate', headers: { authorization: `Bearer ${CI_TOKEN}` }, payload: { app: remote, version } }).then((r) => r.json() as { code: number; msg: string });
  const liveMap = async (app: App) => (await app.inject({ method: 'GET', url: '/remotes.json' })).json() as Record<string, string>;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'qy-releases-'));
    const releases = join(dir, 'releases');
    await writeShell(releases, 's1');
    for (let i = 0; i < 50; i++) {
      await writeRemote(releases, 'mf-content', `c${i}`);
      await writeRemote(releases, 'mf-courses', `k${i}`);
    }
    await writeFile(join(releases, 'shell.json'), JSON.stringify({ version: 's1' }));
    await writeFile(join(releases, 'remotes.json'), JSON.stringify({ 'mf-content': '/remotes/mf-content/c0/mf-manifest.json', 'mf-courses': '/remotes/mf-courses/k0/mf-manifest.json' }));
    a = await createTestApp({ config: { webRoot: join(dir, 'web'), releasesDir: releases, releases: settings } });
    // A second instance: the same configuration, so the same database and releases.
    b = await buildApp(a.config, { logger: false });
    await b.ready();
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('shows a change made through one instance on the other within a second and a half', async () => {
    assert.equal((await liveMap(b))['mf-content'], '/remotes/mf-content/c0/mf-manifest.json');
    assert.equal((await activate(a.app, 'mf-content', 'c1')).code, 0);
    const t0 = Date.now();
    while ((await liveMap(b))['mf-content'] !== '/remotes/mf-content/c1/mf-manifest.json') {
      assert.ok(Date.now() - t0 < 1500, 'the other instance sees the change within 1.5 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('loses no update when two teams activate different remotes at once through different instances (50 tries)', async () => {
    let lost = 0;
    for (let i = 1; i < 50; i++) {
      const [x, y] = await Promise.all([activate(a.app, 'mf-content', `c${i}`), activate(b, 'mf-courses', `k${i}`)]);
      assert.equal(x.code, 0, x.msg);
      assert.equal(y.code, 0, y.msg);
      const rows = await a.app.db.select().from(releaseLive);
      const live = (remote: string) => rows.find((r) => r.app === remote)?.version;
      if (live('mf-content') !== `c${i}` || live('mf-courses') !== `k${i}`) lost++;
    }
    assert.equal(lost, 0);
    const res = await a.app.inject({ method: 'GET', url: '/api/releases', headers: { authorization: `Bearer ${CI_TOKEN}` } });
    const apps = (res.json() as { data: { apps: { app: string; live: string }[] } }).data.apps;
    assert.equal(apps.find((x) => x.app === 'mf-content')?.live, 'c49');
    assert.equal(apps.find((x) => x.app === 'mf-courses')?.live, 'k49');
  });
});
