// Layout as a reader sees it: the desktop pages use their width (no column ending hundreds of pixels
// before its neighbour, no lone card with nothing beside it) and sections do not touch each other.
import { expect, type Locator, type Page } from '@playwright/test';
import { isMobile, PASSWORD, snap, test } from './support';

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'the element is laid out').not.toBeNull();
  return b!;
}

/** The first permalinks of a list of this source, from the API the pages read. */
async function firstOf(page: Page, sourceId: number): Promise<string> {
  const reply = await (await page.request.post('/api/article/selectArticleList', { data: { pageNo: 1, pageSize: 1, sourceIds: [sourceId] } })).json();
  return reply.data.results[0].permalinks as string;
}

test('the home page\'s main column reaches down beside the right column', async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), 'one column on a phone');
  await page.goto('/index');
  const main = page.locator('.qy-home-main');
  const side = page.locator('.qy-home-side');
  // The week's issue lists its items (6 to 12 in the demo) and the fields follow them.
  await expect(main.getByRole('region', { name: '最新期刊' }).getByRole('link').nth(5)).toBeVisible();
  await expect(main.getByRole('region', { name: '专业领域' }).getByRole('link').last()).toBeVisible();
  await expect(side.getByRole('region', { name: '述评' }).getByRole('link').nth(2)).toBeVisible();
  const mainBox = await box(main);
  const sideBox = await box(side);
  const mainBottom = mainBox.y + mainBox.height;
  const sideBottom = sideBox.y + sideBox.height;
  // Before: the main column ended about 600 px above the right one (one article a week).
  expect(Math.abs(sideBottom - mainBottom), `main ends at ${Math.round(mainBottom)}, side at ${Math.round(sideBottom)}`).toBeLessThan(250);
  await snap(page, testInfo, 'layout-home');
});

for (const [kind, path, sourceId, column] of [
  ['animation', '/animation-particulars', 7, '更多动画解读'],
  ['audio', '/audio-particulars', 8, '更多音频'],
] as const) {
  test(`an ${kind} page has its column of more ${kind} items beside the player`, async ({ page }, testInfo) => {
    const permalinks = await firstOf(page, sourceId);
    await page.goto(`${path}?permalinks=${permalinks}`);
    const main = page.locator('.qy-media-detail__main');
    const more = page.getByRole('complementary', { name: column });
    await expect(more.getByRole('link').first()).toBeVisible();
    const mainBox = await box(main);
    const moreBox = await box(more);
    if (isMobile(testInfo)) expect(moreBox.y).toBeGreaterThanOrEqual(mainBox.y + mainBox.height);
    else expect(moreBox.x, 'beside the card, not under it').toBeGreaterThanOrEqual(mainBox.x + mainBox.width);
    await snap(page, testInfo, `layout-${kind}`);
  });
}

test('a lesson page has a column of more lessons beside it', async ({ page }, testInfo) => {
  const reply = await (
    await page.request.post('/api/lesson/selectLessonList', { data: { pageNo: 1, pageSize: 5, lessonStatus: 1, sortType: 3, subjectSerType: [1, 4] } })
  ).json();
  const lesson = (reply.data.results as { lessonResId: number; outsideChain: string }[]).find((l) => !l.outsideChain)!;
  await page.goto(`/course-video?id=${lesson.lessonResId}`);
  const main = page.locator('.qy-cv-main');
  const more = page.getByRole('complementary', { name: '更多课程' });
  await expect(more.getByRole('link').first()).toBeVisible();
  const mainBox = await box(main);
  const moreBox = await box(more);
  if (isMobile(testInfo)) expect(moreBox.y).toBeGreaterThanOrEqual(mainBox.y + mainBox.height);
  else expect(moreBox.x, 'beside the lesson, not under it').toBeGreaterThanOrEqual(mainBox.x + mainBox.width);
  await snap(page, testInfo, 'layout-lesson');
});

test('on the subscription tab, 我的订单 and 常见问题 keep their distance', async ({ page }, testInfo) => {
  await page.goto('/personal?type=flag4');
  // A visitor's personal centre asks for the login at once.
  const login = page.getByRole('dialog', { name: '用户登录' });
  await login.getByLabel('账号').fill('demo_member');
  await login.getByLabel('密码').fill(PASSWORD);
  await login.getByRole('button', { name: '登录', exact: true }).click();
  await expect(login).toBeHidden();
  const orders = page.locator('.qy-sub__orders');
  const faq = page.getByRole('heading', { name: '常见问题' });
  await expect(faq).toBeVisible();
  const ordersBox = await box(orders);
  const faqBox = await box(faq);
  // Before: 0 px, the heading touched the orders' frame.
  expect(faqBox.y - (ordersBox.y + ordersBox.height)).toBeGreaterThanOrEqual(16);
  await snap(page, testInfo, 'layout-subscription');
});
