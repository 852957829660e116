// Home, periodicals, animations, audio and about (issue 6): the home page shows each block with
// seeded data, a hot read of each relation type opens its page, /period-article switches years and
// months, an animation plays for a member and offers the free read to a non-member with a chance left.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { isMobile, loginThroughDialog, PASSWORD, snap, test } from './support';

interface HotRead {
  id: number;
  relationType: 10 | 20 | 30 | 40;
  permalinks: string;
  title: string;
}

const HOT_PATH: Record<number, (h: HotRead) => RegExp> = {
  10: (h) => new RegExp(`/course-video\\?id=${h.id}$`),
  20: (h) => new RegExp(`/meeting-notice\\?id=${h.id}$`),
  30: (h) => new RegExp(`/meeting-review\\?id=${h.id}$`),
  40: (h) => new RegExp(`/article-info\\?permalinks=${h.permalinks}$`),
};

async function api<T>(request: APIRequestContext, path: string, data: object = {}): Promise<T> {
  const body = await (await request.post(path, { data })).json();
  expect(body.code, `${path}: ${body.msg}`).toBe(0);
  return body.data as T;
}

/** A new account with no membership and this month's free read unused (e-mail code from the dev outbox). */
async function freshReader(request: APIRequestContext, tag: string): Promise<string> {
  const stamp = `${Date.now().toString(36)}${tag}`;
  const email = `e2e_${stamp}@example.com`;
  await api(request, '/api/base/sendCode2', { email, codeType: 0 });
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      code = ((await res.json()).data[0]?.code as string | undefined) ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  const { verifyToken } = await api<{ verifyToken: string }>(request, '/api/base/checkCode', { code, email, codeType: 0 });
  const membername = `e2e_${stamp}`.slice(0, 20);
  await api(request, '/api/user/register', { email, membername, password: PASSWORD, verifyToken });
  return membername;
}

async function waitForImages(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await Promise.all(
      Array.from(document.images)
        .filter((img) => !img.complete && img.loading !== 'lazy')
        .map((img) => new Promise((resolve) => img.addEventListener('load', resolve, { once: true }))),
    );
  });
}

test('the home page shows every block with seeded data', async ({ page }, testInfo) => {
  await page.goto('/index');
  const main = page.locator('#qy-main');
  // Header advert (页眉), closable.
  const headerAd = page.getByRole('complementary', { name: '页眉广告' });
  await expect(headerAd.getByRole('img', { name: '会员年度计划' })).toBeVisible();
  const banners = main.getByRole('region', { name: '焦点推荐' });
  await expect(banners.getByText('每周精选 · 临床研究速递')).toBeVisible();
  const hot = main.getByRole('region', { name: '热门阅读' });
  await expect(hot.getByRole('listitem')).toHaveCount(isMobile(testInfo) ? 2 : 4);
  const period = main.getByRole('region', { name: '最新期刊' });
  await expect(period.getByRole('link', { name: /往期期刊/ })).toHaveAttribute('href', /\/period-article\?year=\d{4}&month=\d{1,2}$/);
  await expect(period.locator('.qy-period-box__item').first()).toBeVisible();
  await expect(main.getByRole('img', { name: '医学写作工作坊' })).toBeAttached();
  // The stacked adverts load lazily, as a reader scrolls down to them (below the first screen on a phone).
  const stackedAdvert = main.getByRole('img', { name: '年度学术大会' });
  await stackedAdvert.scrollIntoViewIfNeeded();
  await expect(stackedAdvert).toBeVisible();
  await expect(main.getByRole('region', { name: '动画解读' }).getByRole('link').nth(1)).toBeVisible();
  await expect(main.getByRole('region', { name: '述评' }).getByRole('listitem')).toHaveCount(5);
  const fields = main.getByRole('region', { name: '专业领域' });
  await expect(fields.getByRole('link')).toHaveCount(9);
  await snap(page, testInfo, 'home-blocks');
  await expect(fields.getByRole('link', { name: '述评' })).toHaveAttribute('href', '/commentary');
  // The editing-class block comes from mf-courses, once the reader scrolls near it.
  await page.locator('.qy-home-editing').scrollIntoViewIfNeeded();
  await expect(main.getByRole('tab', { name: '编辑课堂' })).toBeVisible();
  await expect(main.getByRole('img', { name: '订阅会员 专享全文' })).toBeAttached();
  await waitForImages(page);
  await snap(page, testInfo, 'home');

  await headerAd.getByRole('button', { name: '关闭广告' }).click();
  await expect(headerAd).toHaveCount(0);
});

