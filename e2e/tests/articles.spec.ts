// Reading journal articles: the free part for visitors, the month's free read, members in full.
import fs from 'node:fs/promises';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { isMobile, loginThroughDialog, snap, test } from './support';

interface Item {
  id: number;
  title: string;
  permalinks: string;
  accessLevel: string;
}

async function memberArticles(request: APIRequestContext): Promise<Item[]> {
  const res = await request.post('/api/article/selectArticleList', {
    data: { pageNo: 1, pageSize: 100, sourceIds: [5] },
  });
  const body = await res.json();
  return (body.data.results as Item[]).filter((a) => a.accessLevel === 'member');
}

test('a visitor filters the journal list and opens an article: free part and login prompt', async ({ page, request }, testInfo) => {
  // 论著类 (filter 3) in 心脑血管 (class 4): the first article of the filtered list a visitor may not read.
  const res = await request.post('/api/article/selectArticleList', {
    data: { pageNo: 1, pageSize: 20, sourceIds: [5], articleFilterIds: [3], articleClassIds: [4] },
  });
  const filtered = (await res.json()).data.results as (Item & { intro: string })[];
  const gated = filtered.find((a) => a.accessLevel !== 'public');
  expect(gated).toBeDefined();

  await page.goto('/nejm-list');
  await page.getByRole('tab', { name: '论著类' }).click();
  await expect(page).toHaveURL(/type=3/);
  if (isMobile(testInfo)) {
    await page.getByRole('button', { name: /筛\s*选/ }).click();
    const drawer = page.locator('.qy-al-drawer');
    await drawer.getByRole('checkbox', { name: '心脑血管' }).check();
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
  } else {
    // The tick applies at once through the URL, so the box turns checked after the re-render.
    const box = page.getByRole('complementary', { name: '筛选' }).getByRole('checkbox', { name: '心脑血管' });
    await box.click();
    await expect(box).toBeChecked();
  }
  await expect(page).toHaveURL(/type=3&articleClassIds=4/);
  await snap(page, testInfo, 'nejm-list-filtered');

  await page.getByRole('link', { name: gated!.title }).click();
  await expect(page).toHaveURL(new RegExp(`/article-info\\?permalinks=${gated!.permalinks}`));
  await expect(page.getByRole('heading', { level: 1, name: gated!.title })).toBeVisible();
  // The free part (the abstract) and the login prompt; no body.
  await expect(page.getByRole('region', { name: '摘要' })).toContainText(gated!.intro);
  await expect(page.getByRole('heading', { name: '登录即可阅读' })).toBeVisible();
  await expect(page.getByRole('region', { name: '正文' })).toHaveCount(0);
  expect(await page.content()).not.toContain('PAID-BODY-');
  await page.getByRole('button', { name: /登\s*录/ }).last().click();
  await expect(page.getByRole('dialog', { name: '用户登录' })).toBeVisible();
  await snap(page, testInfo, 'article-visitor');
});

test('a member article shows the login prompt to a visitor and no body', async ({ page, request }, testInfo) => {
  const [article] = await memberArticles(request);
  await page.goto(`/article-info?permalinks=${article.permalinks}`);
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: '登录即可阅读' })).toBeVisible();
  await snap(page, testInfo, 'article-member-visitor');

  // 引用本文: the citation is the article's metadata, so a visitor may cite a member article.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: '引用本文' }).click();
  const dialog = page.getByRole('dialog', { name: '引用本文' });
  // GB/T 7714-2015's form for an online journal article: 作者. 题名[J/OL]. 刊名, 年[引用日期]. 地址.
  const gbt = dialog.getByText(new RegExp(`\\[J/OL\\]\\. 千言医学, \\d{4}\\[\\d{4}-\\d{2}-\\d{2}\\]\\. http\\S+permalinks=${article.permalinks}\\.$`));
  await expect(gbt).toBeVisible();
  await expect(gbt).toContainText(`${article.title}[J/OL]`);
  await dialog.getByRole('button', { name: '复制 GB/T 7714-2015 格式' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await gbt.textContent());
  // The English original: its journal, and a RIS file to download.
  await dialog.getByRole('button', { name: '英文原文' }).click();
  await expect(dialog.getByText(/N Engl J Med\. /)).toBeVisible();
  await snap(page, testInfo, 'article-citation');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: '下载 RIS' }).click()]);
  expect(download.suggestedFilename()).toBe(`${article.permalinks}-en.ris`);
  const ris = await fs.readFile((await download.path())!, 'utf8');
  expect(ris).toMatch(/^TY {2}- JOUR$/m);
  expect(ris).toMatch(/^T2 {2}- New England Journal of Medicine$/m);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

