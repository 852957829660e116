// Releasing (README "Releasing"): the release command refuses a remote that needs a newer
// @qianyan/shared than the live shell provides, and a tab opened on one shell keeps working through a
// shell roll-out and roll-back. The run's own copy of the live releases is changed (QY_E2E_RELEASES,
// playwright.config.ts) and put back as it was after each journey.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, type Response } from '@playwright/test';
import { createReleaseStore } from '../../scripts/lib/releases.mjs';
import { test } from './support';

const run = promisify(execFile);
const dir = process.env.QY_E2E_RELEASES!;
const store = createReleaseStore(dir);
const RELEASE_CMD = path.resolve(__dirname, '../../scripts/release.mjs');
const CORE = '@qianyan/shared/core';

/** The live map as it was, put back after each journey (and the versions it made removed). */
let saved: { remotes: string; shell: string; made: string[] };
test.beforeEach(() => {
  saved = {
    remotes: fs.readFileSync(path.join(dir, 'remotes.json'), 'utf8'),
    shell: fs.readFileSync(path.join(dir, 'shell.json'), 'utf8'),
    made: [],
  };
});
test.afterEach(() => {
  fs.writeFileSync(path.join(dir, 'remotes.json'), saved.remotes);
  fs.writeFileSync(path.join(dir, 'shell.json'), saved.shell);
  for (const made of saved.made) fs.rmSync(made, { recursive: true, force: true });
});

/** A new release of `app` made from the live one: same files, a new version, `change` applied to it. */
function deriveRelease(app: string, suffix: string, change: (folder: string) => void): string {
  const live = store.live()[app]!;
  const version = `${live}-${suffix}`;
  const folder = path.join(dir, app, version);
  fs.cpSync(path.join(dir, app, live), folder, { recursive: true });
  saved.made.push(folder);
  const recordFile = path.join(folder, 'release.json');
  const record = JSON.parse(fs.readFileSync(recordFile, 'utf8'));
  fs.writeFileSync(recordFile, JSON.stringify({ ...record, version }));
  change(folder);
  return version;
}

const nextMajor = (version: string) => `${Number(version.split('.')[0]) + 1}.0.0`;

test('the release command refuses a remote built against a @qianyan/shared the live shell does not provide', async ({ page }) => {
  const shellProvides = store.info('shell', store.live().shell!).provides![CORE]!;
  const newer = nextMajor(shellProvides);
  const before = store.live()['mf-courses'];
  const version = deriveRelease('mf-courses', 'needs-newer-shared', (folder) => {
    const recordFile = path.join(folder, 'release.json');
    const record = JSON.parse(fs.readFileSync(recordFile, 'utf8'));
    fs.writeFileSync(recordFile, JSON.stringify({ ...record, requires: { ...record.requires, [CORE]: `^${newer}` } }));
  });

  const refused = await run(process.execPath, [RELEASE_CMD, 'activate', 'mf-courses', version], {
    env: { ...process.env, QY_RELEASES_DIR: dir, QY_RELEASE_BY: 'e2e' },
  }).then(
    () => null,
    (err: { code: number; stderr: string }) => err,
  );
  expect(refused, 'the release command must fail').not.toBeNull();
  expect(refused!.code).toBe(1);
  expect(refused!.stderr).toContain(`refused: mf-courses ${version} needs ${CORE} ^${newer} (the shell provides ${shellProvides})`);
  expect(store.live()['mf-courses']).toBe(before);
  expect(store.history('mf-courses').some((e) => e.to === version)).toBe(false);

  // Readers never saw it: the course list is the live release's.
  await page.goto('/course-resources');
  await expect(page.getByRole('heading', { level: 1, name: '课程资源' })).toBeVisible();
});

/** Fails on any script, style or page the site answers with an error while the loop runs. */
function watchFailures(page: Page) {
  const failures: string[] = [];
  page.on('response', (res: Response) => {
    const url = new URL(res.url());
    if (url.origin === new URL(page.url() || 'http://127.0.0.1').origin && res.status() >= 400 && !url.pathname.startsWith('/api/')) {
      failures.push(`${res.status()} ${url.pathname}`);
    }
  });
  page.on('requestfailed', (req) => failures.push(`failed ${req.url()}`));
  page.on('pageerror', (err) => failures.push(`page error ${err.message}`));
  return failures;
}

