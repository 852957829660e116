// The composed site: shell chrome, one real page per remote, login, a dead remote, the 404 page.
import { expect } from '@playwright/test';
import { isMobile, loginThroughDialog, snap, test } from './support';

test('the home page renders with header and footer', async ({ page }, testInfo) => {
  await page.goto('/index');
  const header = page.locator('#qy-header');
  await expect(header.getByRole('link', { name: /千言医学/ }).first()).toBeVisible();
  if (isMobile(testInfo)) {
    await expect(header.getByRole('button', { name: '打开菜单' })).toBeVisible();
  } else {
    const nav = header.getByRole('navigation', { name: '主导航' });
    for (const item of ['首页', '期刊', '专业领域', '动画解读', '课程', '关于我们']) {
      await expect(nav.getByText(item, { exact: true }).first()).toBeVisible();
    }
  }
  await expect(page.locator('#qy-main h1, #qy-main h2').first()).toBeVisible();
  const year = new Date().getFullYear();
  await expect(page.locator('#qy-footer')).toContainText(`© ${year}`);
  await snap(page, testInfo, 'home');
});

test('logging in through the dialog shows the user in the header', async ({ page }, testInfo) => {
  await page.goto('/index');
  await loginThroughDialog(page, 'demo_member');
  await expect(page.getByText('登录成功')).toBeVisible();
  const header = page.locator('#qy-header');
  await expect(header.getByRole('button', { name: /用户菜单|demo_member/ })).toBeVisible();
  await snap(page, testInfo, 'logged-in');
});

test('the login dialog shows the spec messages for empty fields', async ({ page }) => {
  await page.goto('/index');
  await page.locator('#qy-header').getByRole('button', { name: '登录', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '用户登录' });
  await dialog.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(dialog.getByText('请输入用户名、手机或邮箱')).toBeVisible();
  await expect(dialog.getByText('请输入密码')).toBeVisible();
  await dialog.getByLabel('账号').fill('demo_reader');
  await dialog.getByLabel('密码').fill('wrong-password');
  await dialog.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('the journal article list shows seeded articles with tabs and paging', async ({ page }, testInfo) => {
  await page.goto('/nejm-list');
  await expect(page.getByRole('tab', { name: '综述类' })).toBeVisible();
  const firstTitle = page.locator('#qy-main a[href*="/article-info?permalinks="]').first();
  await expect(firstTitle).toBeVisible();
  await page.getByRole('tab', { name: '论著类' }).click();
  await expect(page).toHaveURL(/type=3/);
  await expect(page.locator('#qy-main a[href*="/article-info?permalinks="]').first()).toBeVisible();
  await snap(page, testInfo, 'nejm-list');
});

test('the course resources page lists course cards', async ({ page }, testInfo) => {
  await page.goto('/course-resources');
  await expect(page.getByRole('tab', { name: /视频课程/ })).toBeVisible();
  await expect(page.locator('#qy-main img').first()).toBeVisible();
  await snap(page, testInfo, 'course-resources');
});

test('the personal centre asks a visitor to log in, then shows the profile and plans', async ({ page }, testInfo) => {
  await page.goto('/personal');
  await expect(page.getByText('请先登录').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: '用户登录' })).toBeVisible();
  await snap(page, testInfo, 'personal-logged-out');
  const dialog = page.getByRole('dialog', { name: '用户登录' });
  await dialog.getByLabel('账号').fill('demo_doctor');
  await dialog.getByLabel('密码').fill('Qianyan#2026');
  await dialog.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(page.locator('#qy-main').getByText('demo_doctor').first()).toBeVisible();
  await snap(page, testInfo, 'personal-profile');
  await page.goto('/personal?type=flag4');
  await expect(page.locator('#qy-main').getByText('连续包月').first()).toBeVisible();
  await snap(page, testInfo, 'personal-subscription');
});

test('a remote whose manifest cannot be fetched shows the fallback while the header works', async ({ page }, testInfo) => {
  const missing = '/remotes/mf-content/missing-release/mf-manifest.json';
  await page.route('**/remotes.json', async (route) => {
    const res = await route.fetch();
    const map = await res.json();
    map['mf-content'] = missing;
    await route.fulfill({ response: res, json: map });
  });
  // The page itself carries the remote map the server read (window.__QY_REMOTES__): break it there too.
  await page.route('**/nejm-list', async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace(/("mf-content":")[^"]*"/, `$1${missing}"`);
    await route.fulfill({ response: res, body: html });
  });
  await page.goto('/nejm-list');
  const alert = page.locator('#qy-main').getByRole('alert');
  await expect(alert).toContainText('页面模块加载失败');
  await expect(alert.getByRole('button', { name: '重新加载' })).toBeVisible();
  await snap(page, testInfo, 'remote-fallback');
  await page.locator('#qy-header').getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '用户登录' })).toBeVisible();
  // The remote comes back: retry loads it in place.
  await page.unroute('**/remotes.json');
  await page.keyboard.press('Escape');
  await alert.getByRole('button', { name: '重新加载' }).click();
  await expect(page.getByRole('tab', { name: '综述类' })).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }, testInfo) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: /页面不存在/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /返回首页/ })).toBeVisible();
  await snap(page, testInfo, 'not-found');
});
