// Search (spec §2.13): a search from the header bar, tabs and filters, paging, opening a result and
// coming back to the same results, page and scroll position; the empty state.
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import path from 'node:path';
import { isMobile, snap, test } from './support';

/** A screenshot of what is on screen (open drawers, the top of long pages). */
async function snapViewport(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: path.join(__dirname, '..', 'artifacts', testInfo.project.name, `${name}.png`) });
}

interface Hit {
  id: number;
  title: string;
  permalinks: string;
}

/** What the server answers for a search, to compare the page with. */
async function search(request: APIRequestContext, query: Record<string, unknown>) {
  const res = await request.post('/api/article/selectArticleList', { data: { pageNo: 1, pageSize: 20, sortType: 3, ...query } });
  const body = await res.json();
  expect(body.code).toBe(0);
  return body.data as { results: Hit[]; page: { total: number } };
}

const results = (page: Page) => page.getByRole('region', { name: '搜索结果列表' });
const count = (total: number) => `共 ${total} 条结果`;

/** The page's scroll position once it has not moved for 300 ms. */
async function settledScroll(page: Page): Promise<number> {
  let last = -1;
  let still = 0;
  await expect
    .poll(async () => {
      const y = await page.evaluate(() => window.scrollY);
      still = y === last ? still + 1 : 0;
      last = y;
      return still;
    }, { intervals: [100] })
    .toBeGreaterThanOrEqual(3);
  return last;
}

/** Types a query into the header's search bar and submits it. */
async function searchFromHeader(page: Page, text: string) {
  await page.locator('#qy-header').getByRole('button', { name: '站内搜索' }).click();
  const box = page.getByRole('textbox', { name: '搜索关键词' });
  await box.fill(text);
  await box.press('Enter');
}

