// The week's issue offline (the service worker, shell/sw/sw.ts): after one visit a member reads the
// week's articles with the network cut, in full; after logging out nothing of a member's text is
// kept; and the site passes the browser's installable-app check.
import { chromium, expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM } from '../../scripts/lib/browser.mjs';
import { loginThroughDialog, logoutThroughHeader, snap, test } from './support';

// Journeys elsewhere run without service workers (playwright.config.ts); these are about one.
test.use({ serviceWorkers: 'allow' });

interface Kept {
  weekId: number;
  articles: number;
  reader: string;
}

/** Waits until the page's keeper has kept the week for `reader` ('visitor' or a member id). */
async function keptFor(page: Page, reader: (r: string) => boolean): Promise<Kept> {
  let kept: Kept | null = null;
  await expect(async () => {
    kept = await page.evaluate(() => JSON.parse(localStorage.getItem('qy.offline') ?? 'null') as Kept | null);
    expect(kept && reader(kept.reader)).toBeTruthy();
  }).toPass({ timeout: 45_000 });
  return kept!;
}

/** Texts in the API cache (every kept reply), read in the page. */
const keptReplies = (page: Page) =>
  page.evaluate(async () => {
    if (!(await caches.has('qy-api-v1'))) return [];
    const cache = await caches.open('qy-api-v1');
    return Promise.all((await cache.keys()).map(async (k) => (await cache.match(k))!.text()));
  });

test('a member reads the week with the network cut, and logging out leaves none of it kept', async ({ page, context, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one browser context is enough; the pages themselves are checked at both widths elsewhere');
  const week = (await (await request.post('/api/article/newestArticle', { data: {} })).json()).data as {
    articleWeeklyPo: { id: number; title: string };
    articleMap: Record<string, { permalinks: string; title: string; accessLevel: string }[]>;
  };
  const members = [...(week.articleMap['5'] ?? []), ...(week.articleMap['6'] ?? [])].filter((a) => a.accessLevel === 'member');
  expect(members.length, 'the demo week has member articles').toBeGreaterThan(0);
  const article = members[0];

  await page.goto('/index');
  await loginThroughDialog(page, 'demo_member');
  const kept = await keptFor(page, (r) => r !== 'visitor');
  expect(kept.weekId).toBe(week.articleWeeklyPo.id);
  expect(kept.articles).toBeGreaterThanOrEqual(members.length);

  // As the member reads it online: the whole text, which must come back offline.
  await page.goto(`/article-info?permalinks=${article.permalinks}`);
  const body = page.getByRole('region', { name: '正文' });
  await expect(body).toBeVisible();
  const paid = ((await body.innerText()).split('\n').find((line) => line.trim().length > 20) ?? '').trim();
  expect(paid.length).toBeGreaterThan(20);

  await context.setOffline(true);
  await page.goto('/latest-periodical');
  await expect(page.getByText(week.articleWeeklyPo.title)).toBeVisible();
  await expect(page.getByText(`本期 ${kept.articles} 篇已保存，无网络时也可阅读`)).toBeVisible();
  await page.getByRole('link', { name: article.title }).first().click();
  await expect(page.getByRole('region', { name: '正文' })).toContainText(paid);
  await snap(page, testInfo, 'offline-member-article');
  // Another article of the week, opened straight from its address (a reload on the train).
  const other = members[1] ?? [...(week.articleMap['5'] ?? [])].find((a) => a.permalinks !== article.permalinks)!;
  await page.goto(`/article-info?permalinks=${other.permalinks}`);
  await expect(page.getByRole('heading', { level: 1, name: other.title })).toBeVisible();
  expect((await keptReplies(page)).some((text) => text.includes(paid))).toBe(true);

  // Logging out (online) deletes every kept reply: a member's text is no longer on this device.
  await context.setOffline(false);
  await page.goto('/index');
  await logoutThroughHeader(page);
  await expect.poll(async () => (await keptReplies(page)).some((text) => text.includes(paid)), { timeout: 10_000 }).toBe(false);
  await context.setOffline(true);
  await page.goto(`/article-info?permalinks=${article.permalinks}`);
  await expect(page.getByText(paid)).toHaveCount(0);
  await context.setOffline(false);
});

test('the site passes the browser’s installable-app check', async ({ baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the check is the browser’s, not the width’s');
  // The check needs a profile on disk (an incognito context is never installable).
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'qy-install-'));
  const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM, baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/index');
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((e) => e.errorId), { timeout: 20_000 })
      .toEqual([]);
    const { url, data } = await cdp.send('Page.getAppManifest');
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(JSON.parse(data ?? '{}').name).toBe('千言医学');
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