/** The month the server's free read renews: the one after now's month in Asia/Shanghai. */
function renewalMonth(): number {
  const shanghai = new Date(Date.now() + 8 * 3600_000);
  return (shanghai.getUTCMonth() + 1) % 12 + 1;
}

/** Opens the header's user menu (the trigger carries the user's name) and returns its panel. */
async function openUserMenu(page: Page, account: string) {
  await page.locator('#qy-header').getByRole('button', { name: account }).click();
  const panel = page.locator('.qy-panel--user');
  await expect(panel).toBeVisible();
  return panel;
}

test('a non-member sees 1 free read left, uses it, sees 0, and a second member article is used up', async ({ page, request }, testInfo) => {
  // Each viewport project uses its own non-member, because the free read is per member per month.
  const account = testInfo.project.name === 'desktop' ? 'demo_reader' : 'demo_doctor';
  const articles = await memberArticles(request);
  const offset = testInfo.project.name === 'desktop' ? 1 : 3;
  const [first, second] = [articles[offset], articles[offset + 1]];
  const renews = `${renewalMonth()}月1日更新`;

  await page.goto(`/article-info?permalinks=${first.permalinks}`);
  await loginThroughDialog(page, account);
  // The count the server gives, in the user menu and in the article's head, with when it renews.
  const menu = await openUserMenu(page, account);
  await expect(menu.getByText('本月剩余免费阅读 1 篇')).toBeVisible();
  await expect(menu.getByText(renews)).toBeVisible();
  await snap(page, testInfo, 'user-menu-free-reads-1');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  const head = page.locator('.qy-ai-head');
  await expect(head.getByText('本月剩余免费阅读 1 篇')).toBeVisible();
  await expect(head.getByText(renews)).toBeVisible();
  await snap(page, testInfo, 'article-free-reads-1');

  await page.getByRole('button', { name: '使用本月免费阅读' }).click();
  await expect(page.getByText('使用成功')).toBeVisible();
  await expect(page.getByRole('button', { name: '使用本月免费阅读' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '登录即可阅读' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: '正文' })).toBeVisible();
  // 0 at once, without a reload: on the page and in the menu.
  await expect(head.getByText('本月剩余免费阅读 0 篇')).toBeVisible();
  await expect(head.getByText(renews)).toBeVisible();
  await snap(page, testInfo, 'article-free-read-used');
  const menuAfter = await openUserMenu(page, account);
  await expect(menuAfter.getByText('本月剩余免费阅读 0 篇')).toBeVisible();
  await snap(page, testInfo, 'user-menu-free-reads-0');
  await page.keyboard.press('Escape');

  await page.goto(`/article-info?permalinks=${second.permalinks}`);
  await expect(page.getByText('您本月的免费浏览次数已用完，请付费观看！').first()).toBeVisible();
  await expect(page.locator('.qy-ai-head').getByText('本月剩余免费阅读 0 篇')).toBeVisible();
  await expect(page.getByRole('region', { name: '正文' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '开通会员' }).first()).toHaveAttribute('href', /\/personal\?type=flag4/);
  await snap(page, testInfo, 'article-used-up');
});

test('a member reads in full, and collecting shows the article in favourites', async ({ page, request }, testInfo) => {
  // One article per viewport project: they share the run's database and demo_member.
  const articles = await memberArticles(request);
  const article = articles[articles.length - (testInfo.project.name === 'desktop' ? 1 : 2)];
  await page.goto(`/article-info?permalinks=${article.permalinks}`);
  await loginThroughDialog(page, 'demo_member');
  await expect(page.getByRole('heading', { name: '登录即可阅读' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '使用本月免费阅读' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: '正文' })).toBeVisible();
  await page.getByRole('button', { name: /^收藏$/ }).click();
  await expect(page.getByRole('button', { name: /已收藏/ })).toBeVisible();
  await snap(page, testInfo, 'article-member');

  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('qy.session') ?? '{}').token as string);
  const res = await request.post('/api/user/selectMyFavArticle', {
    headers: { Authorization: `Bearer ${token}`, token },
    data: { pageNo: 1, pageSize: 20 },
  });
  const favourites = (await res.json()).data.results as Item[];
  expect(favourites.map((f) => f.permalinks)).toContain(article.permalinks);
});
