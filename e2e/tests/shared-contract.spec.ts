// The contract between the shell and the remotes at run time (README "Releasing"): a remote that
// needs a @qianyan/shared/core the live shell does not provide shows its retryable message in the
// page area instead of crashing the page, while the header and the other remotes keep working. The
// release command refuses such a release (releases.spec.ts); here it goes live past that check, as a
// remote map edited by hand would put it, in the run's own copy of the releases (QY_E2E_RELEASES).
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { createReleaseStore } from '../../scripts/lib/releases.mjs';
import { test } from './support';

const dir = process.env.QY_E2E_RELEASES!;
const store = createReleaseStore(dir);
const CORE = '@qianyan/shared/core';

let savedRemotes: string;
const made: string[] = [];
test.beforeEach(() => {
  savedRemotes = fs.readFileSync(path.join(dir, 'remotes.json'), 'utf8');
});
test.afterEach(() => {
  fs.writeFileSync(path.join(dir, 'remotes.json'), savedRemotes);
  for (const folder of made.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A copy of `app`'s live release as if built against @qianyan/shared `newer`: its container provides
 * that version of the core singleton and requires `^newer` (strictVersion, as every build declares it).
 * Its release record is the live one's, so only the files say what it needs.
 */
function releaseNeedingCore(app: string, newer: string): string {
  const live = store.live()[app]!;
  const version = `${live}-core-${newer}`;
  const folder = path.join(dir, app, version);
  fs.cpSync(path.join(dir, app, live), folder, { recursive: true });
  made.push(folder);
  const core = store.info(app, live).requires![CORE]!.replace(/^\^/, '');
  const entry = path.join(folder, 'remoteEntry.js');
  let js = fs.readFileSync(entry, 'utf8');
  const rewrites: [RegExp, string][] = [
    // The module it provides to the share scope: c("@qianyan/shared/core","1.0.0",…)
    [new RegExp(`("${escape(CORE)}",")${escape(core)}"`), `$1${newer}"`],
    // Its shared list: "@qianyan/shared/core":[{version:"1.0.0",…,requiredVersion:"^1.0.0",…}]
    [new RegExp(`("${escape(CORE)}":\\[\\{version:")${escape(core)}("[^}]*?requiredVersion:"\\^)${escape(core)}"`), `$1${newer}$2${newer}"`],
    // What its modules consume: {…,requiredVersion:"^1.0.0",strictVersion:!0,…,shareKey:"@qianyan/shared/core"}
    [new RegExp(`requiredVersion:"\\^${escape(core)}"(,strictVersion:!0[^}]*?shareKey:"${escape(CORE)}")`), `requiredVersion:"^${newer}"$1`],
  ];
  for (const [pattern, replacement] of rewrites) {
    // Each is in the file: a build that writes these differently fails here, not silently.
    expect(pattern.test(js), `remoteEntry.js of ${app} matches ${pattern}`).toBe(true);
    js = js.replace(pattern, replacement);
  }
  fs.writeFileSync(entry, js);
  // The server sends precompressed twins when it has them: the edited file must be the one served.
  for (const twin of ['remoteEntry.js.br', 'remoteEntry.js.gz']) fs.rmSync(path.join(folder, twin), { force: true });
  const manifestFile = path.join(folder, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  for (const s of manifest.shared) if (s.name === CORE) Object.assign(s, { version: newer, requiredVersion: `^${newer}` });
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  return version;
}

/** Puts `version` live for `app` by writing the remote map itself, past the release command's check. */
function goLiveUnchecked(app: string, version: string) {
  const file = path.join(dir, 'remotes.json');
  const map = JSON.parse(fs.readFileSync(file, 'utf8'));
  map[app] = store.manifestUrl(app, version);
  fs.writeFileSync(file, JSON.stringify(map, null, 2));
}

/** Uncaught script errors of the page: a remote's failure must never be one. */
function pageErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

test('a remote needing a newer @qianyan/shared/core than the live shell provides shows its retryable message, and the rest of the site works', async ({ page }) => {
  test.setTimeout(120_000);
  const provided = store.info('shell', store.live().shell!).provides![CORE]!;
  const newer = `${Number(provided.split('.')[0]) + 1}.0.0`;
  goLiveUnchecked('mf-courses', releaseNeedingCore('mf-courses', newer));
  const errors = pageErrors(page);
  const consoleErrors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));

  await page.goto('/course-resources');
  const fallback = page.locator('#qy-main .qy-remote-fallback');
  await expect(fallback).toBeVisible();
  await expect(fallback.getByRole('heading', { name: '页面模块加载失败' })).toBeVisible();
  await expect(fallback).toContainText('网络繁忙，请稍后！');
  // Why, in the console: the federation runtime names the singleton and both versions.
  expect(consoleErrors.join('\n')).toMatch(new RegExp(`${escape(CORE)}.*\\^${escape(newer)}`));
  // Its retry tries again and, the remote being the same, shows the message again, never a crash.
  await fallback.getByRole('button', { name: '重新加载' }).click();
  await expect(fallback).toBeVisible();
  await expect(page.locator('#qy-main .qy-remote-fallback')).toHaveCount(1);

  // The header is the shell's and keeps working.
  const header = page.locator('#qy-header');
  await header.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '用户登录' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Another remote's page, reached from here, shows its content.
  await page.evaluate(() => window.history.pushState(null, '', '/commentary'));
  await expect(page.getByRole('heading', { level: 1, name: '述评' })).toBeVisible();
  await expect(page.locator('#qy-main .qy-remote-fallback')).toHaveCount(0);

  // The home page (mf-content) keeps its own content; only the course block mf-courses lends it
  // (loaded once the reader scrolls) shows its own message instead.
  await page.goto('/');
  await expect(page.getByText('热门阅读')).toBeVisible();
  await page.mouse.wheel(0, 1500);
  await expect(page.locator('.qy-editing-fallback')).toBeVisible();
  await expect(page.locator('#qy-main .qy-remote-fallback')).toHaveCount(0);
  expect(errors, 'uncaught errors').toEqual([]);
});
