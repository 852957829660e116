// The content lists without tabs, the disease-area list, "more related articles", the commentary
// detail with its related articles, removing a favourite from a list, and sharing an article.
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import path from 'node:path';
import { isMobile, loginThroughDialog, snap, test } from './support';

/** A screenshot of what is on screen (for open drawers and the top of long pages). */
async function snapViewport(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: path.join(__dirname, '..', 'artifacts', testInfo.project.name, `${name}.png`) });
}

interface Item {
  id: number;
  title: string;
  permalinks: string;
  sourceid: number;
  filterName: string;
  classNames: string;
  accessLevel: string;
  haswantsay: number;
}

async function list(request: APIRequestContext, query: Record<string, unknown>, token?: string) {
  const res = await request.post('/api/article/selectArticleList', {
    data: { pageNo: 1, pageSize: 20, ...query },
    headers: token ? { Authorization: `Bearer ${token}`, token } : undefined,
  });
  const body = await res.json();
  expect(body.code).toBe(0);
  return body.data as { results: (Item & { ifCollect: number })[]; page: { total: number } };
}

const tokenOf = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('qy.session') ?? '{}').token as string);

const results = (page: Page) => page.getByRole('region', { name: '文章列表' });

/** Ticks checkboxes in the desktop sidebar, or in the phone's filter drawer and applies them. */
async function tick(page: Page, testInfo: TestInfo, names: string[]) {
  if (isMobile(testInfo)) {
    await page.getByRole('button', { name: /筛\s*选/ }).click();
    const drawer = page.locator('.qy-al-drawer');
    for (const name of names) await drawer.getByRole('checkbox', { name, exact: true }).check();
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await expect(drawer).toBeHidden();
  } else {
    // Each tick applies at once through the URL, so the box turns checked after the re-render.
    const sidebar = page.getByRole('complementary', { name: '筛选' });
    for (const name of names) {
      const box = sidebar.getByRole('checkbox', { name, exact: true });
      await box.click();
      await expect(box).toBeChecked();
    }
  }
}

test('the clinical research writing list shows its articles with a date filter', async ({ page, request }, testInfo) => {
  const expected = await list(request, { sourceIds: [9] });
  await page.goto('/clinical-research-list');
  await expect(page.getByRole('heading', { level: 1, name: '临床研究写作' })).toBeVisible();
  await expect(results(page).getByText(`共 ${expected.page.total} 篇`)).toBeVisible();
  await expect(results(page).getByRole('link', { name: expected.results[0].title })).toBeVisible();
  if (!isMobile(testInfo)) await expect(page.getByRole('group', { name: '发布日期' })).toBeVisible();
  await snap(page, testInfo, 'clinical-research-list');
});

test('the commentary list filters by disease area and opens the commentary detail', async ({ page, request }, testInfo) => {
  const expected = await list(request, { haswantsay: 1, articleClassIds: [2] });
  expect(expected.results.length).toBeGreaterThan(0);
  await page.goto('/commentary');
  await expect(page.getByRole('heading', { level: 1, name: '述评' })).toBeVisible();
  await tick(page, testInfo, ['肿瘤']);
  await expect(page).toHaveURL(/articleClassIds=2/);
  await expect(results(page).getByText(`共 ${expected.page.total} 篇`)).toBeVisible();
  const first = results(page).locator('article').first();
  await expect(first.getByRole('link', { name: expected.results[0].title })).toBeVisible();
  await expect(first.getByRole('link', { name: '肿瘤' })).toBeVisible();
  await snap(page, testInfo, 'commentary-list');
  await first.getByRole('link', { name: expected.results[0].title }).click();
  await expect(page).toHaveURL(/\/article-particulars\?permalinks=/);
  await expect(page.getByRole('heading', { level: 1, name: expected.results[0].title })).toBeVisible();
});

