// Membership purchase journeys (§2.9, §4, §7.6) through the local sandbox cashier: a non-member
// subscribes monthly (desktop: the QR's cashier opened on this machine; phone: the H5 cashier) and
// then reads a member article in full; a yearly purchase asks for the shipping address first; a
// continuous-monthly member is refused a second purchase. Each journey uses a new account, so the
// other journeys' demo accounts keep their state.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { fillShippingAddress, isMobile, loginThroughDialog, registerByEmail, snap, test, toast, uniqueTag } from './support';

const PASSWORD = 'Subscribe#2026';

/** A new account registered by e-mail through the API (as the registration page does); its name. */
async function newAccount(request: APIRequestContext, project: string): Promise<string> {
  const id = uniqueTag();
  const email = `pay.${project}.${id}@example.com`;
  const username = `pay${project[0]}_${id}`.slice(0, 16);
  await registerByEmail(request, { email, username, password: PASSWORD });
  return username;
}

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const reply = await (await request.post('/api/login/login', { data: { accountName: username, password: PASSWORD } })).json();
  expect(reply.code).toBe(0);
  return reply.data.token as string;
}

/** A member-only journal article the account cannot read yet. */
async function lockedMemberArticle(request: APIRequestContext, token: string, skip: number) {
  const list = (await (await request.post('/api/article/selectArticleList', { data: { pageNo: 1, pageSize: 100, sourceIds: [5] } })).json()).data
    .results as { permalinks: string; accessLevel: string }[];
  const members = list.filter((a) => a.accessLevel === 'member');
  const article = members[skip % members.length]!;
  const detail = await (
    await request.post('/api/article/getArticleDetail', { headers: { Authorization: `Bearer ${token}` }, data: { permalinks: article.permalinks } })
  ).json();
  expect(detail.data.contentLocked).toBe(true);
  return article.permalinks;
}

/** Chooses a plan by clicking its card (the radio inside is visually hidden). */
async function choosePlan(page: Page, title: string) {
  const radio = page.getByRole('radio', { name: new RegExp(`^${title} ¥`) });
  await page.locator('label.qy-sub__plan').filter({ has: radio }).click();
  await expect(radio).toBeChecked();
}

async function openSubscription(page: Page, username: string) {
  await page.goto('/index');
  await loginThroughDialog(page, username, PASSWORD);
  await page.goto('/personal?type=flag4');
  await expect(page.getByRole('radiogroup', { name: '会员方案' })).toBeVisible();
}

