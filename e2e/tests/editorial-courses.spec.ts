// 课程 in the editorial console: an editor creates a video series and two child lessons (one free,
// one member-only needing a complete profile), puts them in order and publishes them; on the
// reader site a visitor finds the series with both lessons and is asked to log in, a doctor (a
// complete profile, not a member) watches the free lesson and meets the member state on the other.
import { expect, type Page } from '@playwright/test';
import { loginOnConsole, loginThroughDialog, snap, test, toast, uniqueTag } from './support';

const VIDEO = '/api/media/lesson-1.mp4';

/** Fills the lesson editor's title and a video, and creates the draft; returns its console id. */
async function createLesson(page: Page, title: string, options: { series?: boolean; memberOnly?: boolean } = {}) {
  // The new lesson's editor first (新建课程, 新建子课程): typing before it has replaced the last page's
  // editor would type into the one being left.
  await expect(page).toHaveURL(/\/editor\/courses\/new/);
  await expect(page.getByRole('heading', { level: 3, name: /^新建/ })).toBeVisible();
  await page.getByLabel('标题', { exact: true }).fill(title);
  if (options.series) {
    await page.locator('.ant-form-item').filter({ hasText: '课程类型' }).locator('.ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '视频系列课' }).click();
  } else {
    await expect(page.getByText('视频课程须有一个视频（或填写外链地址）')).toBeVisible();
    await page.getByRole('button', { name: '添加媒体文件' }).click();
    await page.getByLabel('媒体地址 1').fill(VIDEO);
  }
  if (options.memberOnly) {
    await page.getByRole('switch', { name: '会员专享' }).click();
    await page.getByRole('radio', { name: /需登录并补齐资料/ }).check();
  }
  await page.getByRole('button', { name: /创建草稿/ }).click();
  // The newest: the last lesson's 已创建草稿 may still be leaving.
  await expect(toast(page, '已创建草稿').last()).toBeVisible();
  await expect(page).toHaveURL(/\/editor\/courses\/\d+$/);
  await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  return Number(/courses\/(\d+)$/.exec(page.url())![1]);
}

async function publish(page: Page, title: string) {
  await page.getByRole('button', { name: /^发\s*布$/ }).click();
  await expect(toast(page, `已发布：${title}`)).toBeVisible();
  await expect(page.locator('.qy-ed-courses__workflow')).toContainText('已发布');
}

const resIdOf = async (page: Page) => Number(/课程编号：(\d+)/.exec((await page.locator('.qy-ed-courses p').first().textContent()) ?? '')![1]);

test.describe('editorial courses', () => {
  test.skip(({ isMobile }) => isMobile, 'the console is a desktop tool');
  test.use({ viewport: { width: 1440, height: 900 } });

  test('an editor publishes a series with a free and a member-only lesson; readers open them under the access rules', async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(180_000);
    const tag = uniqueTag();
    const seriesTitle = `控制台系列课${tag}`;
    const freeTitle = `免费一讲${tag}`;
    const paidTitle = `会员一讲${tag}`;
    await loginOnConsole(page, 'demo_editor', '/editor/courses');
    await expect(page.getByRole('heading', { name: '课程' })).toBeVisible();

    await page.getByRole('button', { name: '新建课程' }).click();
    const seriesId = await createLesson(page, seriesTitle, { series: true });
    const seriesResId = await resIdOf(page);

    await page.getByRole('button', { name: '新建子课程' }).click();
    await createLesson(page, freeTitle);
    const freeResId = await resIdOf(page);
    await publish(page, freeTitle);

    await page.getByRole('link', { name: /所属系列/ }).click();
    await expect(page.getByRole('heading', { level: 3, name: seriesTitle })).toBeVisible();
    await page.getByRole('button', { name: '新建子课程' }).click();
    await createLesson(page, paidTitle, { memberOnly: true });
    const paidResId = await resIdOf(page);
    await publish(page, paidTitle);

    // Back on the series: both lessons in order; the member one moved first, then back.
    await page.getByRole('link', { name: /所属系列/ }).click();
    await expect(page.getByRole('heading', { level: 3, name: seriesTitle })).toBeVisible();
    const rows = page.locator('.qy-ed-courses__children tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(freeTitle);
    await page.getByRole('button', { name: `上移：${paidTitle}` }).click();
    await expect(toast(page, '子课程顺序已保存')).toBeVisible();
    await expect(rows.first()).toContainText(paidTitle);
    await page.getByRole('button', { name: `上移：${freeTitle}` }).click();
    await expect(rows.first()).toContainText(freeTitle);
    await publish(page, seriesTitle);
    await snap(page, testInfo, 'editorial-courses-series');

    // A visitor: the series lists both lessons; a lesson asks them to log in.
    const visitor = await browser.newContext({ baseURL });
    const reader = await visitor.newPage();
    try {
      await reader.goto(`/series-courses?id=${seriesResId}`);
      await expect(reader.getByRole('heading', { level: 1, name: seriesTitle })).toBeVisible();
      const catalogue = reader.getByRole('region', { name: '课程目录' }).getByRole('link');
      await expect(catalogue).toHaveCount(2);
      await expect(catalogue.first()).toContainText(freeTitle);
      await expect(catalogue.nth(1)).toContainText(paidTitle);
      await reader.goto(`/course-video?id=${freeResId}`);
      await expect(reader.getByRole('heading', { level: 1, name: freeTitle })).toBeVisible();
      await expect(reader.locator('.qy-cv-lock')).toContainText('登录即可观看');
      await expect(reader.locator('video')).toHaveCount(0);

      // A doctor with a complete profile, not a member: the free lesson plays, the member one is locked.
      await loginThroughDialog(reader, 'demo_doctor');
      await expect(reader.locator('.qy-cv-player video')).toBeVisible();
      await reader.goto(`/course-video?id=${paidResId}`);
      await expect(reader.getByRole('heading', { level: 1, name: paidTitle })).toBeVisible();
      await expect(reader.locator('.qy-cv-blocked')).toHaveAttribute('data-access', /freeRead|usedUp/);
      await expect(reader.locator('video')).toHaveCount(0);
      await snap(reader, testInfo, 'editorial-courses-member-lesson');
    } finally {
      await visitor.close();
    }

    // Withdrawn in the console, the member lesson is gone from the site.
    await page.goto(`/editor/courses/${seriesId}`);
    await page.getByRole('link', { name: paidTitle }).click();
    await expect(page.getByRole('heading', { level: 3, name: paidTitle })).toBeVisible();
    await page.getByRole('button', { name: /^撤\s*回$/ }).click();
    await expect(toast(page, `已撤回：${paidTitle}`)).toBeVisible();
    const gone = await page.request.post('/api/lesson/selectLessonDetail', { data: { id: paidResId } });
    expect((await gone.json()).code).toBe(10004);
  });
});
