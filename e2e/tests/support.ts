import type { Page, TestInfo } from '@playwright/test';
import path from 'node:path';

export const PASSWORD = 'Qianyan#2026';

/** Saves a full-page screenshot under e2e/artifacts/<project>/<name>.png for review. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  const file = path.join(__dirname, '..', 'artifacts', testInfo.project.name, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
}

export const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'mobile';

/** Logs in through the header's login dialog, as a person would. */
export async function loginThroughDialog(page: Page, account: string, password = PASSWORD) {
  await page.locator('#qy-header').getByRole('button', { name: '登录', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '用户登录' });
  await dialog.getByLabel('账号').fill(account);
  await dialog.getByLabel('密码').fill(password);
  await dialog.getByRole('button', { name: /^登\s*录$/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}