test('a non-member subscribes monthly through the sandbox cashier and reads a member article in full', async ({ page, request, context }, testInfo) => {
  test.setTimeout(120_000);
  const username = await newAccount(request, testInfo.project.name);
  const permalinks = await lockedMemberArticle(request, await tokenOf(request, username), isMobile(testInfo) ? 7 : 6);

  await openSubscription(page, username);
  await choosePlan(page, '月度会员');
  await snap(page, testInfo, 'subscription-panel');
  await page.getByRole('button', { name: '立即开通' }).click();

  if (!isMobile(testInfo)) {
    // Desktop: a QR for the phone, and the same cashier linked for this machine.
    const dialog = page.getByRole('dialog', { name: /开通月度会员/ });
    await expect(dialog.getByRole('img', { name: /支付二维码/ })).toBeVisible();
    await snap(page, testInfo, 'subscription-qr');
    const href = await dialog.getByRole('link', { name: '在本机打开收银台' }).getAttribute('href');
    expect(href).toMatch(/\/dev\/cashier\//);
    const cashier = await context.newPage();
    await cashier.goto(href!);
    await expect(cashier.getByText('本地沙箱收银台')).toBeVisible();
    await snap(cashier, testInfo, 'sandbox-cashier');
    await cashier.getByRole('button', { name: /^支付 ¥/ }).click();
    await expect(cashier.getByText('支付成功')).toBeVisible();
    await cashier.close();
  } else {
    // Phone: a method choice, then the H5 cashier in this tab, and back to the merchant.
    const dialog = page.getByRole('dialog', { name: '选择支付方式' });
    await dialog.getByRole('button', { name: '微信支付' }).click();
    await page.waitForURL(/\/dev\/cashier\//);
    await snap(page, testInfo, 'sandbox-cashier');
    await page.getByRole('button', { name: /^支付 ¥/ }).click();
    await expect(page.getByText('支付成功')).toBeVisible();
    await page.getByRole('link', { name: '返回商户' }).click();
    // Back on the panel, which cannot know the outcome by itself: it asks (and keeps polling).
    const ask = page.getByRole('dialog', { name: '是否已完成支付？' });
    await expect(ask).toBeVisible();
    await snap(page, testInfo, 'subscription-returned');
    await ask.getByRole('button', { name: '已完成支付' }).click();
  }

  // The panel polls the order every 5 s (the phone asked at once): paid means 支付成功, shown for a
  // moment, then the personal centre.
  await expect(toast(page, '支付成功')).toBeVisible({ timeout: 20_000 });
  await snap(page, testInfo, 'subscription-paid-message');
  await page.waitForURL(/\/personal\?type=flag1/);
  await snap(page, testInfo, 'subscription-paid');

  await page.goto(`/article-info?permalinks=${permalinks}`);
  await expect(page.getByRole('region', { name: '正文' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '登录即可阅读' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '使用本月免费阅读' })).toHaveCount(0);
  await snap(page, testInfo, 'subscription-member-reads');
});

test('a yearly purchase asks for the shipping address before paying', async ({ page, request }, testInfo) => {
  const username = await newAccount(request, testInfo.project.name);
  await openSubscription(page, username);
  await choosePlan(page, '年度会员');
  await page.getByRole('button', { name: '立即开通' }).click();

  const address = page.getByRole('dialog', { name: '填写收货地址' });
  await address.getByRole('button', { name: '保存并继续' }).click();
  await expect(address.locator('.ant-form-item-explain-error')).toHaveCount(4);
  await snap(page, testInfo, 'address-required');

  await fillShippingAddress(page, address, '张医生');
  await expect(address).toBeHidden();

  // Then the payment step of the same plan.
  const pay = isMobile(testInfo) ? page.getByRole('dialog', { name: '选择支付方式' }) : page.getByRole('dialog', { name: /开通年度会员/ });
  await expect(pay).toBeVisible();
  await snap(page, testInfo, 'address-then-pay');

  const saved = await (
    await request.get('/index.php', { params: { c: 'program', m: 'getMyAddress', token: await tokenOf(request, username) } })
  ).json();
  expect(JSON.stringify(saved)).toContain('张医生');
});

test('a continuous-monthly member is refused a second purchase', async ({ page, request }, testInfo) => {
  const username = await newAccount(request, testInfo.project.name);
  const token = await tokenOf(request, username);

  // Signed and paid through the sandbox's Alipay agreement pay, as the phone flow does.
  const plans = await (await request.get('/index.php', { params: { c: 'program', m: 'getServiceList', ut: 1, token } })).json();
  const monthly = (plans.servicelsit as { id: number; type: number }[]).find((p) => Number(p.type) === 3)!;
  const signed = await (
    await request.get('/index.php', { params: { c: 'alipay', m: 'memberOrderSignPay', service_id: monthly.id, token, return_url: '/personal?type=flag4' } })
  ).json();
  expect(signed.result).toBe(1);
  const cashier = /action="([^"]*\/dev\/cashier\/[^"?]+)/.exec(signed.form as string)?.[1];
  expect(cashier).toBeTruthy();
  const paid = await request.post(`${new URL(cashier!, 'http://x').pathname}/pay`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'back=%2Fpersonal%3Ftype%3Dflag4',
  });
  expect(await paid.text()).toContain('支付成功');

  await openSubscription(page, username);
  await expect(page.getByText('当前已是连续包月用户，无需购买').first()).toBeVisible();
  await expect(page.getByRole('button', { name: '立即开通' })).toBeDisabled();
  await snap(page, testInfo, 'continuous-refused');
});
