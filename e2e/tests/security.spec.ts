// The site's browser security headers as a browser gets them: the shell's page runs under its
// Content-Security-Policy (its inline scripts carry the response's nonce), and a script slipped into
// the page is refused and reported, which fails any journey (support.ts).
import { expect } from '@playwright/test';
import { test } from './support';

test('the shell runs under its policy, and an injected inline script is refused and reported', async ({ page, policyViolations }) => {
  const reply = await page.goto('/index');
  const csp = reply!.headers()['content-security-policy'] ?? '';
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(reply!.headers()['x-content-type-options']).toBe('nosniff');
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
  expect(nonce).toBeTruthy();
  // The page is drawn by its scripts: the inline ones (config, remote map, boot) ran.
  await expect(page.locator('#qy-header').getByRole('button', { name: '登录', exact: true })).toBeVisible();
  expect(await page.evaluate(() => typeof (window as unknown as { __QY_CONFIG__?: unknown }).__QY_CONFIG__)).toBe('object');

  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__qyInjected = true;';
    document.body.appendChild(s);
  });
  await expect.poll(() => policyViolations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __qyInjected?: boolean }).__qyInjected)).toBeUndefined();
  expect(policyViolations.join('\n')).toMatch(/script-src/);
  // Seen and checked: this journey's own violation does not fail it.
  policyViolations.length = 0;
});

test('Swagger UI runs under the policy', async ({ page }) => {
  const reply = await page.goto('/api/docs');
  expect(reply!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByText('Qianyan API', { exact: false }).first()).toBeVisible();
});
