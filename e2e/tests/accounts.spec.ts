// Accounts journeys at desktop and mobile widths: register by phone and complete a doctor profile,
// log out and back in; a new WeChat user (local simulator) binds a phone and completes the profile;
// reset a forgotten password by e-mail and log in with it.
//
// Codes come from the local outbox (GET /api/dev/outbox?to=) and picture captcha answers from
// GET /api/dev/captchaAnswer?uuid= (both dev tools, never on a production database; see
// docs/decisions.md).
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { isMobile, loginThroughDialog, logoutThroughHeader, snap, test } from './support';

const NEW_PASSWORD = 'Kaiyuan#2027';

/** A number nobody has: 11 digits starting with 1, different per project and run. */
const freshPhone = () => `19${String(Date.now()).slice(-7)}${Math.floor(10 + Math.random() * 90)}`;
const tag = () => Math.random().toString(36).slice(2, 8);

// A toast: a live region (status, or alert for errors) in the toast stack.
const toast = (page: Page, text: string) =>
  page.locator('.qy-toasts').locator('[role="status"], [role="alert"]').filter({ hasText: text });

/** The newest code sent to a phone or e-mail, from the local outbox. */
async function codeSentTo(request: APIRequestContext, to: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const body = (await res.json()) as { data: { code: string | null }[] };
      code = body.data[0]?.code ?? null;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/**
 * Presses 获取验证码 for a phone, answers the 图片验证码 dialog with the live captcha's answer and
 * waits for 发送成功. Returns the captcha dialog's screenshot moment to the caller through `shot`.
 */
async function sendSmsCode(page: Page, request: APIRequestContext, scope: Locator, shot?: () => Promise<void>) {
  const captchaReply = page.waitForResponse((r) => r.url().includes('/api/captchaImage'));
  await scope.getByRole('button', { name: '获取验证码' }).click();
  const captcha = page.getByRole('dialog', { name: '图片验证码' });
  await expect(captcha).toBeVisible();
  const { uuid } = (await (await captchaReply).json()).data as { uuid: string };
  await expect(captcha.getByRole('img', { name: /图片验证码/ })).toBeVisible();
  const answer = (await (await request.get(`/api/dev/captchaAnswer?uuid=${uuid}`)).json()).data.answer as string;
  expect(answer).toMatch(/^-?\d+$/);
  await captcha.getByLabel('计算结果').fill(answer);
  if (shot) await shot();
  await captcha.getByRole('button', { name: '确定' }).click();
  await expect(captcha).toBeHidden();
  await expect(toast(page, '发送成功')).toBeVisible();
  await expect(scope.getByRole('button', { name: /重新发送\(\d+s\)/ })).toBeDisabled();
}

/**
 * Chooses an option of an antd select (or tree select), and checks that the select shows it: a
 * click that lands while the dropdown is still opening is tried again.
 */
async function choose(page: Page, item: Locator, text: string | RegExp) {
  await expect(async () => {
    // Open it unless this select is open already (a retry after a click that did not take).
    if ((await item.getByRole('combobox').getAttribute('aria-expanded')) !== 'true') await item.locator('.ant-select').click();
    const option = page
      .locator('.ant-select-dropdown:visible')
      .locator('.ant-select-item-option, .ant-select-tree-treenode:not(.ant-select-tree-treenode-disabled) .ant-select-tree-title')
      .filter({ hasText: text })
      .first();
    await option.click({ timeout: 5_000 });
    await expect(item.locator('.ant-select-content-has-value')).toHaveText(text, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

const formItem = (form: Locator, label: string) =>
  form.locator('.ant-form-item', { has: form.page().locator('label', { hasText: new RegExp(`^${label}$`) }) });

/**
 * Picks 北京市 › … › 东城区 in the profile form's city cascader by searching, and checks the cascader
 * shows it (the hospitals are those of the chosen city): a click that did not take is tried again.
 */
async function chooseCity(page: Page, form: Locator) {
  const city = form.getByRole('combobox', { name: '所在城市' });
  await expect(async () => {
    await city.click();
    await city.fill('东城');
    await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item').filter({ hasText: '北京' }).first().click({ timeout: 5_000 });
    await expect(formItem(form, '所在城市').locator('.ant-select-content-has-value')).toHaveText(/东城/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('registers by phone, completes a doctor profile, logs out and logs in again', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const phone = freshPhone();
  const username = `reg_${testInfo.project.name}_${tag()}`;

  await page.goto('/register');
  const main = page.locator('#qy-main');
  await expect(main.getByRole('heading', { name: '注册千言医学账号' })).toBeVisible();
  await snap(page, testInfo, 'register-verify');

  // Step 1: the phone, the picture captcha, the SMS code from the outbox.
  await main.getByRole('button', { name: '获取验证码' }).click();
  await expect(main.getByText('请输入手机号', { exact: true })).toBeVisible();
  await main.getByLabel('手机号码').fill(phone);
  await sendSmsCode(page, request, main, () => snap(page, testInfo, 'register-captcha'));
  await main.getByLabel('验证码').fill(await codeSentTo(request, phone));
  await main.getByRole('button', { name: '下一步' }).click();

  // Step 2: the account; the register button waits for the terms.
  await expect(main.getByText(`已验证：${phone}`)).toBeVisible();
  const register = main.getByRole('button', { name: '注册', exact: true });
  await main.getByLabel('用户名').fill(username);
  await main.getByLabel('密码', { exact: true }).fill(NEW_PASSWORD);
  await main.getByLabel('确认密码').fill('Kaiyuan#2028');
  await expect(main.getByText('两次密码不一致')).toBeVisible();
  await main.getByLabel('确认密码').fill(NEW_PASSWORD);
  await expect(register).toBeDisabled();
  // The terms open /about in a new tab with the about page's service key in its session storage
  // (2: 服务条款, which links the 隐私政策; 9: 用户协议), and the section it selects.
  for (const [link, key, section] of [
    ['《服务条款与隐私政策》', '2', '服务条款'],
    ['《用户协议》', '9', '用户协议'],
  ] as const) {
    const [about] = await Promise.all([page.waitForEvent('popup'), main.getByRole('link', { name: link }).click()]);
    await about.waitForLoadState('domcontentloaded');
    expect(new URL(about.url()).pathname).toBe('/about');
    expect(await about.evaluate(() => sessionStorage.getItem('serviceKey'))).toBe(key);
    await expect(about.getByRole('heading', { level: 1, name: section })).toBeVisible();
    await about.close();
  }
  await expect(register).toBeDisabled();
  await main.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await expect(register).toBeEnabled();
  await snap(page, testInfo, 'register-account');
  await register.click();
  await expect(toast(page, '注册成功！请继续完善信息。')).toBeVisible();

  // Step 3: a practising doctor's profile, then home, logged in.
  const form = main.locator('form.qy-profile-form');
  await expect(form).toBeVisible();
  await expect(page.locator('#qy-header').getByRole('button', { name: new RegExp(username) })).toBeVisible();
  await form.getByLabel('姓名').fill('林知远');
  await chooseCity(page, form);
  await expect(form.getByRole('combobox', { name: '医院' })).toBeEnabled();
  await choose(page, formItem(form, '医院'), /医院/);
  await formItem(form, '科室').locator('.ant-select').click();
  await page.keyboard.type('心血管');
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-title').filter({ hasText: '心血管内科' }).first().click();
  await choose(page, formItem(form, '职称'), '主治医师（中级）');
  await choose(page, formItem(form, '职务'), '普通医生');
  await snap(page, testInfo, 'register-profile');
  await form.getByRole('button', { name: '保存并进入首页' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await page.waitForURL(/\/index$/);

  // The server kept the profile.
  await page.goto('/personal');
  await expect(page.locator('#qy-main').getByText('林知远').first()).toBeVisible();

  // Log out, then in again with the phone and the new password.
  await logoutThroughHeader(page, page.locator('#qy-header').getByRole('button', { name: new RegExp(username) }));
  await loginThroughDialog(page, phone, NEW_PASSWORD);
  await expect(toast(page, '登录成功')).toBeVisible();
  await expect(page.locator('#qy-header').getByRole('button', { name: new RegExp(username) })).toBeVisible();
  await snap(page, testInfo, 'register-logged-in-again');
});

test('a new WeChat user binds a phone and completes the profile', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const phone = freshPhone();
  const nickname = `微信${testInfo.project.name}${tag()}`;

  await page.goto('/index');
  await page.locator('#qy-header').getByRole('button', { name: '登录', exact: true }).click();
  const login = page.getByRole('dialog', { name: '用户登录' });
  await expect(login.getByRole('button', { name: '验证码登录' })).toBeVisible();
  await login.getByRole('button', { name: '微信登录' }).click();

  // The QR dialog: a QR code of the authorisation URL, and 在本机打开 for this browser.
  const wechat = page.getByRole('dialog', { name: '微信登录' });
  await expect(wechat.getByRole('img', { name: '微信登录二维码' })).toBeVisible();
  await snap(page, testInfo, 'wechat-qr-dialog');
  await wechat.getByRole('link', { name: '在本机打开' }).click();

  // The local simulator plays WeChat's authorise screen.
  await expect(page.getByText('千言医学 申请使用')).toBeVisible();
  await page.getByLabel('模拟的微信用户昵称').fill(nickname);
  await page.getByRole('button', { name: '同意', exact: true }).click();

  // Unbound: /wechat/wxlogin sends the browser on to bind a phone.
  await page.waitForURL(/\/wxloginBindPhone\?code=/);
  const main = page.locator('#qy-main');
  await expect(main.getByRole('heading', { name: '绑定手机' })).toBeVisible();
  await snap(page, testInfo, 'wechat-bind-phone');
  await main.getByLabel('手机号码').fill(phone);
  await sendSmsCode(page, request, main);
  await main.getByLabel('验证码').fill(await codeSentTo(request, phone));
  await main.getByRole('button', { name: '绑定并登录' }).click();
  await expect(toast(page, '绑定手机成功！请继续完善信息')).toBeVisible();

  // A new member: the profile, as someone outside hospitals and schools.
  const form = main.locator('form.qy-profile-form');
  await expect(form).toBeVisible();
  await form.locator('.ant-radio-button-wrapper', { hasText: '其他' }).click();
  await form.getByLabel('姓名').fill('周启明');
  await chooseCity(page, form);
  await formItem(form, '单位').locator('input').fill('启明医学出版社');
  await formItem(form, '部门').locator('input').fill('编辑部');
  await formItem(form, '职务').locator('input').fill('编辑');
  await snap(page, testInfo, 'wechat-profile');
  await form.getByRole('button', { name: '保存并进入首页' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await page.waitForURL(/\/index$/);
  await expect(page.locator('#qy-header').getByRole('button', { name: /wx_/ })).toBeVisible();

  // The same WeChat user again: bound now, logged straight in and back home.
  await logoutThroughHeader(page, page.locator('#qy-header').getByRole('button', { name: /wx_/ }));
  await page.locator('#qy-header').getByRole('button', { name: '登录', exact: true }).click();
  await page.getByRole('dialog', { name: '用户登录' }).getByRole('button', { name: '微信登录' }).click();
  await page.getByRole('dialog', { name: '微信登录' }).getByRole('link', { name: '在本机打开' }).click();
  await page.getByRole('button', { name: `以「${nickname}」身份同意` }).click();
  await expect(toast(page, '登录成功')).toBeVisible();
  await page.waitForURL(/\/index$/);
  await expect(page.locator('#qy-header').getByRole('button', { name: /wx_/ })).toBeVisible();
});

test('resets a forgotten password by e-mail and logs in with it', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const email = `reset.${testInfo.project.name}.${tag()}@example.com`;
  const username = `mail_${testInfo.project.name}_${tag()}`;

  // An account registered by e-mail (through the API, as the registration page does).
  const sent = await request.post('/api/base/sendCode2', { data: { email, codeType: 0 } });
  expect((await sent.json()).code).toBe(0);
  const check = await request.post('/api/base/checkCode', { data: { email, code: await codeSentTo(request, email), codeType: 0 } });
  const verifyToken = (await check.json()).data.verifyToken as string;
  const registered = await request.post('/api/user/register', { data: { email, membername: username, password: 'Original#1', verifyToken } });
  expect((await registered.json()).code).toBe(0);

  await page.goto('/index');
  await page.locator('#qy-header').getByRole('button', { name: '登录', exact: true }).click();
  const forgot = page.getByRole('dialog', { name: '忘记密码' });
  // Once in a CI run the first click, made while the login dialog was still opening, did not take:
  // click again until the forgot-password dialog shows.
  await expect(async () => {
    await page.getByRole('dialog', { name: '用户登录' }).getByRole('button', { name: '忘记密码' }).click({ timeout: 2_000 });
    await expect(forgot).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await forgot.getByRole('tab', { name: '邮箱找回' }).click();
  await forgot.getByRole('button', { name: '获取验证码' }).click();
  await expect(forgot.getByText('请输入邮箱号码')).toBeVisible();
  await forgot.getByLabel('请输入邮箱').fill(email);
  const before = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()).data.length as number;
  await forgot.getByRole('button', { name: '获取验证码' }).click();
  await expect(toast(page, '发送成功')).toBeVisible();
  await expect
    .poll(async () => (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()).data.length)
    .toBe(before + 1);
  await forgot.getByLabel('验证码').fill(await codeSentTo(request, email));
  await forgot.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
  await forgot.getByLabel('确认新密码').fill('Mismatch#1');
  await forgot.getByRole('button', { name: '重置密码' }).click();
  await expect(forgot.getByText('两次密码不一致')).toBeVisible();
  await forgot.getByLabel('确认新密码').fill(NEW_PASSWORD);
  await expect(forgot.getByText('两次密码不一致')).toBeHidden();
  await snap(page, testInfo, 'forgot-password-email');
  await forgot.getByRole('button', { name: '重置密码' }).click();
  await expect(toast(page, '密码成功重置，请使用新密码重新登录')).toBeVisible();

  // Back at 用户登录: the old password no longer works, the new one does.
  const login = page.getByRole('dialog', { name: '用户登录' });
  await expect(login).toBeVisible();
  await login.getByLabel('账号').fill(email);
  await login.getByLabel('密码').fill('Original#1');
  await login.getByRole('button', { name: /^登\s*录$/ }).click();
  // Wait for the refusal: while the first attempt is in flight the button is loading and ignores a click.
  await expect(toast(page, '用户名或密码错误')).toBeVisible();
  await expect(login.locator('button[type="submit"][aria-busy="true"]')).toHaveCount(0);
  await expect(login).toBeVisible();
  await login.getByLabel('密码').fill(NEW_PASSWORD);
  await login.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(login).toBeHidden();
  await expect(page.locator('#qy-header').getByRole('button', { name: new RegExp(username) })).toBeVisible();
  if (isMobile(testInfo)) await snap(page, testInfo, 'forgot-password-logged-in');
});
