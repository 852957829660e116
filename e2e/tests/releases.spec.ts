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