test('a hot read of each relation type opens its page', async ({ page, request }, testInfo) => {
  const list = await api<{ results: HotRead[] }>(request, '/api/hotRead/selectHotReadList', { pageNo: 1, pageSize: 100 });
  const types = [...new Set(list.results.map((h) => h.relationType))].sort();
  expect(types).toEqual([10, 20, 30, 40]);
  const perPage = isMobile(testInfo) ? 2 : 4;

  await page.goto('/index');
  // A lesson asks a visitor to log in first.
  const firstLesson = list.results.findIndex((h) => h.relationType === 10);
  const hot = page.locator('#qy-main').getByRole('region', { name: '热门阅读' });
  for (let p = 0; p < Math.floor(firstLesson / perPage); p++) await hot.getByRole('button', { name: '下一页' }).click();
  await hot.getByRole('link', { name: new RegExp(escape(list.results[firstLesson]!.title)) }).click();
  await expect(page.getByText('登录即可观看').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: '用户登录' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/index$/);
  await loginThroughDialog(page, 'demo_doctor');

  for (const type of types) {
    const index = list.results.findIndex((h) => h.relationType === type);
    const item = list.results[index]!;
    await page.goto('/index');
    const section = page.locator('#qy-main').getByRole('region', { name: '热门阅读' });
    await expect(section.getByRole('listitem').first()).toBeVisible();
    for (let p = 0; p < Math.floor(index / perPage); p++) await section.getByRole('button', { name: '下一页' }).click();
    await section.getByRole('link', { name: new RegExp(escape(item.title)) }).click();
    await expect(page).toHaveURL(HOT_PATH[type]!(item));
    await expect(page.locator('#qy-main').getByText(item.title).first()).toBeVisible();
  }
});

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('/period-article switches years and months; /latest-periodical shows the latest week', async ({ page, request }, testInfo) => {
  const year = new Date().getFullYear();
  const months = await api<number[]>(request, '/api/article/getMonthOfQiKanYear', { year });
  const lastYear = await api<number[]>(request, '/api/article/getMonthOfQiKanYear', { year: year - 1 });
  expect(months.length).toBeGreaterThan(1);
  expect(lastYear.length).toBeGreaterThan(0);

  await page.goto('/period-article');
  const newest = Math.max(...months);
  await expect(page.getByRole('tab', { name: `${newest}月`, exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(new RegExp(`/period-article\\?year=${year}&month=${newest}$`));
  await expect(page.getByRole('tab')).toHaveCount(months.length);
  await expect(page.locator('.qy-week').first()).toBeVisible();
  await waitForImages(page);
  await snap(page, testInfo, 'period-article');

  const other = months[0]!;
  await page.getByRole('tab', { name: `${other}月`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`year=${year}&month=${other}$`));
  const otherMonth = await api<{ results: { articleWeeklyPo: { title: string } }[] }>(request, '/api/article/selectQiKanList', {
    month: `${year}${String(other).padStart(2, '0')}`,
    pageNo: 1,
    pageSize: 20,
  });
  await expect(page.getByRole('heading', { level: 3, name: otherMonth.results[0]!.articleWeeklyPo.title })).toBeVisible();

  await page.getByRole('combobox', { name: '年份' }).selectOption(String(year - 1));
  const newestLast = Math.max(...lastYear);
  await expect(page.getByRole('tab', { name: `${newestLast}月`, exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(new RegExp(`year=${year - 1}&month=${newestLast}$`));
  await expect(page.locator('.qy-week').first()).toBeVisible();

  await page.goto('/latest-periodical');
  await expect(page.getByRole('heading', { level: 1, name: '最新一期' })).toBeVisible();
  await expect(page.locator('.qy-period-items a').first()).toHaveAttribute('href', /^\/article-info\?permalinks=/);
  await snap(page, testInfo, 'latest-periodical');
});

test('an animation plays for a member and counts the play', async ({ page }, testInfo) => {
  await page.goto('/animation-list');
  await expect(page.locator('.qy-media-card')).toHaveCount(9);
  await waitForImages(page);
  await snap(page, testInfo, 'animation-list');
  await loginThroughDialog(page, 'demo_member');
  await page.locator('.qy-media-card__title').first().click();
  await expect(page).toHaveURL(/\/animation-particulars\?permalinks=QYA/);
  const counted = page.waitForRequest((r) => r.url().includes('/api/user/addVideoCount'));
  await page.getByRole('button', { name: '播放' }).click();
  const video = page.getByTestId('media-video');
  await expect(video).toBeVisible();
  await counted;
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.2);
  await page.getByRole('group', { name: '倍速' }).getByRole('button', { name: '2x' }).click();
  expect(await video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(2);
  await snap(page, testInfo, 'animation-particulars');
});

test('a non-member with the free read left is asked to use it, then the animation plays', async ({ page, request }, testInfo) => {
  const list = await api<{ results: { permalinks: string; accessLevel: string; title: string }[] }>(request, '/api/article/selectArticleList', {
    pageNo: 1,
    pageSize: 50,
    sourceIds: [7],
  });
  const locked = list.results.find((a) => a.accessLevel === 'member');
  expect(locked, 'a member-only animation is seeded').toBeDefined();
  const account = await freshReader(request, testInfo.project.name.slice(0, 1));

  await page.goto(`/animation-particulars?permalinks=${locked!.permalinks}`);
  await expect(page.getByRole('heading', { level: 1, name: locked!.title })).toBeVisible();
  await page.getByRole('button', { name: '登录后观看' }).click();
  await expect(page.getByText('登录即可观看').first()).toBeVisible();
  // The login dialog comes with its own chunk and may show after the toast: close it once it is there.
  const loginDialog = page.getByRole('dialog', { name: '用户登录' });
  await expect(loginDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(loginDialog).toBeHidden();
  await loginThroughDialog(page, account);
  await page.getByRole('button', { name: '播放' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '免费阅读机会' });
  await expect(confirm).toBeVisible();
  await snap(page, testInfo, 'animation-free-read');
  await confirm.getByRole('button', { name: '使用本月免费阅读' }).click();
  await expect(page.getByText('使用成功').first()).toBeVisible();
  const video = page.getByTestId('media-video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.2);
  // A member-only file plays from a short-lived signed URL; without the signature it is refused.
  const src = (await video.getAttribute('src'))!;
  expect(src).toMatch(/^\/api\/media\/[^?]+\?.*exp=\d+&sig=/);
  expect((await request.get(src.replace(/[?&]exp=.*$/, ''))).status()).toBe(403);
  expect((await request.get(src, { headers: { range: 'bytes=0-99' } })).status()).toBe(206);
});

test('audio plays, and the about page opens sections', async ({ page }, testInfo) => {
  await page.goto('/audio-list');
  await expect(page.locator('.qy-media-card').first()).toBeVisible();
  await snap(page, testInfo, 'audio-list');
  await loginThroughDialog(page, 'demo_member');
  await page.locator('.qy-media-card__title').first().click();
  await expect(page).toHaveURL(/\/audio-particulars\?permalinks=QYP/);
  await page.getByRole('button', { name: '播放' }).click();
  const audio = page.getByTestId('media-audio');
  await expect(audio).toBeAttached();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.2);
  await snap(page, testInfo, 'audio-particulars');

  await page.goto('/about?type=privacy');
  await expect(page.getByRole('heading', { level: 1, name: '隐私政策' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: '栏目' });
  await expect(nav.getByRole('link')).toHaveCount(13);
  await nav.getByRole('link', { name: '联系我们' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '联系我们' })).toBeVisible();
  await expect(page).toHaveURL(/\/about\?type=contact$/);
  await snap(page, testInfo, 'about');
});
