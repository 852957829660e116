// The editorial console (/editor, mf-editorial): a contributor writes a draft with an imported JATS
// original and a Chinese body and submits it; an editor publishes it and readers find it on its list;
// a reader opening the console is refused, and reader pages load none of the console's code.
import { expect, type Page } from '@playwright/test';
import path from 'node:path';
import { PASSWORD, snap, test, toast, uniqueTag } from './support';

/** The original JATS article the server's import tests use (PubMed Central's structure). */
const JATS = path.join(__dirname, '../../server/test/fixtures/jats/home-rehab-trial.xml');

/** Logs in from the console's own prompt, through the shell's login dialog. */
async function loginOnConsole(page: Page, account: string) {
  await page.goto('/editor');
  await expect(page.getByText('请先登录')).toBeVisible();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '用户登录' });
  await dialog.getByLabel('账号').fill(account);
  await dialog.getByLabel('密码').fill(PASSWORD);
  await dialog.getByRole('button', { name: /^登\s*录$/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Ends the session in this tab, as logging out would (the console has no reader header). */
async function forgetSession(page: Page) {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

test.describe('editorial console', () => {
  test.skip(({ isMobile }) => isMobile, 'the console is a desktop tool');

  test('a contributor submits a draft with a JATS original; an editor publishes it; it is on /nejm-list', async ({ page }, testInfo) => {
    // Two staff sessions, an import and a publication: a longer journey than most.
    test.setTimeout(150_000);
    const title = `编辑部旅程 ${uniqueTag()}：居家肺康复`;
    const chineseBody = '慢性阻塞性肺疾病住院后的居家肺康复可以改善患者的运动能力。';

    // The contributor: the console's own layout, no reader header or footer.
    await loginOnConsole(page, 'demo_contributor');
    const nav = page.getByRole('navigation', { name: '千言编辑部' });
    // The menu shows what the role opens: articles, not the editors' issues nor the admins' screens.
    await expect(nav.getByRole('menuitem', { name: '文章' })).toBeVisible();
    for (const closed of ['期刊', '审计', '人员']) await expect(nav.getByRole('menuitem', { name: closed })).toHaveCount(0);
    await expect(page.locator('#qy-header')).toBeHidden();
    await expect(page.locator('#qy-footer')).toBeHidden();

    await page.getByRole('button', { name: '新建文章' }).click();
    const create = page.getByRole('dialog', { name: '新建文章' });
    await expect(create.getByText('期刊（5）')).toBeVisible();
    await create.getByLabel('标题').fill(title);
    await create.getByRole('button', { name: '创建' }).click();
    await expect(page).toHaveURL(/\/editor\/article\/\d+$/);
    const articleUrl = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // A malformed file is refused with the server's reason; then the real original fills the English tab.
    await page.getByRole('tab', { name: '英文原文' }).click();
    const jatsInput = page.getByTestId('import-jats');
    await jatsInput.setInputFiles({ name: 'broken.xml', mimeType: 'application/xml', buffer: Buffer.from('<article><front></article>') });
    await expect(page.getByRole('alert').filter({ hasText: 'JATS文件不是格式正确的XML' })).toBeVisible();
    await jatsInput.setInputFiles(JATS);
    await expect(toast(page, '已导入英文原文')).toBeVisible();
    await expect(page.getByLabel('英文标题')).toHaveValue(/Home-Based Pulmonary Rehabilitation/);
    await expect(page.getByRole('textbox', { name: '英文正文' })).toContainText('Methods');
    // Its figure given by another site's address: noted for upload, not fetched (the site loads its own pictures only).
    await expect(page.getByText(/外部图片.*media\.example\.org/).first()).toBeVisible();
    await snap(page, testInfo, 'editorial-english');

    // The Chinese body, typed into the rich-text editor, and the commentary's free part.
    await page.getByRole('tab', { name: '正文', exact: true }).click();
    const body = page.getByRole('textbox', { name: '中文正文' });
    await body.click();
    await page.keyboard.type(chineseBody);
    await expect(page.getByText('有未保存的修改')).toBeVisible();
    await page.getByRole('tab', { name: '评述' }).click();
    const commentary = page.getByRole('textbox', { name: '评述', exact: true });
    await commentary.click();
    await page.keyboard.type('免费可读的导语');
    await page.getByRole('button', { name: '插入免费部分分隔线' }).click();
    await expect(commentary.getByRole('separator', { name: '以上为免费部分' })).toBeVisible();
    await expect(page.getByTestId('free-count')).toHaveText('非会员可见：7 字');
    await snap(page, testInfo, 'editorial-commentary');
    // Its tab on the journal's list (综述类).
    await page.getByRole('tab', { name: '分类与关联' }).click();
    await page.getByLabel('文章分类').click();
    await page.getByTitle('综述类', { exact: true }).click();
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '已保存')).toBeVisible();
    await expect(page.getByText('有未保存的修改')).toHaveCount(0);

    await page.getByRole('tab', { name: '发布' }).click();
    // A contributor may send it for review, not publish it.
    await expect(page.getByRole('button', { name: '立即发布' })).toHaveCount(0);
    await page.getByRole('button', { name: '提交审核' }).click();
    await expect(toast(page, '提交审核成功')).toBeVisible();
    await expect(page.locator('.qy-ed-article__title').getByText('待审核')).toBeVisible();

    // The editor finds it in the list (in review, by title) and publishes it.
    await forgetSession(page);
    await loginOnConsole(page, 'demo_editor');
    await expect(nav.getByRole('menuitem', { name: '期刊' })).toBeVisible();
    for (const closed of ['审计', '人员']) await expect(nav.getByRole('menuitem', { name: closed })).toHaveCount(0);
    await page.getByRole('searchbox', { name: '按标题搜索' }).fill(title);
    await page.getByRole('searchbox', { name: '按标题搜索' }).press('Enter');
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByText('待审核')).toBeVisible();
    await snap(page, testInfo, 'editorial-list');
    await row.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(articleUrl);
    await page.getByRole('tab', { name: '正文', exact: true }).click();
    await expect(page.getByRole('textbox', { name: '中文正文' })).toContainText(chineseBody);
    await snap(page, testInfo, 'editorial-editor');
    await page.getByRole('tab', { name: '发布' }).click();
    await page.getByRole('button', { name: '立即发布' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '立即发布成功')).toBeVisible();
    await expect(page.locator('.qy-ed-article__title').getByText('已发布')).toBeVisible();

    // Readers see it on the journal's list, in its tab (综述类, the first).
    await page.goto('/nejm-list');
    await expect(page.getByRole('tab', { name: '综述类' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
  });

  test('a reader opening /editor is refused, and reader pages load none of the console', async ({ page }) => {
    const consoleFiles: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('mf-editorial') || r.url().includes('mf_editorial')) consoleFiles.push(r.url());
    });
    await page.goto('/index');
    await expect(page.locator('#qy-header')).toBeVisible();
    await page.goto('/nejm-list');
    await expect(page.getByRole('link').filter({ hasText: /\S/ }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(consoleFiles).toEqual([]);

    await loginOnConsole(page, 'demo_reader');
    await expect(page.getByText('没有权限', { exact: true })).toBeVisible();
    await expect(page.getByText('没有权限：仅限编辑部人员使用')).toBeVisible();
    await expect(page.getByRole('navigation', { name: '千言编辑部' })).toHaveCount(0);
    await expect(page.locator('#qy-header')).toBeHidden();
  });
});
