// 会员 in the editorial console: an admin finds a reader by e-mail, opens their page, gives them a
// membership and extends it by 30 days (a reason required, refused without one), sees both in the
// reader's 操作记录 and in the audit trail, then ends all the reader's sessions after a confirm; the
// reader's logged-in page loses its session. The reader is registered by the journey itself, so the
// demo accounts other journeys rely on (demo_member a member, logged in) are never changed.
import { expect, type Page } from '@playwright/test';
import { loginOnConsole, loginThroughDialog, PASSWORD, registerByEmail, snap, test, toast, uniqueTag } from './support';

/** A member-only reader call with the page's session: its envelope code (0 while the session lives). */
const readerCode = (page: Page) =>
  page.evaluate(async () => {
    const token = sessionStorage.getItem('token') ?? localStorage.getItem('token') ?? '';
    const res = await fetch('/api/user/getMemberInfo', { method: 'POST', headers: { 'content-type': 'application/json', token }, body: '{}' });
    return ((await res.json()) as { code: number }).code;
  });

test.describe('editorial members', () => {
  test.skip(({ isMobile }) => isMobile, 'the console is a desktop tool');
  test.use({ viewport: { width: 1440, height: 900 } });

  test("an admin extends a reader's membership with a reason, sees it audited and ends the reader's sessions", async ({ page, browser, request }, testInfo) => {
    // Registration, two logins and five actions on a busy machine.
    test.setTimeout(120_000);
    const tag = uniqueTag();
    const username = `mem${tag}`;
    const email = `${username}@example.com`;
    await registerByEmail(request, { email, username, password: PASSWORD });

    // The reader, logged in on their personal centre in a browser of their own.
    const readerContext = await browser.newContext();
    const reader = await readerContext.newPage();
    try {
      await reader.goto('/index');
      await loginThroughDialog(reader, username);
      await reader.goto('/personal');
      await expect(reader.getByRole('dialog', { name: '用户登录' })).toBeHidden();
      expect(await readerCode(reader)).toBe(0);

      // The admin finds them by e-mail and opens their page.
      await loginOnConsole(page, 'demo_admin', '/editor/members');
      await expect(page.getByRole('heading', { name: '会员', exact: true })).toBeVisible();
      await page.getByLabel('查找读者').fill(email);
      await page.getByLabel('查找读者').press('Enter');
      const row = page.getByRole('row').filter({ hasText: email });
      await expect(row).toContainText('非会员');
      await snap(page, testInfo, 'editorial-members-search');
      await row.getByRole('link', { name: username }).click();
      await expect(page.getByRole('heading', { name: username })).toBeVisible();
      await expect(page.getByText('还没有操作记录')).toBeVisible();
      // Their live sessions (the registration's and the login's), with the browser each was opened in.
      const sessions = page.locator('.qy-ed-members__table').nth(3).locator('.ant-table-row');
      await expect(sessions.filter({ hasText: 'Mozilla' }).first()).toBeVisible();
      const live = await sessions.count();
      expect(live).toBeGreaterThanOrEqual(1);

      // A monthly membership first (there is nothing to extend yet).
      await expect(page.getByRole('button', { name: '延长会员' })).toBeDisabled();
      await page.getByRole('button', { name: '开通会员' }).click();
      const grant = page.getByRole('dialog', { name: `开通会员：${username}` });
      // The plan is picked once the dialog has finished opening and its list has finished unfolding
      // (an option clicked while either still moved was sometimes left unchosen), and the choice is
      // seen in the dialog (its length follows the plan) before going on.
      const moving = page.locator('[class*="ant-zoom-appear"], [class*="ant-zoom-enter"], [class*="ant-slide-up-appear"], [class*="ant-slide-up-enter"]');
      await expect(moving).toHaveCount(0);
      await grant.getByLabel('会员方案').click();
      const monthly = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '月度会员' });
      await expect(monthly).toBeVisible();
      await expect(moving).toHaveCount(0);
      await monthly.click();
      await expect(grant.getByText('按方案时长（1个月）')).toBeVisible();
      await grant.getByLabel('原因').fill(`合作机构赠送 ${tag}`);
      await grant.getByRole('button', { name: /确\s*定/ }).click();
      await expect(toast(page, '已开通')).toBeVisible();
      await expect(grant).toBeHidden();
      const endText = page.getByTestId('qy-ed-member-end');
      await expect(endText).toContainText('到期时间');
      const granted = /(\d{4}-\d{2}-\d{2})/.exec((await endText.textContent()) ?? '')![1]!;

      // Extend by 30 days: refused without a reason, then applied with one.
      await page.getByRole('button', { name: '延长会员' }).click();
      const extend = page.getByRole('dialog', { name: `延长会员：${username}` });
      await expect(extend.getByLabel('天数')).toHaveValue('30');
      await extend.getByRole('button', { name: /确\s*定/ }).click();
      await expect(extend.getByText('请填写原因')).toBeVisible();
      await extend.getByLabel('原因').fill(`客服补偿 ${tag}`);
      await snap(page, testInfo, 'editorial-members-extend');
      await extend.getByRole('button', { name: /确\s*定/ }).click();
      await expect(toast(page, '已延长')).toBeVisible();
      await expect(extend).toBeHidden();
      const expected = new Date(Date.parse(`${granted}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
      await expect(endText).toContainText(expected);

      // Both changes in the reader's 操作记录, newest first, with who and why.
      const history = page.locator('.qy-ed-members__history .ant-table-row');
      await expect(history).toHaveCount(2);
      await expect(history.first()).toContainText('延长会员');
      await expect(history.first()).toContainText('延长30天');
      await expect(history.first()).toContainText('demo_admin');
      await expect(history.first()).toContainText(`客服补偿 ${tag}`);
      await expect(history.nth(1)).toContainText('开通会员');
      await snap(page, testInfo, 'editorial-members-detail');

      // And in the audit trail.
      const readerPage = page.url();
      await page.goto('/editor/audit?target=member');
      const entry = page.getByRole('row').filter({ hasText: `客服补偿 ${tag}` });
      await expect(entry).toContainText('延长会员');
      await expect(entry).toContainText(username);
      await page.goto(readerPage);
      await expect(page.getByRole('heading', { name: username })).toBeVisible();

      // End all the reader's sessions (after a confirm): their page loses its session.
      await page.getByRole('button', { name: '结束全部会话' }).click();
      const confirm = page.getByRole('dialog', { name: `结束全部会话：${username}` });
      await expect(confirm).toContainText('读者将立即退出登录');
      await confirm.getByRole('button', { name: /确\s*定/ }).click();
      await expect(toast(page, `已结束${live}个登录会话`)).toBeVisible();
      await expect(page.getByText('没有有效的登录会话')).toBeVisible();

      expect(await readerCode(reader)).toBe(10002);
      await reader.reload();
      await expect(reader.getByRole('dialog', { name: '用户登录' })).toBeVisible();
    } finally {
      await readerContext.close();
    }
  });
});
