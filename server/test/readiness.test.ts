import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { committedMigrations } from '../src/db/migrations.js';
import { createTestApp, type TestContext } from './helpers.js';

// Readiness (/api/ready) is apart from liveness (/api/health): an instance that is alive but cannot
// serve the site (database, migrations, shell, remote map) or is draining answers 503 there only.
let ctx: TestContext;
let dir: string;
let web: string;
let releases: string;

const MAP = {
  'mf-content': '/remotes/mf-content/0.1.0-aaaa/mf-manifest.json',
  'mf-account': '/remotes/mf-account/0.1.0-bbbb/mf-manifest.json',
};
const writeMap = (map: unknown) => writeFile(join(releases, 'remotes.json'), JSON.stringify(map));

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qy-ready-'));
  web = join(dir, 'web');
  releases = join(dir, 'releases');
  await mkdir(web, { recursive: true });
  await writeFile(join(web, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  await writeFile(join(web, 'routes.json'), JSON.stringify({ remotes: { 'mf-content': ['/'], 'mf-account': ['/personal'] }, shell: ['/download'] }));
  for (const url of Object.values(MAP)) {
    const file = join(releases, url.slice('/remotes/'.length));
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, '{"name":"remote"}');
  }
  await writeMap(MAP);
  ctx = await createTestApp({ config: { webRoot: web, releasesDir: releases } });
});
after(async () => {
  await ctx?.close();
  await rm(dir, { recursive: true, force: true });
});

async function ready() {
  const res = await ctx.get('/api/ready');
  return { status: res.status, body: res.body as { code: number; data: { status: string; checks: Record<string, string>; problems: string[] } } };
}

describe('readiness', () => {
  it('is not ready while a migration of this build is not applied, and ready once it is', async () => {
    const last = committedMigrations().at(-1)!;
    const removed = await ctx.app.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
    );
    const row = (removed as unknown as { rows: { hash: string; created_at: string }[] }).rows[0]!;
    try {
      const res = await ready();
      assert.equal(res.status, 503);
      assert.equal(res.body.data.status, 'unready');
      assert.equal(res.body.data.checks.migrations, 'error');
      assert.deepEqual(res.body.data.problems, [`migrations not applied: ${last.tag}`]);
      // Liveness does not depend on it: the process is alive and its database answers.
      assert.equal((await ctx.get('/api/health')).status, 200);
    } finally {
      await ctx.app.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row.hash}, ${row.created_at})`);
    }
    const res = await ready();
    assert.equal(res.status, 200);
    assert.equal(res.body.code, 0);
    assert.deepEqual(res.body.data, {
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', shell: 'ok', remotes: 'ok' },
      problems: [],
    });
    assert.equal((await ctx.get('/api/ready')).headers['cache-control'], 'no-store');
  });

  it('is not ready when a manifest named by the remote map cannot be read', async () => {
    const file = join(releases, MAP['mf-account'].slice('/remotes/'.length));
    await unlink(file);
    try {
      const res = await ready();
      assert.equal(res.status, 503);
      assert.equal(res.body.data.checks.remotes, 'error');
      assert.deepEqual(res.body.data.problems, [`manifest of mf-account (${MAP['mf-account']}) is missing or unreadable`]);
      assert.equal((await ctx.get('/api/health')).status, 200);
    } finally {
      await writeFile(file, '{"name":"remote"}');
    }
    assert.equal((await ready()).status, 200);
  });

  it('is not ready without a remote map, or when a remote that owns pages has no entry', async () => {
    await unlink(join(releases, 'remotes.json'));
    let res = await ready();
    assert.equal(res.status, 503);
    assert.equal(res.body.data.checks.remotes, 'error');
    assert.match(res.body.data.problems[0]!, /^remote map .*remotes\.json is missing or unreadable/);

    await writeMap({ 'mf-content': MAP['mf-content'] });
    res = await ready();
    assert.equal(res.status, 503);
    assert.deepEqual(res.body.data.problems, ['remote map has no entry for mf-account, which owns pages of the shell']);

    await writeMap(['not', 'a', 'map']);
    res = await ready();
    assert.equal(res.status, 503);
    assert.match(res.body.data.problems.join('\n'), /^remote map cannot be read: .*remotes\.json is not an object of manifest URLs$/);

    // A remote served from another host (a CDN) is that host's business.
    await writeMap({ ...MAP, 'mf-account': 'https://cdn.example.com/mf-account/0.2.0/mf-manifest.json' });
    assert.equal((await ready()).status, 200);
    await writeMap(MAP);
  });

  it('is not ready when the shell is not built', async () => {
    await unlink(join(web, 'index.html'));
    try {
      const res = await ready();
      assert.equal(res.status, 503);
      assert.equal(res.body.data.checks.shell, 'error');
      assert.equal(res.body.data.problems.length, 1);
      assert.match(res.body.data.problems[0]!, /^shell not built or released: no .*index\.html$/);
    } finally {
      await writeFile(join(web, 'index.html'), '<!doctype html>');
    }
  });

  it('reads the shell from its live release once one is released, and is not ready when that release is gone', async () => {
    const release = join(releases, 'shell', '1.0.0-cccc');
    await mkdir(release, { recursive: true });
    await writeFile(join(release, 'index.html'), '<!doctype html>');
    await writeFile(join(release, 'routes.json'), JSON.stringify({ remotes: { 'mf-content': ['/'], 'mf-courses': ['/course-resources'] } }));
    await writeFile(join(releases, 'shell.json'), JSON.stringify({ version: '1.0.0-cccc' }));
    try {
      // The released shell's route table is the one read: mf-courses owns pages now and has no entry.
      let res = await ready();
      assert.equal(res.status, 503);
      assert.deepEqual(res.body.data.problems, ['remote map has no entry for mf-courses, which owns pages of the shell']);
      await writeFile(join(release, 'routes.json'), JSON.stringify({ remotes: { 'mf-content': ['/'] } }));
      assert.equal((await ready()).status, 200);
      await rm(release, { recursive: true });
      res = await ready();
      assert.equal(res.status, 503);
      assert.equal(res.body.data.checks.shell, 'error');
      assert.match(res.body.data.problems.join('\n'), /shell not built or released: no .*1\.0\.0-cccc.*index\.html/);
    } finally {
      await rm(join(releases, 'shell.json'), { force: true });
      await rm(join(releases, 'shell'), { recursive: true, force: true });
    }
    assert.equal((await ready()).status, 200);
  });

  it('is not ready when the database does not answer', async () => {
    const handle = ctx.app.database;
    const ping = handle.ping;
    handle.ping = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    };
    try {
      const res = await ready();
      assert.equal(res.status, 503);
      assert.equal(res.body.data.checks.database, 'error');
      assert.deepEqual(res.body.data.problems, ['database: connect ECONNREFUSED 127.0.0.1:5432']);
    } finally {
      handle.ping = ping;
    }
    assert.equal((await ready()).status, 200);
  });

  it('turns 503 at once when draining, while liveness stays ok', async () => {
    ctx.app.startDraining();
    const res = await ready();
    assert.equal(res.status, 503);
    // Every reply while draining asks the client not to reuse the connection.
    assert.equal((await ctx.get('/api/health')).headers.connection, 'close');
    assert.equal(res.body.data.status, 'draining');
    assert.deepEqual(res.body.data.problems, []);
    assert.equal((await ctx.get('/api/health')).status, 200);
  });
});
