// The editorial console's other screens: an editor previews a draft as a non-member (only the free
// part of its commentary) and restores a revision; builds the week's issue and publishes it
// (/latest-periodical shows it) and withdraws it again; withdraws an article (gone from /nejm-list
// and search); an admin changes a role and reads it in the audit trail. Every change is undone
// before the file ends (the issue and the articles withdrawn, the role given back), so journeys
// after it see the site as seeded.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { loginOnConsole, PASSWORD, snap, test, toast, uniqueTag } from './support';

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** Logs in through the API and returns the session token. */
async function tokenOf(request: APIRequestContext, account: string): Promise<string> {
  const res = await request.post('/api/login/login', { data: { accountName: account, password: PASSWORD } });
  const body = (await res.json()) as Envelope<{ token: string }>;
  expect(body.code, body.message).toBe(0);
  return body.data.token;
}

/** A staff call of the console's API. */
async function staffCall<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const res = await request.post(`/api/editor/${path}`, { headers: { Authorization: `Bearer ${token}`, token }, data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${path}: ${body.message}`).toBe(0);
  return body.data;
}

interface Article {
  id: number;
  revision: number;
  document: { permalinks: string; title: string };
}

/** A new draft of the editor's, with these fields. */
const draft = (request: APIRequestContext, token: string, document: object) => staffCall<Article>(request, token, 'article/create', { document });

/** A new published journal article, a review (综述类, the first tab of /nejm-list). */
async function published(request: APIRequestContext, token: string, title: string): Promise<Article> {
  const a = await draft(request, token, { sourceId: 5, filterId: 1, title, intro: `${title}的摘要。`, content: `<p>${title}的正文。</p>`, accessLevel: 'public' });
  return staffCall<Article>(request, token, 'article/publish', { id: a.id, revision: a.revision });
}

/** An option of the open select (antd's visible list; its accessible copy is hidden). */
const option = (page: Page, text: string | RegExp) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();

/** Confirms the open confirmation dialog. */
const confirm = (page: Page) => page.getByRole('dialog').getByRole('button', { name: /^确\s*定$/ }).click();

test.describe('editorial console screens', () => {
  test.skip(({ isMobile }) => isMobile, 'the console is a desktop tool');
  test.use({ viewport: { width: 1440, height: 900 } });

  const cleanups: (() => Promise<unknown>)[] = [];
  test.afterAll(async ({ request }) => {
    for (const undo of cleanups.reverse()) await undo().catch(() => undefined);
  });

  test('an editor previews a draft as a non-member, sees only the free part, and restores a revision', async ({ page, request }, testInfo) => {
    const editor = await tokenOf(request, 'demo_editor');
    const title = `控制台预览 ${uniqueTag()}：心衰新药`;
    const a = await draft(request, editor, {
      sourceId: 5,
      title,
      intro: '一项随机对照试验的摘要。',
      content: '<p>本研究纳入了两千名患者。</p>',
      wantsayTitle: '述评：新药的意义',
      wantsay: '<p>免费可读的述评导语。</p><hr><p>仅会员可读的述评全文。</p>',
      accessLevel: 'member',
    });
    // A second revision, so there is a difference to read.
    await staffCall(request, editor, 'article/save', { id: a.id, baseRevision: a.revision, document: { content: '<p>本研究纳入了三千名成年患者。</p>' } });

    await loginOnConsole(page, 'demo_editor', `/editor/article/${a.id}/preview`);
    await expect(page.getByRole('heading', { name: '预览', exact: true })).toBeVisible();
    await page.getByRole('radio', { name: '非会员' }).check({ force: true });
    await page.getByRole('button', { name: '生成预览链接' }).click();
    await expect(page.getByText(/已生成预览链接/)).toBeVisible();
    const link = await page.getByRole('textbox', { name: '预览链接' }).inputValue();
    expect(link).toMatch(new RegExp(`/article-info\\?permalinks=${a.document.permalinks}&prev=`));
    await expect(page.getByRole('row').filter({ hasText: '非会员' }).getByText('有效')).toBeVisible();
    await snap(page, testInfo, 'console-preview');

    // The phone-width window shows the draft as a non-member reads it: the commentary's free part only.
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: '手机宽度（390）' }).click();
    const phone = await popup;
    await expect(phone.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const commentary = phone.getByRole('region', { name: '述评' });
    await expect(commentary).toContainText('免费可读的述评导语。');
    await expect(commentary.getByRole('button', { name: '查看全部述评' })).toBeVisible();
    await expect(phone.getByText('仅会员可读的述评全文。')).toHaveCount(0);
    await phone.close();

    // The same link in a visitor's browser (no session): still the free part only.
    const visitorContext = await page.context().browser()!.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByRole('region', { name: '述评' })).toContainText('免费可读的述评导语。');
    await expect(visitor.getByText('仅会员可读的述评全文。')).toHaveCount(0);
    await visitorContext.close();

    // Revoked, it stops working.
    await page.getByRole('row').filter({ hasText: '非会员' }).getByRole('button', { name: '撤销' }).click();
    await confirm(page);
    await expect(page.getByRole('row').filter({ hasText: '非会员' }).getByText('已撤销')).toBeVisible();

    // 修订记录: who saved what, the difference to the current text, and a restore.
    await page.getByRole('link', { name: '修订记录' }).click();
    await expect(page).toHaveURL(new RegExp(`/editor/article/${a.id}/revisions$`));
    const first = page.getByRole('row').filter({ hasText: '第1版' });
    await expect(first).toContainText('demo_editor');
    await expect(page.getByRole('row').filter({ hasText: '第2版' })).toContainText('中文正文');
    await first.getByRole('button', { name: '与当前对比' }).click();
    const body = page.getByRole('region', { name: '第1版与当前版本的差异' }).getByRole('region', { name: '中文正文' });
    await expect(body.locator('del')).toContainText(['两千']);
    await expect(body.locator('ins').first()).toContainText('三千');
    await snap(page, testInfo, 'console-revisions');
    await first.getByRole('button', { name: '恢复此版本' }).click();
    await confirm(page);
    await expect(toast(page, '已恢复，当前为第3版')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: '第3版' })).toContainText('恢复自第1版');
  });

  test('an editor builds the week’s issue, publishes it and /latest-periodical shows it, then withdraws it', async ({ page, request }, testInfo) => {
    const editor = await tokenOf(request, 'demo_editor');
    const tag = uniqueTag();
    const article = await published(request, editor, `控制台周刊文章 ${tag}`);
    cleanups.push(() => staffCall(request, editor, 'article/withdraw', { id: article.id, revision: article.revision }));
    // The issue's date: the day after the newest issue, so it is the latest one.
    const newest = await staffCall<{ results: { thedate: string }[] }>(request, editor, 'issue/list', { pageNo: 1, pageSize: 1 });
    const date = new Date(`${newest.results[0]!.thedate}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + 1);
    const thedate = date.toISOString().slice(0, 10);
    const issueTitle = `控制台一期 ${tag}`;

    await loginOnConsole(page, 'demo_editor', '/editor/issues');
    await page.getByRole('button', { name: '新建一期' }).click();
    const create = page.getByRole('dialog', { name: '新建一期' });
    await create.getByLabel('本期标题').fill(issueTitle);
    await create.getByLabel('出版日期').fill(thedate);
    await create.getByLabel('出版日期').press('Enter');
    await create.getByRole('button', { name: '创建' }).click();
    await expect(page).toHaveURL(/\/editor\/issues\/\d+$/);
    const issueId = Number(new URL(page.url()).pathname.split('/').pop());
    cleanups.push(async () => {
      const issue = await staffCall<{ state: string; revision: number }>(request, editor, 'issue/get', { id: issueId });
      if (issue.state === 'published') await staffCall(request, editor, 'issue/withdraw', { id: issueId, revision: issue.revision });
    });
    await expect(page.getByRole('heading', { name: issueTitle })).toBeVisible();

    // Pick the article from the published journal articles, by its title.
    const journal = page.getByRole('region', { name: '期刊文章' });
    await journal.getByRole('combobox').fill(tag);
    await option(page, `控制台周刊文章 ${tag}`).click();
    await expect(journal.getByRole('list', { name: '期刊文章' }).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(toast(page, '已保存')).toBeVisible();
    await expect(page.getByText('1 篇（已发布 1）')).toBeVisible();
    await snap(page, testInfo, 'console-issue');
    await page.getByRole('button', { name: '发布本期' }).click();
    await confirm(page);
    await expect(toast(page, '本期已发布')).toBeVisible();

    await page.goto('/latest-periodical');
    await expect(page.locator('.qy-period__week-title')).toHaveText(issueTitle);
    await expect(page.getByRole('link', { name: `控制台周刊文章 ${tag}` })).toBeVisible();

    // Withdrawn, the latest issue is the seeded one again.
    await page.goto(`/editor/issues/${issueId}`);
    await page.getByRole('button', { name: '撤回本期' }).click();
    await confirm(page);
    await expect(toast(page, '本期已撤回')).toBeVisible();
    await page.goto('/editor/issues');
    await expect(page.getByRole('row').filter({ hasText: issueTitle })).toContainText('未发布');
    await snap(page, testInfo, 'console-issues');
    await page.goto('/latest-periodical');
    await expect(page.locator('.qy-period__week-title')).toBeVisible();
    await expect(page.locator('.qy-period__week-title')).not.toHaveText(issueTitle);
  });

  test('a withdrawn article leaves /nejm-list and search', async ({ page, request }) => {
    const editor = await tokenOf(request, 'demo_editor');
    const title = `控制台撤回 ${uniqueTag()} 房颤消融`;
    const article = await published(request, editor, title);
    cleanups.push(async () => {
      const a = await staffCall<{ state: string; revision: number }>(request, editor, 'article/get', { id: article.id });
      if (a.state === 'published') await staffCall(request, editor, 'article/withdraw', { id: article.id, revision: a.revision });
    });
    const searchPage = `/search?query=${encodeURIComponent(title)}`;
    // Published: on the journal's list and found by search (fresh within seconds, on reload).
    await expect(async () => {
      await page.goto('/nejm-list');
      await expect(page.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 2000 });
    }).toPass();
    await expect(async () => {
      await page.goto(searchPage);
      await expect(page.getByRole('region', { name: '搜索结果列表' }).getByRole('link', { name: title }).first()).toBeVisible({ timeout: 2000 });
    }).toPass();

    await loginOnConsole(page, 'demo_editor', `/editor/article/${article.id}`);
    await page.getByRole('tab', { name: '发布' }).click();
    await page.getByRole('button', { name: '撤回', exact: true }).click();
    await confirm(page);
    await expect(toast(page, '撤回成功')).toBeVisible();

    // Off the list and out of search (on every instance within seconds: reloaded until so).
    await expect(async () => {
      await page.goto('/nejm-list');
      await expect(page.getByRole('link').filter({ hasText: /\S/ }).first()).toBeVisible({ timeout: 2000 });
      await expect(page.getByRole('link', { name: title })).toHaveCount(0, { timeout: 500 });
    }).toPass();
    await expect(async () => {
      const answered = page.waitForResponse((r) => r.url().includes('/api/article/selectArticleList'));
      await page.goto(searchPage);
      expect((await (await answered).json()).code).toBe(0);
      await expect(page.getByRole('link', { name: title })).toHaveCount(0, { timeout: 500 });
    }).toPass();
  });

  test('an admin changes demo_contributor’s role and the audit trail shows it', async ({ page, request }, testInfo) => {
    const admin = await tokenOf(request, 'demo_admin');
    cleanups.push(() => staffCall(request, admin, 'staff/setRole', { account: 'demo_contributor', role: 'contributor' }));

    await loginOnConsole(page, 'demo_admin', '/editor/staff');
    const row = page.getByRole('row').filter({ hasText: 'demo_contributor' });
    await expect(row).toContainText('撰稿人');
    await row.getByRole('combobox', { name: '修改角色：demo_contributor' }).click();
    await option(page, /^编辑$/).click();
    await expect(page.getByRole('dialog')).toContainText('确定将 demo_contributor 的角色由“撰稿人”改为“编辑”吗？');
    await confirm(page);
    await expect(toast(page, '已将 demo_contributor 的角色改为“编辑”')).toBeVisible();
    await expect(row.getByRole('cell', { name: '编辑', exact: true })).toBeVisible();
    await snap(page, testInfo, 'console-staff');

    await page.getByRole('navigation', { name: '千言编辑部' }).getByRole('link', { name: '审计' }).click();
    await page.getByRole('combobox', { name: '操作', exact: true }).click();
    await option(page, '角色变更').click();
    await expect(page).toHaveURL(/action=role/);
    const entry = page.getByRole('row').filter({ hasText: 'demo_contributor' }).first();
    await expect(entry).toContainText('demo_admin');
    await expect(entry).toContainText('撰稿人 → 编辑');
    await snap(page, testInfo, 'console-audit');

    // The role given back, through the screen.
    await page.getByRole('navigation', { name: '千言编辑部' }).getByRole('link', { name: '人员' }).click();
    await row.getByRole('combobox', { name: '修改角色：demo_contributor' }).click();
    await option(page, /^撰稿人$/).click();
    await confirm(page);
    await expect(row.getByRole('cell', { name: '撰稿人', exact: true })).toBeVisible();
  });
});