test('a disease area lists articles and animations, and its footer leads to the other areas', async ({ page, request }, testInfo) => {
  const articles = await list(request, { sourceIds: [5, 6, 10, 11], articleClassIds: [4] });
  const animations = await list(request, { sourceIds: [7], articleClassIds: [4] });
  await page.goto('/professional-article-list?code=10');
  await expect(page.getByRole('heading', { level: 1, name: '心脑血管' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '文章', selected: true })).toBeVisible();
  await expect(results(page).getByText(`共 ${articles.page.total} 篇`)).toBeVisible();
  await snap(page, testInfo, 'professional-articles');

  await page.getByRole('tab', { name: '动画解读' }).click();
  await expect(page).toHaveURL(/activeKey=2/);
  if (animations.page.total > 0) {
    await expect(results(page).getByText(`共 ${animations.page.total} 篇`)).toBeVisible();
    await expect(results(page).getByRole('link', { name: animations.results[0].title })).toBeVisible();
  } else {
    await expect(results(page).getByText('未搜索到相关内容')).toBeVisible();
  }
  await snap(page, testInfo, 'professional-animations');

  const areas = page.getByRole('navigation', { name: '其他专业领域' });
  await expect(areas.getByText('心脑血管')).toHaveAttribute('aria-current', 'page');
  await areas.getByRole('link', { name: '肿瘤' }).click();
  await expect(page).toHaveURL(/code=20/);
  await expect(page.getByRole('heading', { level: 1, name: '肿瘤' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '文章', selected: true })).toBeVisible();
});

test('more related articles filter by date range and by journal and digest types', async ({ page, request }, testInfo) => {
  const journal = await list(request, { sourceIds: [5], pageSize: 15 });
  const digest = await list(request, { sourceIds: [6], pageSize: 10 });
  const items = [...journal.results, ...digest.results];
  const ids = items.map((a) => a.id).join(',');
  await page.goto(`/professional-more?articleIds=${ids}`);
  await expect(page.getByRole('heading', { level: 1, name: '更多相关文章' })).toBeVisible();
  await expect(results(page).getByText(`共 ${items.length} 篇`)).toBeVisible();
  await snap(page, testInfo, 'professional-more');
  if (isMobile(testInfo)) {
    await page.getByRole('button', { name: /筛\s*选/ }).click();
    await expect(page.locator('.qy-al-drawer').getByRole('checkbox', { name: '临床指南' })).toBeVisible();
    await snapViewport(page, testInfo, 'professional-more-drawer');
    await page.locator('.qy-al-drawer').getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.locator('.qy-al-drawer')).toBeHidden();
  } else {
    await snapViewport(page, testInfo, 'professional-more-top');
  }

  const reviews = items.filter((a) => a.sourceid === 5 && a.filterName === '综述类').length;
  const guidelines = items.filter((a) => a.sourceid === 6 && a.filterName === '临床指南').length;
  await tick(page, testInfo, ['综述类', '临床指南']);
  await expect(page).toHaveURL(/articleFilterIds=1%2C6/);
  if (reviews + guidelines > 0) {
    await expect(results(page).getByText(`共 ${reviews + guidelines} 篇`)).toBeVisible();
  } else {
    await expect(results(page).getByText('未搜索到相关内容')).toBeVisible();
  }
  await snap(page, testInfo, 'professional-more-filtered');

  // A range before any article: nothing to show.
  await page.goto(`/professional-more?articleIds=${ids}&startDate=19800101&endDate=19801231`);
  await expect(results(page).getByText('未搜索到相关内容')).toBeVisible();
});

test('the commentary detail shows the free part, the login prompt and related articles', async ({ page, request }, testInfo) => {
  const commentaries = await list(request, { haswantsay: 1, pageSize: 50 });
  let chosen: { item: Item; related: number[]; freePart: string } | null = null;
  for (const item of commentaries.results.filter((c) => c.accessLevel !== 'public')) {
    const res = await request.post('/api/article/getArticleDetail', { data: { permalinks: item.permalinks } });
    const detail = (await res.json()).data as { relationArticleIds: string; wantsay: string };
    const related = detail.relationArticleIds.split(',').filter(Boolean).map(Number);
    // The first paragraph of the free part, as a visitor receives it.
    const freePart = /<p>([^<]+)<\/p>/.exec(detail.wantsay)?.[1] ?? '';
    if (related.length > 0 && freePart) {
      chosen = { item, related, freePart };
      break;
    }
  }
  expect(chosen).not.toBeNull();
  const { item, related, freePart } = chosen!;
  const expected = await list(request, { articleIds: related, pageSize: 10 });

  await page.goto(`/article-particulars?permalinks=${item.permalinks}`);
  await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
  await expect(page.getByText(freePart)).toBeVisible();
  await expect(page.getByRole('heading', { name: '登录即可阅读' })).toBeVisible();
  // The paid rest of the commentary never reaches a visitor (its seed marker would be in the page).
  expect(await page.content()).not.toContain('PAID-REST-');
  await expect(page.getByRole('link', { name: '阅读文章全文' })).toHaveAttribute('href', `/article-info?permalinks=${item.permalinks}`);
  const aside = page.getByRole('complementary', { name: '相关文章' });
  await expect(aside.getByRole('listitem')).toHaveCount(Math.min(expected.page.total, 10));
  await expect(aside.getByRole('link', { name: expected.results[0].title })).toBeVisible();
  await snap(page, testInfo, 'article-particulars');

  await aside.getByRole('link', { name: expected.results[0].title }).click();
  await expect(page).toHaveURL(new RegExp(`permalinks=${expected.results[0].permalinks}`));
});

