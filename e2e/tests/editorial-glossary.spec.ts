// 术语表 in the editorial console: an editor finds 心力衰竭 by typing 心衰, creates a term in the
// drawer (abbreviations as tags), edits it, sees a stale save refused with the server's 10409
// message, and deletes it after confirmation; a contributor has no 术语表 in the menu.
import { expect } from '@playwright/test';
import { loginOnConsole, snap, test, toast, uniqueTag } from './support';

test.describe('editorial glossary', () => {
  test.skip(({ isMobile }) => isMobile, 'the console is a desktop tool');
  test.use({ viewport: { width: 1440, height: 900 } });

  test('an editor searches, creates, edits and deletes a term; a stale save shows 10409', async ({ page }, testInfo) => {
    await loginOnConsole(page, 'demo_editor', '/editor/glossary');
    await expect(page.getByRole('heading', { name: '术语表' })).toBeVisible();
    await page.getByRole('searchbox', { name: '搜索中文、英文或缩写' }).fill('心衰');
    await page.getByRole('searchbox', { name: '搜索中文、英文或缩写' }).press('Enter');
    await expect(page.getByRole('row').filter({ hasText: '心力衰竭' }).first()).toBeVisible();
    await snap(page, testInfo, 'editorial-glossary');

    const term = `测试术语${uniqueTag()}`;
    await page.getByRole('button', { name: '新建术语' }).click();
    const drawer = page.getByRole('dialog', { name: '新建术语' });
    await drawer.getByLabel('中文术语').fill(term);
    await drawer.getByLabel('英文术语').fill('test term');
    await drawer.getByLabel('缩写/同义词').fill('TT');
    await drawer.getByLabel('缩写/同义词').press('Enter');
    await drawer.getByLabel('释义').fill('仅用于端到端测试的术语。');
    await drawer.getByLabel('疾病领域').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await snap(page, testInfo, 'editorial-glossary-drawer');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await toast(page, '已保存');

    await page.getByRole('searchbox', { name: '搜索中文、英文或缩写' }).fill(term);
    await page.getByRole('searchbox', { name: '搜索中文、英文或缩写' }).press('Enter');
    const row = page.getByRole('row').filter({ hasText: term });
    await expect(row).toContainText('TT');

    // Someone else saves first: this page's edit began from the older revision.
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const edit = page.getByRole('dialog', { name: '编辑术语' });
    const other = await page.evaluate(async (t) => {
      const token = sessionStorage.getItem('token') ?? '';
      const headers = { 'content-type': 'application/json', token, authorization: `Bearer ${token}` };
      const list = await fetch('/api/editor/glossary/list', { method: 'POST', headers, body: JSON.stringify({ pageNo: 1, pageSize: 5, keyword: t }) }).then((r) => r.json());
      const item = list.data.results[0];
      const saved = await fetch('/api/editor/glossary/save', {
        method: 'POST',
        headers,
        body: JSON.stringify({ id: item.id, baseRevision: item.revision, term: t, definition: '他人的修改。', classId: item.classId }),
      }).then((r) => r.json());
      return saved.code as number;
    }, term);
    expect(other).toBe(0);
    await edit.getByLabel('释义').fill('我的修改。');
    await edit.getByRole('button', { name: /保\s*存/ }).click();
    await expect(edit.getByRole('alert')).toContainText('该术语已被他人修改');
    await expect(edit.getByLabel('释义')).toHaveValue('我的修改。');
    await snap(page, testInfo, 'editorial-glossary-conflict');
    await edit.getByRole('button', { name: '载入最新版本' }).click();
    await expect(page.getByRole('dialog', { name: '编辑术语' }).getByLabel('释义')).toHaveValue('他人的修改。');
    await page.getByRole('dialog', { name: '编辑术语' }).getByRole('button', { name: /取\s*消/ }).click();

    await row.getByRole('button', { name: /删\s*除/ }).click();
    await page.getByRole('tooltip').getByRole('button', { name: /删\s*除/ }).click();
    await toast(page, '已删除');
    await expect(page.getByRole('row').filter({ hasText: term })).toHaveCount(0);
  });

  test('a contributor has no 术语表 in the menu', async ({ page }) => {
    await loginOnConsole(page, 'demo_contributor', '/editor');
    await expect(page.getByRole('navigation', { name: '千言编辑部' })).not.toContainText('术语表');
  });
});
