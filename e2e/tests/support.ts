import { expect, test as base, type APIRequestContext, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import path from 'node:path';

/**
 * Content-Security-Policy violations seen by every page of a context: the console's report and the
 * page's own securitypolicyviolation events (which also name the blocked source).
 */
async function watchPolicyViolations(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.exposeBinding('__qyPolicyViolation', (_source, text: string) => {
    seen.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __qyPolicyViolation?: (text: string) => void }).__qyPolicyViolation;
      report?.(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} on ${e.documentURI} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
    });
  });
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) seen.push(`${page.url()}: ${message.text()}`);
    });
  context.pages().forEach(watch);
  context.on('page', watch);
  return seen;
}

/**
 * The journeys' `test`: the site runs with its Content-Security-Policy on, and a journey fails if any
 * page it opened reported a violation.
 */
export const test = base.extend<{ policyViolations: string[] }>({
  policyViolations: [
    async ({ context }, use) => {
      const seen = await watchPolicyViolations(context);
      await use(seen);
      expect(seen, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export const PASSWORD = 'Qianyan#2026';

/** Saves a full-page screenshot under e2e/artifacts/<project>/<name>.png for review. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  const file = path.join(__dirname, '..', 'artifacts', testInfo.project.name, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
}

export const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'mobile';

/** Opens the editorial console at `path` and logs in from its own prompt (the shell's login dialog). */
export async function loginOnConsole(page: Page, account: string, path = '/editor') {
  await page.goto(path);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '用户登录' });
  await dialog.getByLabel('账号').fill(account);
  await dialog.getByLabel('密码').fill(PASSWORD);
  await dialog.getByRole('button', { name: /^登\s*录$/ }).click();
  await dialog.waitFor({ state: 'hidden' });
  await expect(page.getByRole('navigation', { name: '千言编辑部' })).toBeVisible();
}

/**
 * Logs out through the header's user menu (opened by `trigger`, the user's name by default), and
 * waits for what logout ends in: a full load of /index, often the page already shown, so the URL
 * alone cannot tell the new document from the old one. The old one is marked and waited out, or the
 * next click or read could land on the page being replaced.
 */
export async function logoutThroughHeader(page: Page, trigger: Locator = page.locator('#qy-header .qy-user__trigger').first()) {
  await trigger.click();
  await page.evaluate(() => ((window as unknown as { qyOldDocument: boolean }).qyOldDocument = true));
  await page.locator('.qy-panel--user').getByRole('button', { name: '退出登录' }).click();
  await page.waitForFunction(() => !(window as unknown as { qyOldDocument?: boolean }).qyOldDocument);
  await page.waitForURL(/\/index$/);
  await expect(page.locator('#qy-header').getByRole('button', { name: '登录', exact: true })).toBeVisible();
}

/** Logs in through the header's login dialog, as a person would. */
export async function loginThroughDialog(page: Page, account: string, password = PASSWORD) {
  await page.locator('#qy-header').getByRole('button', { name: '登录', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '用户登录' });
  await dialog.getByLabel('账号').fill(account);
  await dialog.getByLabel('密码').fill(password);
  await dialog.getByRole('button', { name: /^登\s*录$/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** A toast: a live region (status, or alert for errors) in the toast stack. */
export const toast = (page: Page, text: string) =>
  page.locator('.qy-toasts').locator('[role="status"], [role="alert"]').filter({ hasText: text });

let serial = 0;
/** A short tag no other account of this run has (time and a counter, base 36). */
export const uniqueTag = () => `${Date.now().toString(36).slice(-6)}${(serial++).toString(36)}`;

/**
 * Registers an account by e-mail through the API, as the registration page does: the code from the
 * local outbox, checkCode for a proof, then user/register.
 */
export async function registerByEmail(request: APIRequestContext, account: { email: string; username: string; password: string }) {
  const { email, username, password } = account;
  expect((await (await request.post('/api/base/sendCode2', { data: { email, codeType: 0 } })).json()).code).toBe(0);
  let code = '';
  await expect
    .poll(async () => {
      const outbox = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()).data as { code?: string; text?: string }[];
      code = outbox[0]?.code ?? /\b(\d{6})\b/.exec(outbox[0]?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  const check = await (await request.post('/api/base/checkCode', { data: { email, code, codeType: 0 } })).json();
  const registered = await request.post('/api/user/register', {
    data: { email, membername: username, password, verifyToken: check.data.verifyToken },
  });
  expect((await registered.json()).code).toBe(0);
}

/**
 * Fills the shipping-address dialog (the yearly plans' gift) for `name`: a mobile, the first province,
 * city and district, a street; then saves it.
 */
export async function fillShippingAddress(page: Page, address: Locator, name: string) {
  await address.getByLabel('收货人').fill(name);
  await address.getByLabel('手机号').fill('13800138000');
  await address.getByRole('combobox', { name: '所在地区' }).click();
  // Province, city, district: the first of each (a click during the opening animation may miss,
  // so each level is retried until the next one shows).
  const firstItem = (level: number) =>
    page.locator(`.ant-cascader-dropdown:visible .ant-cascader-menu:nth-child(${level}) .ant-cascader-menu-item`).first();
  for (let level = 1; level <= 2; level++) {
    await expect(async () => {
      await firstItem(level).click();
      await expect(firstItem(level + 1)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  }
  await firstItem(3).click();
  await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(0);
  await address.getByLabel('详细地址').fill('东城区东单北大街 1 号');
  await address.getByRole('button', { name: '保存并继续' }).click();
}
