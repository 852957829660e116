import { expect, test as base, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
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

/** Logs in through the header's login dialog, as a person would. */
export async function loginThroughDialog(page: Page, account: string, password = PASSWORD) {
  await page.locator('#qy-header').getByRole('button', { name: '登录', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '用户登录' });
  await dialog.getByLabel('账号').fill(account);
  await dialog.getByLabel('密码').fill(password);
  await dialog.getByRole('button', { name: /^登\s*录$/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}
