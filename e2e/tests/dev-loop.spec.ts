// A team's own loop (README "Development"): every app's development server builds without error
// (the shell's included), the shell composes the remotes from their dev servers, and each remote
// runs alone on its real routes, mf-payment's subscription panel included. The dev servers send the
// API to this run's server (QY_DEV_API), so no second API or database is started. Checked once, at
// desktop width: the five development builds are the cost (about a minute on two cores).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { PASSWORD, registerByEmail, test, toast, uniqueTag } from './support';

const ROOT = path.resolve(__dirname, '../..');
const API = `http://127.0.0.1:${process.env.E2E_PORT ?? 8180}`;
/** The dev servers' first port (QY_DEV_PORT): the shell on it, the remotes on the next four. */
const BASE = Number(process.env.E2E_DEV_PORT ?? Number(process.env.E2E_PORT ?? 8180) + 20);
const APPS = ['shell', 'mf-content', 'mf-courses', 'mf-account', 'mf-payment'] as const;
type App = (typeof APPS)[number];
const url = (app: App, route: string) => `http://localhost:${BASE + APPS.indexOf(app)}${route}`;

/** The five development builds at once, on a busy two-core machine. */
const BUILD_MS = 240_000;
const servers: ChildProcess[] = [];
const outputs = new Map<App, string>();

/** `webpack serve --mode development` of one app, resolved once its first build is done. */
function devServer(app: App): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/webpack/bin/webpack.js'), 'serve', '--mode', 'development'], {
      cwd: path.join(ROOT, app),
      env: { ...process.env, QY_DEV_PORT: String(BASE), QY_DEV_API: API, NODE_ENV: 'development', FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    servers.push(child);
    let output = '';
    const read = (chunk: Buffer) => {
      output += String(chunk).replace(/\u001b\[[0-9;]*m/g, '');
      outputs.set(app, output);
      const done = /compiled (successfully|with \d+ errors?)/.exec(output);
      if (done?.[1] === 'successfully') resolve();
      else if (done) reject(new Error(`${app}: the development build failed\n${output}`));
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`${app}: the dev server ended (exit ${code})\n${output}`)));
    setTimeout(() => reject(new Error(`${app}: no build done within ${BUILD_MS / 1000} s\n${output}`)), BUILD_MS).unref();
  });
}

/** Everything a page reports as broken: script errors, failed requests, error answers from the dev server. */
function watchProblems(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    // A request the page dropped as it moved on is no failure.
    if (req.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${req.url()} ${req.failure()?.errorText ?? ''}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400 && !new URL(res.url()).pathname.startsWith('/api/')) problems.push(`${res.status()} ${res.url()}`);
  });
  return problems;
}

/** Logs in through the standalone bar, the stand-in for the shell's login dialog. */
async function loginOnBar(page: Page, account: string) {
  const bar = page.locator('.qy-standalone-bar');
  const fields = bar.getByLabel('账号');
  if (!(await fields.isVisible())) await bar.getByRole('button', { name: '登录', exact: true }).click();
  await fields.fill(account);
  await bar.getByLabel('密码').fill(PASSWORD);
  await bar.getByRole('button', { name: '登录', exact: true }).click();
  await expect(bar.getByText(account)).toBeVisible();
}

test.describe('npm run dev', () => {
  test.skip(({ isMobile }) => isMobile, 'the development servers are checked once, at desktop width');
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(BUILD_MS + 30_000);
    await Promise.all(APPS.map(devServer));
  });
  test.afterAll(() => {
    for (const child of servers) child.kill('SIGTERM');
  });

  test('every app builds for development without an error', () => {
    for (const app of APPS) {
      const output = outputs.get(app)!;
      expect(output, app).toContain('compiled successfully');
      expect(output, app).not.toMatch(/\bERROR\b|Conflict: Multiple/);
    }
  });

  test('the shell composes the remotes from their dev servers', async ({ page }) => {
    const problems = watchProblems(page);
    await page.goto(url('shell', '/course-resources'));
    await expect(page.locator('#qy-main').getByRole('heading', { level: 1, name: '课程资源' })).toBeVisible();
    await expect(page.locator('#qy-header')).toBeVisible();
    await page.goto(url('shell', '/qrcode-member-ali-pay/0/expired'));
    await expect(page.getByText('二维码已失效，请刷新二维码重新扫码')).toBeVisible();
    await expect(page.locator('.qy-remote-fallback')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('each remote runs alone on its real routes against the API', async ({ page }) => {
    const problems = watchProblems(page);
    await page.goto(url('mf-content', '/commentary'));
    await expect(page.getByRole('heading', { level: 1, name: '述评' })).toBeVisible();
    await expect(page.locator('.qy-standalone-bar')).toContainText('mf-content · 独立运行');

    await page.goto(url('mf-courses', '/course-resources'));
    await expect(page.getByRole('heading', { level: 1, name: '课程资源' })).toBeVisible();

    // A nested route: the page's scripts are named from the site root, not from /wechat/.
    await page.goto(url('mf-account', '/wechat/wxlogin'));
    await expect(page.getByText('缺少微信授权信息')).toBeVisible();

    await page.goto(url('mf-payment', '/qrcode-member-ali-pay/0/expired'));
    await expect(page.getByText('二维码已失效，请刷新二维码重新扫码')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("mf-payment alone sells a membership through its panel and the sandbox cashier; mf-account alone shows that panel from mf-payment's dev server", async ({ page, context, request }) => {
    test.setTimeout(120_000);
    // A new account: the demo accounts' memberships stay as other journeys expect them.
    const tag = uniqueTag();
    const username = `dev_${tag}`.slice(0, 16);
    await registerByEmail(request, { email: `dev.${tag}@example.com`, username, password: PASSWORD });
    const problems = watchProblems(page);

    await page.goto(url('mf-payment', '/personal?type=flag4'));
    await loginOnBar(page, username);
    const plans = page.getByRole('radiogroup', { name: '会员方案' });
    await expect(plans).toBeVisible();
    const monthly = page.getByRole('radio', { name: /^月度会员 ¥/ });
    await page.locator('label.qy-sub__plan').filter({ has: monthly }).click();
    await page.getByRole('button', { name: '立即开通' }).click();
    const pay = page.getByRole('dialog', { name: /开通月度会员/ });
    await expect(pay.getByRole('img', { name: /支付二维码/ })).toBeVisible();
    // The cashier on this machine: the dev server sends /dev to the API, like the site.
    const href = await pay.getByRole('link', { name: '在本机打开收银台' }).getAttribute('href');
    const cashier = await context.newPage();
    await cashier.goto(new URL(href!, page.url()).href);
    await expect(cashier.getByText('本地沙箱收银台')).toBeVisible();
    await cashier.getByRole('button', { name: /^支付 ¥/ }).click();
    await expect(cashier.getByText('支付成功')).toBeVisible();
    await cashier.close();
    // The panel's poll sees the order paid.
    await expect(toast(page, '支付成功')).toBeVisible({ timeout: 20_000 });

    await page.goto(url('mf-account', '/personal?type=flag4'));
    await loginOnBar(page, username);
    await expect(page.getByRole('radiogroup', { name: '会员方案' })).toBeVisible();
    await expect(page.getByRole('button', { name: '我的订单' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});
