// Membership states a reader meets in the personal centre (§2.9, §4 Membership, §8): the demo
// accounts for an expired membership and for a profile to update show their notices; a continuous
// member turns off auto-renewal; and a desktop 连续包年 purchase by the Alipay QR ends in 支付成功
// without being told the purchase was not needed.
import { expect, type APIRequestContext } from '@playwright/test';
import { fillShippingAddress, isMobile, loginThroughDialog, registerByEmail, snap, test, toast, uniqueTag } from './support';

const NEW_PASSWORD = 'Renewing#2026';

/** A new account registered by e-mail through the API (as the registration page does); its name and token. */
async function newAccount(request: APIRequestContext, prefix: string): Promise<{ username: string; token: string }> {
  const id = uniqueTag();
  const email = `${prefix}.${id}@example.com`;
  const username = `${prefix}_${id}`.slice(0, 16);
  await registerByEmail(request, { email, username, password: NEW_PASSWORD });
  const login = await (await request.post('/api/login/login', { data: { accountName: username, password: NEW_PASSWORD } })).json();
  return { username, token: login.data.token as string };
}

/** Signs and pays 连续包年 for the account through the sandbox's agreement pay (as the phone flow does). */
async function signContinuousYearly(request: APIRequestContext, token: string) {
  const signed = await (
    await request.get('/index.php', { params: { c: 'alipay', m: 'memberOrderSignPay', service_id: 4, token, return_url: '/personal?type=flag4' } })
  ).json();
  expect(signed.result).toBe(1);
  const cashier = /action="([^"]*\/dev\/cashier\/[^"?]+)/.exec(signed.form as string)?.[1];
  const paid = await request.post(`${new URL(cashier!, 'http://x').pathname}/pay`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'back=%2Fpersonal%3Ftype%3Dflag4',
  });
  expect(await paid.text()).toContain('支付成功');
}

test('demo_expired sees 会员有效期已过期,请及时续费~ in the personal centre', async ({ page }, testInfo) => {
  await page.goto('/index');
  await loginThroughDialog(page, 'demo_expired');
  await page.goto('/personal');
  const notice = page.getByRole('dialog').filter({ hasText: '提示消息' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('会员有效期已过期,请及时续费~');
  await snap(page, testInfo, 'demo-expired-notice');
});

test('demo_update is asked 请及时更新用户资料 in the personal centre', async ({ page }, testInfo) => {
  await page.goto('/index');
  await loginThroughDialog(page, 'demo_update');
  await page.goto('/personal');
  await expect(toast(page, '请及时更新用户资料')).toBeVisible();
  await expect(page.getByRole('dialog').filter({ hasText: '提示消息' })).toHaveCount(0);
  await snap(page, testInfo, 'demo-update-notice');
});

test('a continuous member cancels auto-renewal in the personal centre and keeps the paid year', async ({ page, request }, testInfo) => {
  // Desktop uses the demo account; the phone run (same database) a member who signs 连续包年 now.
  let account = 'demo_renewing';
  let password: string | undefined;
  if (isMobile(testInfo)) {
    const fresh = await newAccount(request, 'renewm');
    await signContinuousYearly(request, fresh.token);
    account = fresh.username;
    password = NEW_PASSWORD;
  }
  await page.goto('/index');
  await loginThroughDialog(page, account, password);
  await page.goto('/personal?type=flag4');

  const renewal = page.getByRole('region', { name: '自动续费' });
  await expect(renewal.getByRole('status')).toContainText(/^连续包年：自动续费中，会员有效期至 \d{4}-\d{2}-\d{2}/);
  const endDate = /(\d{4}-\d{2}-\d{2})/.exec((await renewal.getByRole('status').textContent()) ?? '')![1]!;
  await snap(page, testInfo, 'auto-renew-on');

  await renewal.getByRole('button', { name: '取消自动续费' }).click();
  const confirm = page.getByRole('dialog', { name: '确定取消自动续费吗？' });
  await expect(confirm).toContainText(`取消后将不再自动扣款，会员有效期至 ${endDate}，到期后不再续费。`);
  await snap(page, testInfo, 'auto-renew-confirm');
  await confirm.getByRole('button', { name: '确定取消' }).click();

  await expect(toast(page, '已取消自动续费')).toBeVisible();
  await expect(renewal.getByRole('status')).toHaveText(`已取消自动续费，会员有效期至 ${endDate}`);
  await expect(renewal.getByRole('button', { name: '取消自动续费' })).toHaveCount(0);
  await snap(page, testInfo, 'auto-renew-off');

  await page.reload();
  await expect(page.getByRole('region', { name: '自动续费' }).getByRole('status')).toHaveText(`已取消自动续费，会员有效期至 ${endDate}`);
});

test('desktop 连续包年 by the Alipay QR: the phone pays and signs, the desktop says 支付成功 and never that it was not needed', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'the QR for a phone is the desktop flow');
  test.setTimeout(120_000);
  const { username } = await newAccount(request, 'qryear');
  // Records whether the refusal for continuous members is ever drawn on this tab, on any of its pages.
  let notNeededSeen = false;
  await page.exposeFunction('__qyNotNeeded', () => {
    notNeededSeen = true;
  });
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.body?.innerText.includes('当前已是连续包年用户，无需购买')) {
        (window as unknown as { __qyNotNeeded: () => void }).__qyNotNeeded();
      }
    }).observe(document.documentElement, { childList: true, subtree: true, characterData: true });
  });
  await page.goto('/index');
  await loginThroughDialog(page, username, NEW_PASSWORD);
  await page.goto('/personal?type=flag4');

  const radio = page.getByRole('radio', { name: /^连续包年 ¥/ });
  await page.locator('label.qy-sub__plan').filter({ has: radio }).click();
  await page.getByRole('button', { name: '立即开通' }).click();
  const address = page.getByRole('dialog', { name: '填写收货地址' });
  await fillShippingAddress(page, address, '王医生');

  const dialog = page.getByRole('dialog', { name: /开通连续包年/ });
  await expect(dialog.getByRole('img', { name: '支付宝支付二维码' })).toBeVisible();
  const qrPage = await dialog.getByRole('link', { name: '在本机打开收银台' }).getAttribute('href');
  expect(qrPage).toMatch(/\/qrcode-member-ali-pay\/\d+\//);

  // The "phone": the QR's page in a tab of this browser, then the cashier, 签约并支付, back to the site.
  const phone = await context.newPage();
  await phone.goto(qrPage!);
  await phone.waitForURL(/\/dev\/cashier\//);
  await phone.getByRole('button', { name: /^签约并支付 ¥/ }).click();
  await expect(phone.getByText('支付成功')).toBeVisible();
  await phone.getByRole('link', { name: '返回商户' }).click();
  await phone.waitForURL(/\/personal\?type=flag4/);
  // That tab refreshed the shared session: this browser now knows the member is on 连续包年.
  await expect(phone.getByRole('region', { name: '自动续费' })).toBeVisible();
  await phone.close();

  // The desktop asks once scanned, and its order poll says paid.
  await expect(toast(page, '支付成功')).toBeVisible({ timeout: 20_000 });
  await snap(page, testInfo, 'qr-yearly-paid');
  await page.waitForURL(/\/personal\?type=flag1/);
  expect(notNeededSeen, '当前已是连续包年用户，无需购买 shown during the purchase').toBe(false);
});
