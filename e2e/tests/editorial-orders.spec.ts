// 订单 in the editorial console: a new reader buys a monthly membership through the local sandbox
// cashier and reads a member article in full; an admin finds the order in the console (its
// payment and the provider's notification in the detail), refunds it with a reason, and a second
// refund is refused; the reader then gets the non-member state of the same article. A fresh
// reader, so demo_member and the other journeys' accounts keep their state.
import { expect, type APIRequestContext } from '@playwright/test';
import { loginOnConsole, loginThroughDialog, registerByEmail, snap, test, toast, uniqueTag } from './support';

const PASSWORD = 'Refund#2026';

/** A member-only journal article the token cannot read yet (one no other journey of the run pays for). */
async function lockedMemberArticle(request: APIRequestContext, token: string) {
  const list = (await (await request.post('/api/article/selectArticleList', { data: { pageNo: 1, pageSize: 100, sourceIds: [5] } })).json()).data
    .results as { permalinks: string; accessLevel: string }[];
  const members = list.filter((a) => a.accessLevel === 'member');
  const article = members[5 % members.length]!;
  const detail = await (
    await request.post('/api/article/getArticleDetail', { headers: { Authorization: `Bearer ${token}` }, data: { permalinks: article.permalinks } })
  ).json();
  expect(detail.data.contentLocked).toBe(true);
  return article.permalinks;
}

test.describe('editorial orders', () => {
  test.skip(({ isMobile }) => isMobile, 'the console is a desktop tool');
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a reader buys a membership, an admin refunds it from the console, and the reader loses access', async ({ page, browser, request }, testInfo) => {
    test.setTimeout(300_000);
    const id = uniqueTag();
    const username = `refund_${id}`.slice(0, 16);
    await registerByEmail(request, { email: `refund.${id}@example.com`, username, password: PASSWORD });
    const login = await (await request.post('/api/login/login', { data: { accountName: username, password: PASSWORD } })).json();
    expect(login.code).toBe(0);
    const permalinks = await lockedMemberArticle(request, login.data.token);

    // The reader subscribes monthly: the QR's cashier opened on this machine, paid there.
    await page.goto('/index');
    await loginThroughDialog(page, username, PASSWORD);
    await page.goto('/personal?type=flag4');
    const radio = page.getByRole('radio', { name: /^月度会员 ¥/ });
    await page.locator('label.qy-sub__plan').filter({ has: radio }).click();
    await page.getByRole('button', { name: '立即开通' }).click();
    const qr = page.getByRole('dialog', { name: /开通月度会员/ });
    const href = await qr.getByRole('link', { name: '在本机打开收银台' }).getAttribute('href');
    const cashier = await page.context().newPage();
    await cashier.goto(href!);
    await cashier.getByRole('button', { name: /^支付 ¥/ }).click();
    await expect(cashier.getByText('支付成功')).toBeVisible();
    await cashier.close();
    await expect(toast(page, '支付成功')).toBeVisible({ timeout: 20_000 });
    await page.waitForURL(/\/personal\?type=flag1/);
    await page.goto(`/article-info?permalinks=${permalinks}`);
    await expect(page.getByRole('region', { name: '正文' })).toBeVisible();

    // The admin finds the order by the reader's name and opens it.
    const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const admin = await adminContext.newPage();
    try {
      await loginOnConsole(admin, 'demo_admin', '/editor/orders');
      await expect(admin.getByRole('heading', { name: '订单' })).toBeVisible();
      await admin.getByLabel('订单号/手机号/用户名').fill(username);
      await admin.getByRole('button', { name: /查\s*询/ }).click();
      const rows = admin.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: username });
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText('已支付');
      await expect(admin.getByLabel('合计')).toContainText('合计：1 笔，¥');
      await snap(admin, testInfo, 'editorial-orders-list');
      await rows.getByRole('button', { name: /详\s*情/ }).click();
      const drawer = admin.getByRole('dialog', { name: /^订单 QY/ });
      await expect(drawer.getByText('已支付').first()).toBeVisible();
      await expect(drawer.getByText('平台通知').first()).toBeVisible();
      await snap(admin, testInfo, 'editorial-orders-detail');

      // 退款: a reason is required, then the refund goes through the sandbox.
      await drawer.getByRole('button', { name: /退\s*款/ }).click();
      const modal = admin.getByRole('dialog', { name: /^退款：QY/ });
      await modal.getByRole('button', { name: /确认退款/ }).click();
      await expect(modal.getByText('请填写退款原因')).toBeVisible();
      await modal.getByLabel('退款原因').fill('读者申请退款（测试）');
      await snap(admin, testInfo, 'editorial-orders-refund');
      await modal.getByRole('button', { name: /确认退款/ }).click();
      await expect(toast(admin, '已退款')).toBeVisible();
      await expect(modal).toBeHidden();
      await expect(drawer.getByText('已退款').first()).toBeVisible();
      await expect(drawer.getByText(/demo_admin 退款：读者申请退款（测试）/)).toBeVisible();
      await expect(drawer.getByRole('button', { name: /退\s*款/ })).toHaveCount(0);

      // A second refund (another admin's stale screen) is refused by the server.
      const ordersn = ((await drawer.locator('.ant-drawer-title').textContent()) ?? '').replace('订单 ', '').trim();
      const again = await admin.evaluate(async (sn) => {
        const token = sessionStorage.getItem('token') ?? '';
        const res = await fetch('/api/editor/orders/refund', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ ordersn: sn, reason: '再次退款' }),
        });
        return (await res.json()) as { code: number; msg: string };
      }, ordersn);
      expect(again).toMatchObject({ code: 10409, msg: '该订单已退款，不能重复退款' });
      await snap(admin, testInfo, 'editorial-orders-refunded-detail');
      await drawer.locator('.ant-drawer-close').click();
      await expect(drawer).toBeHidden();
      await expect(rows).toContainText('已退款');
      await snap(admin, testInfo, 'editorial-orders-refunded');
    } finally {
      await adminContext.close();
    }

    // The reader no longer reads the member article in full.
    await page.reload();
    await expect(page.getByText('本文为会员内容')).toBeVisible();
    await expect(page.getByRole('link', { name: '开通会员' }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: '正文' })).toHaveCount(0);
    await snap(page, testInfo, 'editorial-orders-reader-after-refund');
  });
});