test('removing a favourite from a list cancels it and reloads the page', async ({ page, request }, testInfo) => {
  // One article per viewport project: they share the run's database and demo_member.
  const target = (await list(request, { sourceIds: [9] })).results[isMobile(testInfo) ? 1 : 0];
  await page.goto('/clinical-research-list');
  await loginThroughDialog(page, 'demo_member');
  const token = await tokenOf(page);
  const auth = { Authorization: `Bearer ${token}`, token };
  const collected = await request.post('/api/user/collectArticle', { headers: auth, data: { id: target.id } });
  expect((await collected.json()).data).toBe(true);

  await page.reload();
  const entry = results(page).locator('article').filter({ has: page.getByRole('link', { name: target.title }) });
  const remove = entry.getByRole('button', { name: '取消收藏' });
  await expect(remove).toBeVisible();
  await entry.scrollIntoViewIfNeeded();
  await snapViewport(page, testInfo, 'list-collected');

  const reloaded = page.waitForResponse((r) => r.url().includes('/api/article/selectArticleList'));
  await remove.click();
  await expect(page.getByText('已成功取消!')).toBeVisible();
  await reloaded;
  await expect(entry.getByRole('link', { name: target.title })).toBeVisible();
  await expect(remove).toHaveCount(0);

  const favourites = await request.post('/api/user/selectMyFavArticle', { headers: auth, data: { pageNo: 1, pageSize: 100 } });
  expect(((await favourites.json()).data.results as Item[]).map((f) => f.id)).not.toContain(target.id);
  const again = await list(request, { sourceIds: [9] }, token);
  expect(again.results.find((a) => a.id === target.id)?.ifCollect).toBe(0);
});

test('sharing an article: QR code and microblog on desktop, the share hint on a phone', async ({ page, context, request }, testInfo) => {
  const [article] = (await list(request, { sourceIds: [5], pageSize: 50 })).results.filter((a) => a.accessLevel === 'public');
  await page.goto(`/article-info?permalinks=${article.permalinks}`);
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await page.getByRole('button', { name: '分享' }).click();

  if (isMobile(testInfo)) {
    const hint = page.getByRole('dialog', { name: '分享' });
    await expect(hint.getByText(/请使用浏览器自带的分享功能/)).toBeVisible();
    await expect(hint.getByLabel('页面链接')).toHaveValue(page.url());
    await snap(page, testInfo, 'share-hint');
    await hint.getByRole('button', { name: /知道了/ }).click();
    await expect(hint).toBeHidden();
    return;
  }

  await page.getByRole('button', { name: '微信扫码分享' }).click();
  const dialog = page.getByRole('dialog', { name: '微信扫码分享' });
  const qr = dialog.getByRole('img', { name: '本页链接的二维码' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await snap(page, testInfo, 'share-qr');
  await dialog.getByRole('button', { name: /close|关闭/i }).click();
  await expect(dialog).toBeHidden();

  // The microblog's share page opens in its own window (answered locally: the test has no internet).
  await context.route('https://service.weibo.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>weibo</title>' }));
  await page.getByRole('button', { name: '分享' }).click();
  const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: '分享到微博' }).click()]);
  const shared = new URL(popup.url());
  expect(shared.origin + shared.pathname).toBe('https://service.weibo.com/share/share.php');
  expect(shared.searchParams.get('url')).toBe(page.url());
  expect(shared.searchParams.get('title')).toBe(article.title);
});
