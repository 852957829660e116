// 周刊邮件 in the editorial console: an editor previews the newest published weekly issue as a mail,
// test-sends it to their own e-mail, then sends it to the readers. The local outbox then holds one
// message for each consenting demo reader (none for one who switched the consent off), each with the
// one-click unsubscribe header fields (RFC 8058); opening the link asks first, confirming turns the
// reader's consent off, and a mail client's one-click POST does the same. Consents changed here are
// put back at the end.
import { expect, type APIRequestContext } from '@playwright/test';
import { loginOnConsole, PASSWORD, snap, test, toast } from './support';

interface OutboxRow {
  to: string;
  subject: string;
  body: string;
  html: string | null;
  headers: Record<string, string>;
}

const outboxOf = async (request: APIRequestContext, to: string): Promise<OutboxRow[]> =>
  (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()).data;

/** A reader's token (the site's login). */
async function readerToken(request: APIRequestContext, account: string) {
  const body = await (await request.post('/api/login/login', { data: { accountName: account, password: PASSWORD } })).json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.token as string;
}
const consentsOf = async (request: APIRequestContext, token: string) => {
  const body = await (await request.post('/api/user/getUserInfo', { headers: { authorization: `Bearer ${token}`, token }, data: {} })).json();
  const p = body.data as { ifReceiveNejm: number; ifReceiveJh: number; ifReceiveDsf: number; emailUnsubscribe: number };
  return { ifReceiveNejm: p.ifReceiveNejm, ifReceiveJh: p.ifReceiveJh, ifReceiveDsf: p.ifReceiveDsf, emailUnsubscribe: p.emailUnsubscribe };
};
const setConsents = async (request: APIRequestContext, token: string, consents: { ifReceiveNejm: number; ifReceiveJh: number; ifReceiveDsf: number }) => {
  const body = await (await request.post('/api/user/updateSubscribe', { headers: { authorization: `Bearer ${token}`, token }, data: consents })).json();
  expect(body.code, JSON.stringify(body)).toBe(0);
};

/** The https…/api/newsletter/unsubscribe?token=… address of a List-Unsubscribe field, as a path. */
const unsubscribePath = (field: string) => {
  const m = /^<(https?:\/\/[^>]+)>, <mailto:[^>]+>$/.exec(field);
  expect(m, field).not.toBeNull();
  const url = new URL(m![1]!);
  expect(url.pathname).toBe('/api/newsletter/unsubscribe');
  return `${url.pathname}${url.search}`;
};

