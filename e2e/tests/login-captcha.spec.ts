// The login throttle from a reader's side, at desktop and mobile widths: five wrong passwords, then
// the right one brings the 图片验证码 dialog; its answer (from GET /api/dev/captchaAnswer?uuid=, a dev
// tool, as in the accounts journeys) logs the reader in. The owner is asked for a captcha, never
// shut out.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { snap, test } from './support';

const PASSWORD = 'Right#2026';
const tag = () => Math.random().toString(36).slice(2, 8);

const toast = (page: Page, text: string) =>
  page.locator('.qy-toasts').locator('[role="status"], [role="alert"]').filter({ hasText: text });

/** A reader of its own, registered by e-mail through the API (as the registration page does). */
async function registeredReader(request: APIRequestContext, project: string) {
  const email = `throttle.${project}.${tag()}@example.com`;
  const username = `thr_${project}_${tag()}`;
  expect((await (await request.post('/api/base/sendCode2', { data: { email, codeType: 0 } })).json()).code).toBe(0);
  let code = '';
  await expect
    .poll(async () => {
      const body = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { data: { code: string | null }[] };
      code = body.data[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  const checked = await (await request.post('/api/base/checkCode', { data: { email, code, codeType: 0 } })).json();
  const registered = await request.post('/api/user/register', {
    data: { email, membername: username, password: PASSWORD, verifyToken: checked.data.verifyToken },
  });
  expect((await registered.json()).code).toBe(0);
  return { email, username };
}

test('after 5 wrong passwords the reader solves the 图片验证码 and is logged in', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const reader = await registeredReader(request, testInfo.project.name);

  await page.goto('/index');
  await page.locator('#qy-header').getByRole('button', { name: '登录', exact: true }).click();
  const login = page.getByRole('dialog', { name: '用户登录' });
  const submit = login.getByRole('button', { name: /^登\s*录$/ });
  await login.getByLabel('账号').fill(reader.email);

  for (let i = 1; i <= 5; i++) {
    await login.getByLabel('密码').fill(`Wrong#${i}00`);
    await submit.click();
    await expect(toast(page, '用户名或密码错误').first()).toBeVisible();
    // Each refusal ends the busy state, so the next try can be sent.
    await expect(login.locator('button[type="submit"][aria-busy="true"]')).toHaveCount(0);
  }

  // The right password now: the account asks for the picture captcha instead of refusing its owner.
  const captchaReply = page.waitForResponse((r) => r.url().includes('/api/captchaImage'));
  await login.getByLabel('密码').fill(PASSWORD);
  await submit.click();
  await expect(toast(page, '请输入图片验证码')).toBeVisible();
  const captcha = page.getByRole('dialog', { name: '图片验证码' });
  await expect(captcha).toBeVisible();
  await expect(captcha.getByRole('img', { name: /图片验证码/ })).toBeVisible();
  const { uuid } = (await (await captchaReply).json()).data as { uuid: string };
  const answer = (await (await request.get(`/api/dev/captchaAnswer?uuid=${uuid}`)).json()).data.answer as string;
  await captcha.getByLabel('计算结果').fill(answer);
  await snap(page, testInfo, 'login-captcha');
  await captcha.getByRole('button', { name: '确定' }).click();

  await expect(captcha).toBeHidden();
  await expect(login).toBeHidden();
  await expect(toast(page, '登录成功')).toBeVisible();
  await expect(page.locator('#qy-header').getByRole('button', { name: new RegExp(reader.username) })).toBeVisible();
  await snap(page, testInfo, 'login-captcha-logged-in');
});