test('a tab opened on one shell keeps working through a shell roll-out and roll-back', async ({ page }) => {
  test.setTimeout(180_000);
  const before = store.live().shell!;
  // Another shell build: its own page, and none of the earlier build's lazily loaded chunks (a real
  // rebuild names them differently), so the old tab can only get them from the earlier release.
  const next = deriveRelease('shell', 'next', (folder) => {
    const index = path.join(folder, 'index.html');
    const html = fs.readFileSync(index, 'utf8');
    fs.writeFileSync(index, html.replace('<html', '<html data-shell-release="next"'));
    const kept = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]));
    for (const file of fs.readdirSync(folder)) {
      const base = file.replace(/\.(br|gz)$/, '');
      if (base.endsWith('.js') && !kept.has(base)) fs.rmSync(path.join(folder, file));
    }
  });
  const failures = watchFailures(page);
  const header = page.locator('#qy-header');
  const historyBefore = store.history('shell').length;
  let loads = 0;

  for (let round = 0; round < 6; round += 1) {
    const target = round % 2 === 0 ? next : before;
    await page.goto('/');
    loads += 1;
    await expect(header.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    // Roll out (or back) while this tab still runs the other shell.
    store.activate('shell', target, { by: 'e2e' });
    // The header of the old tab still works: its login dialog and a page of the shell's own, both
    // loaded lazily now, after the change.
    await header.getByRole('button', { name: '登录', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '用户登录' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.evaluate(() => window.history.pushState(null, '', '/download'));
    await expect(page.locator('#qy-download-title, .qy-download__name').first()).toBeVisible();
    // A reload gets the newly live shell.
    await page.reload();
    loads += 1;
    expect(await page.locator('html').getAttribute('data-shell-release')).toBe(target === next ? 'next' : null);
    await expect(header.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  }
  expect(failures, `${loads} page loads`).toEqual([]);
  // This journey's changes (the other project's run used the same store before it).
  expect(store.history('shell').slice(historyBefore).filter((e) => e.by === 'e2e')).toHaveLength(6);
});

/** The release command asking the run's server (its release service), as CI would. */
function releaseViaService(...args: string[]) {
  const env = { ...process.env, QY_RELEASE_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? 8180}`, QY_RELEASE_TOKEN: process.env.QY_E2E_RELEASE_TOKEN };
  return run(process.execPath, [RELEASE_CMD, ...args], { env, timeout: 120_000 }).then(
    (done) => ({ code: 0, out: done.stdout + done.stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, out: err.stdout + err.stderr }),
  );
}

test('a tester previews a release nobody else sees, and a release that does not mount is refused by the smoke check', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const live = store.live()['mf-content']!;
  const good = deriveRelease('mf-content', 'preview', () => {});
  // Its files are all there (the service's own check passes), but its app throws as it loads.
  const broken = deriveRelease('mf-content', 'throws', (folder) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'mf-manifest.json'), 'utf8'));
    const app = manifest.exposes.find((e: { path: string }) => e.path === './app');
    const chunk: string = app.assets.js.sync.find((f: string) => f.includes('expose'));
    fs.writeFileSync(path.join(folder, chunk), `throw new Error("this release fails to mount");\n${fs.readFileSync(path.join(folder, chunk), 'utf8')}`);
    for (const twin of [`${chunk}.br`, `${chunk}.gz`]) fs.rmSync(path.join(folder, twin), { force: true });
  });
  const loadedFrom = (p: Page) => {
    const versions = new Set<string>();
    p.on('request', (req) => {
      const m = /\/remotes\/mf-content\/([^/]+)\//.exec(req.url());
      if (m) versions.add(m[1]!);
    });
    return versions;
  };

  // The tester opens the link and sees the previewed release; a reader at the same time does not.
  const preview = await releaseViaService('preview', 'mf-content', good);
  expect(preview.code, preview.out).toBe(0);
  const link = /open (\S+)/.exec(preview.out)![1]!;
  const tester = await browser.newPage();
  const testerSaw = loadedFrom(tester);
  await tester.goto(link);
  await expect(tester.locator('#qy-main')).not.toBeEmpty();
  await tester.goto('/index');
  await expect(tester.locator('#qy-main .qy-remote-fallback')).toHaveCount(0);
  await expect.poll(() => [...testerSaw]).toEqual([good]);
  const readerSaw = loadedFrom(page);
  await page.goto('/index');
  await expect(page.locator('#qy-main')).not.toBeEmpty();
  await expect.poll(() => [...readerSaw]).toEqual([live]);
  await tester.close();

  // The smoke check opens a release before it goes live: one that does not mount is refused.
  const refused = await releaseViaService('activate', 'mf-content', broken, '--smoke');
  expect(refused.code, refused.out).toBe(1);
  expect(refused.out).toMatch(new RegExp(`refused: browser smoke check of mf-content ${broken} on / failed: .*this release fails to mount`));
  expect(store.live()['mf-content']).toBe(live);

  const activated = await releaseViaService('activate', 'mf-content', good, '--smoke');
  expect(activated.code, activated.out).toBe(0);
  expect(activated.out).toContain('smoke check passed on /');
  expect(store.live()['mf-content']).toBe(good);
  expect(store.history('mf-content').at(-1)).toMatchObject({ action: 'activate', from: live, to: good, by: 'e2e' });
});
