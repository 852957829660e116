// Reading journal articles: the free part for visitors, the month's free read, members in full.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { loginThroughDialog, snap } from './support';

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

test('a visitor filters the journal list and opens an article: free part and login prompt', async ({ page }, testInfo) => {
  await page.goto('/nejm-list');
  await page.getByRole('tab', { name: '论著类' }).click();
  await expect(page).toHaveURL(/type=3/);
  const link = page.locator('#qy-main a[href*="/article-info?permalinks="]').first();
  const title = (await link.innerText()).trim();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await snap(page, testInfo, 'article-visitor');
});

test('a member article shows the login prompt to a visitor and no body', async ({ page, request }, testInfo) => {
  const [article] = await memberArticles(request);
  await page.goto(`/article-info?permalinks=${article.permalinks}`);
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: '登录即可阅读' })).toBeVisible();
  await snap(page, testInfo, 'article-member-visitor');
});

test('a non-member uses the free read, then a second member article is used up', async ({ page, request }, testInfo) => {
  // Each viewport project uses its own non-member, because the free read is per member per month.
  const account = testInfo.project.name === 'desktop' ? 'demo_reader' : 'demo_doctor';
  const articles = await memberArticles(request);
  const offset = testInfo.project.name === 'desktop' ? 1 : 3;
  const [first, second] = [articles[offset], articles[offset + 1]];

  await page.goto(`/article-info?permalinks=${first.permalinks}`);
  await loginThroughDialog(page, account);
  await page.getByRole('button', { name: '使用本月免费阅读' }).click();
  await expect(page.getByText('使用成功')).toBeVisible();
  await expect(page.getByRole('button', { name: '使用本月免费阅读' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '登录即可阅读' })).toHaveCount(0);
  await snap(page, testInfo, 'article-free-read-used');

  await page.goto(`/article-info?permalinks=${second.permalinks}`);
  await expect(page.getByText('您本月的免费浏览次数已用完，请付费观看！').first()).toBeVisible();
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