test.describe('editorial weekly newsletter', () => {
  test.skip(({ isMobile }) => isMobile, 'the console is a desktop tool');
  test.use({ viewport: { width: 1440, height: 900 } });

  test('an editor test-sends to self, sends to the consenting readers once each; the unsubscribe link turns the consent off', async ({ page, request }, testInfo) => {
    // Readers without a department of a disease area get the whole issue; one switches the consent off first.
    const readers = ['demo_reader', 'demo_member', 'demo_expired'];
    const refuser = 'demo_update';
    const tokens = Object.fromEntries(await Promise.all([...readers, refuser].map(async (r) => [r, await readerToken(request, r)] as const)));
    const before = Object.fromEntries(await Promise.all([...readers, refuser].map(async (r) => [r, await consentsOf(request, tokens[r]!)] as const)));
    for (const r of readers) expect(before[r]!.ifReceiveNejm, `${r} consents in the demo`).toBe(1);
    await setConsents(request, tokens[refuser]!, { ...before[refuser]!, ifReceiveNejm: 0 });
    try {
      await loginOnConsole(page, 'demo_editor', '/editor/newsletter');
      await expect(page.getByRole('heading', { name: '周刊邮件' })).toBeVisible();
      // The newest published issue not yet sent is chosen, with a subject naming it.
      const subjectField = page.getByLabel('邮件标题');
      await expect(subjectField).toHaveValue(/^千言医学周刊｜.+/);
      const subject = `${await subjectField.inputValue()}`;
      const issueTitle = subject.replace('千言医学周刊｜', '');
      await page.getByLabel('导语').fill('本周编辑推荐：请查收。');

      // Sending stays closed until a test mail of these words went out.
      const sendButton = page.getByRole('button', { name: '发送给读者' });
      await expect(sendButton).toBeDisabled();
      await page.getByRole('button', { name: /^预\s*览$/ }).click();
      await expect(page.getByText(/目前有 \d+ 位读者会收到/)).toBeVisible();
      await expect(page.frameLocator('iframe[title="邮件预览"]').getByRole('heading', { name: issueTitle })).toBeVisible();
      await snap(page, testInfo, 'editorial-newsletter-preview');

      await page.getByRole('button', { name: '发送测试邮件' }).click();
      await expect(toast(page, '测试邮件已发送到 demo_editor@example.com')).toBeVisible();
      const testMail = (await outboxOf(request, 'demo_editor@example.com')).filter((m) => m.subject === `[测试] ${subject}`);
      expect(testMail).toHaveLength(1);
      expect(testMail[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(testMail[0]!.body).toContain('本周编辑推荐：请查收。');

      await expect(sendButton).toBeEnabled();
      await sendButton.click();
      const confirm = page.getByRole('dialog', { name: '确认发送周刊邮件？' });
      await expect(confirm).toContainText(`将把“${issueTitle}”发送给`);
      await confirm.getByRole('button', { name: /^发\s*送$/ }).click();
      await expect(toast(page, '已开始发送，可在下方查看进度')).toBeVisible();
      // The progress bar, polled, reaches the end.
      const row = page.getByRole('row').filter({ hasText: subject });
      await expect(row.getByText('已完成')).toBeVisible({ timeout: 60_000 });
      await expect(row.getByText(/^已发送 \d+ \/ \d+/)).toBeVisible();
      await snap(page, testInfo, 'editorial-newsletter-sent');

      // Each consenting reader once, with the unsubscribe header fields; none for the one who switched off.
      for (const r of readers) {
        const mails = (await outboxOf(request, `${r}@example.com`)).filter((m) => m.subject === subject);
        expect(mails, r).toHaveLength(1);
        expect(mails[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
        unsubscribePath(mails[0]!.headers['List-Unsubscribe']!);
        expect(mails[0]!.html).toContain(issueTitle);
      }
      expect((await outboxOf(request, `${refuser}@example.com`)).filter((m) => m.subject === subject)).toHaveLength(0);
      // The editor's own copy as a reader (staff read too), once.
      expect((await outboxOf(request, 'demo_editor@example.com')).filter((m) => m.subject === subject).length).toBeLessThanOrEqual(1);

      // Opening the link asks first and changes nothing; confirming turns demo_expired's consent off.
      const expiredMail = (await outboxOf(request, 'demo_expired@example.com')).find((m) => m.subject === subject)!;
      await page.goto(unsubscribePath(expiredMail.headers['List-Unsubscribe']!));
      await expect(page.getByRole('heading', { name: '退订邮件' })).toBeVisible();
      expect((await consentsOf(request, tokens.demo_expired!)).ifReceiveNejm).toBe(1);
      await page.getByRole('button', { name: '确认退订' }).click();
      await expect(page.getByRole('heading', { name: '已退订' })).toBeVisible();
      expect((await consentsOf(request, tokens.demo_expired!)).ifReceiveNejm).toBe(0);

      // A mail client's one-click POST (RFC 8058) for demo_member; a forged token changes nothing.
      const memberMail = (await outboxOf(request, 'demo_member@example.com')).find((m) => m.subject === subject)!;
      const path = unsubscribePath(memberMail.headers['List-Unsubscribe']!);
      const forged = path.replace(/token=(\d+)\./, (_, id) => `token=${Number(id) + 1}.`);
      const refused = await request.post(forged, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: 'List-Unsubscribe=One-Click' });
      expect(refused.status()).toBe(400);
      expect((await consentsOf(request, tokens.demo_member!)).ifReceiveNejm).toBe(1);
      const oneClick = await request.post(path, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: 'List-Unsubscribe=One-Click' });
      expect(oneClick.status()).toBe(200);
      expect((await consentsOf(request, tokens.demo_member!)).ifReceiveNejm).toBe(0);
    } finally {
      for (const r of [...readers, refuser]) await setConsents(request, tokens[r]!, before[r]!);
    }
  });
});