test('search from the header, switch tabs and filters, page through, open a result and come back to it', async ({ page, request }, testInfo) => {
  const query = '研究';
  const journal = await search(request, { searchInfo: query, sourceIds: [5, 6] });
  const commentary = await search(request, { searchInfo: query, haswantsay: 1 });
  const oncology = await search(request, { searchInfo: query, haswantsay: 1, articleClassIds: [2] });
  const secondPage = await search(request, { searchInfo: query, sourceIds: [5, 6], pageNo: 2 });
  expect(journal.page.total).toBeGreaterThan(20);
  expect(oncology.page.total).toBeGreaterThan(0);
  expect(oncology.page.total).toBeLessThan(commentary.page.total);

  await page.goto('/index');
  await searchFromHeader(page, query);
  await expect(page).toHaveURL(/\/search\?query=%E7%A0%94%E7%A9%B6$/);
  await expect(page.getByRole('heading', { level: 1, name: '搜索结果' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '期刊文章', selected: true })).toBeVisible();
  await expect(results(page).getByText(count(journal.page.total))).toBeVisible();
  const first = results(page).locator('article').first();
  await expect(first.getByRole('link', { name: journal.results[0].title })).toBeVisible();
  // The match is marked in the title or the text below it.
  await expect(results(page).locator('em', { hasText: query }).first()).toBeVisible();
  await snapViewport(page, testInfo, 'search-results');

  // A tab resets the filters and the page, and is a new entry in the history.
  await page.getByRole('tab', { name: '述评' }).click();
  await expect(page).toHaveURL(/key=1/);
  await expect(results(page).getByText(count(commentary.page.total))).toBeVisible();

  // The oncology filter (a multi-select, applied 800 ms after the last tick on desktop).
  if (isMobile(testInfo)) {
    await page.getByRole('button', { name: /筛\s*选/ }).click();
    const drawer = page.locator('.qy-al-drawer');
    await drawer.getByRole('checkbox', { name: '肿瘤', exact: true }).check();
    await snapViewport(page, testInfo, 'search-filters-drawer');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await expect(drawer).toBeHidden();
  } else {
    const sidebar = page.getByRole('complementary', { name: '筛选' });
    const box = sidebar.getByRole('checkbox', { name: '肿瘤', exact: true });
    await box.click();
    await expect(box).toBeChecked();
  }
  await expect(page).toHaveURL(/key=1&articleClassIds=2/);
  await expect(results(page).getByText(count(oncology.page.total))).toBeVisible();
  await expect(results(page).getByRole('link', { name: oncology.results[0].title })).toBeVisible();
  if (!isMobile(testInfo)) await snap(page, testInfo, 'search-filtered');

  // Back on the journal tab, nothing is filtered any more.
  await page.getByRole('tab', { name: '期刊文章' }).click();
  await expect(page).toHaveURL(/\/search\?query=%E7%A0%94%E7%A9%B6$/);
  await expect(results(page).getByText(count(journal.page.total))).toBeVisible();

  // Page 2.
  const pager = page.getByRole('navigation', { name: '分页' });
  if (isMobile(testInfo)) await pager.getByTitle('下一页').click();
  else await pager.getByTitle('2', { exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(results(page).locator('article').first().getByRole('link', { name: secondPage.results[0].title })).toBeVisible();
  await expect(pager.getByRole('button', { name: /首\s*页/ })).toBeEnabled();

  // Open a result further down, then come back.
  const target = secondPage.results[6];
  const link = results(page).getByRole('link', { name: target.title });
  await link.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 120);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  // A wheel scroll is animated: on a busy machine it is still moving when first read, so the position
  // is taken once it has stayed put for a while.
  const scrolled = await settledScroll(page);
  const searchUrl = page.url();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/article-info\\?permalinks=${target.permalinks}`));
  await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(searchUrl);
  await expect(results(page).getByRole('link', { name: target.title })).toBeVisible();
  await expect(results(page).locator('article').first().getByRole('link', { name: secondPage.results[0].title })).toBeVisible();
  if (!isMobile(testInfo)) await expect(pager.locator('[aria-current="page"]')).toHaveText('2');
  else await expect(pager).toContainText('2');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 40);
  const restored = await settledScroll(page);
  expect(restored).toBeGreaterThan(scrolled - 40);
  expect(restored).toBeLessThan(scrolled + 40);
  await snapViewport(page, testInfo, 'search-back');
});

test('a search with no match shows the empty state, and a new one from the header replaces it', async ({ page }, testInfo) => {
  await page.goto('/search?query=zzqqxx');
  await expect(results(page).getByText('未搜索到相关内容')).toBeVisible();
  await expect(page.getByRole('navigation', { name: '分页' })).toHaveCount(0);
  await snapViewport(page, testInfo, 'search-empty');

  await searchFromHeader(page, '糖尿病');
  await expect(page).toHaveURL(/\/search\?query=%E7%B3%96%E5%B0%BF%E7%97%85$/);
  await expect(results(page).getByText(/^共 \d+ 条结果$/)).toBeVisible();
  await expect(results(page).locator('em', { hasText: '糖尿病' }).first()).toBeVisible();
});

test('the courses tab finds courses and opens one the course lists would open', async ({ page, request }, testInfo) => {
  const res = await request.post('/api/lesson/selectLessonList', {
    data: { searchInfo: '研究', subjectSerType: [1, 2, 3], lessonStatus: 1, sortType: 3, pageNo: 1, pageSize: 20 },
  });
  const courses = (await res.json()).data as { results: { title: string }[]; page: { total: number } };
  expect(courses.page.total).toBeGreaterThan(0);
  await page.goto('/search?query=%E7%A0%94%E7%A9%B6&key=11');
  await expect(page.getByRole('tab', { name: '课程', selected: true })).toBeVisible();
  await expect(results(page).getByText(count(courses.page.total))).toBeVisible();
  if (!isMobile(testInfo)) await expect(page.getByRole('group', { name: '学科' })).toBeVisible();
  await snapViewport(page, testInfo, 'search-courses');
  // A visitor is asked to log in first (spec §4 course card click).
  await results(page).getByRole('button', { name: courses.results[0].title }).click();
  await expect(page.getByRole('dialog', { name: '用户登录' })).toBeVisible();
});
