// Bilingual reading (issue 21): 中文 / English / 对照 on the article page, side by side on a desktop
// and paragraph after paragraph on a phone, remembered; the English gated as the Chinese.
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { isMobile, loginThroughDialog, snap, test } from './support';

interface Detail {
  permalinks: string;
  title: string;
  accessLevel: string;
  haswantsay: number;
  hasEnglish: number;
  enAbstract: string;
}

/** A member article of the newest journal issues with an English original and a commentary. */
async function memberArticleWithEnglish(request: APIRequestContext): Promise<Detail> {
  const res = await request.post('/api/article/selectArticleList', { data: { pageNo: 1, pageSize: 30, sourceIds: [5] } });
  const items = (await res.json()).data.results as { permalinks: string; accessLevel: string; haswantsay: number }[];
  for (const item of items.filter((a) => a.accessLevel === 'member' && a.haswantsay === 1)) {
    const detail = (await (await request.post('/api/article/getArticleDetail', { data: { permalinks: item.permalinks } })).json()).data as Detail;
    if (detail.hasEnglish === 1) return detail;
  }
  throw new Error('the seed has a member article with an English original and a commentary');
}

const modeSwitch = (page: Page) => page.getByRole('group', { name: '阅读语言' });

test('a member reads an article side by side, and the choice is remembered', async ({ page, request }, testInfo) => {
  const article = await memberArticleWithEnglish(request);
  await page.goto(`/article-info?permalinks=${article.permalinks}`);
  await loginThroughDialog(page, 'demo_member');
  const body = page.getByRole('region', { name: '正文' });
  await expect(body).toBeVisible();

  await modeSwitch(page).getByRole('radio', { name: '对照' }).check();
  await expect(modeSwitch(page).getByRole('radio', { name: '对照' })).toBeChecked();
  const rows = body.locator('.qy-bi-row');
  await expect(rows.first()).toBeVisible();
  // The same number of Chinese and English blocks: every row has both.
  const count = await rows.count();
  expect(count).toBeGreaterThan(10);
  expect(await body.locator('.qy-bi-row > [lang="en"]:not(:empty)').count()).toBe(count);
  expect(await body.locator('.qy-bi-row > [lang="zh-CN"]:not(:empty)').count()).toBe(count);
  // Row 0 is the first heading in both languages.
  await expect(rows.first().locator('[lang="zh-CN"] h2')).toHaveText('背景');
  await expect(rows.first().locator('[lang="en"] h2')).toHaveText('Background');

  const para = rows.nth(1);
  const zh = (await para.locator('[lang="zh-CN"]').boundingBox())!;
  const en = (await para.locator('[lang="en"]').boundingBox())!;
  if (isMobile(testInfo)) {
    // A phone: the English paragraph under its Chinese one, the full width.
    expect(en.y).toBeGreaterThanOrEqual(zh.y + zh.height - 1);
    expect(Math.abs(en.x - zh.x)).toBeLessThan(20);
  } else {
    // A desktop: side by side, top-aligned, each column wide enough to read.
    expect(en.x).toBeGreaterThan(zh.x + zh.width);
    expect(Math.abs(en.y - zh.y)).toBeLessThan(2);
    expect(en.width).toBeGreaterThan(380);
  }
  // The commentary too, block by block.
  await expect(page.getByRole('region', { name: '述评' }).locator('.qy-bi-row [lang="en"]').first()).toBeVisible();
  // The page does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, testInfo, 'bilingual-member-both');
  // What a reader sees at the start of the body, at the project's own viewport (1440×900, 390×844).
  await body.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: path.join(__dirname, '..', 'artifacts', testInfo.project.name, 'bilingual-member-both-view.png') });

  // Remembered: the next visit opens side by side.
  await page.reload();
  await expect(modeSwitch(page).getByRole('radio', { name: '对照' })).toBeChecked();
  await expect(body.locator('.qy-bi-row').first()).toBeVisible();

  // English only: no Chinese paragraph in the body.
  await modeSwitch(page).getByRole('radio', { name: 'English' }).check();
  await expect(body.locator('[lang="en"] h2').first()).toHaveText('Background');
  await expect(body.locator('[lang="zh-CN"]')).toHaveCount(0);
});

test('a non-member sees only the free part in English too', async ({ page, request }, testInfo) => {
  const article = await memberArticleWithEnglish(request);
  await page.goto(`/article-info?permalinks=${article.permalinks}`);
  await loginThroughDialog(page, 'demo_reader');
  await expect(page.getByRole('heading', { name: '本文为会员内容' })).toBeVisible();

  await modeSwitch(page).getByRole('radio', { name: '对照' }).check();
  // The abstract and the commentary's free part in both languages …
  await expect(page.getByRole('region', { name: '摘要' }).locator('.qy-bi-row [lang="en"]')).toHaveText(article.enAbstract);
  const commentary = page.getByRole('region', { name: '述评' });
  await expect(commentary.locator('.qy-bi-row')).toHaveCount(1);
  await expect(commentary.locator('.qy-bi-row [lang="en"] p')).not.toBeEmpty();
  await expect(commentary.getByRole('button', { name: '查看全部述评' })).toBeVisible();
  // … and never the body or the rest of the commentary, in either language.
  await expect(page.getByRole('region', { name: '正文' })).toHaveCount(0);
  const html = await page.content();
  for (const marker of ['PAID-BODY-', 'PAID-REST-', 'PAID-EN-BODY-', 'PAID-EN-REST-']) expect(html).not.toContain(marker);
  await snap(page, testInfo, 'bilingual-non-member-both');

  // The commentary page offers the same switch, gated the same way.
  await page.goto(`/article-particulars?permalinks=${article.permalinks}`);
  await expect(modeSwitch(page).getByRole('radio', { name: '对照' })).toBeChecked();
  await expect(page.locator('.qy-cm-text .qy-bi-row')).toHaveCount(1);
  expect(await page.content()).not.toContain('PAID-EN-REST-');
});
