// 站点 in the editorial console: an admin uploads a picture for a new header (页眉) advert, moves it
// first, and puts a new first picture with a new title on the home banner (chosen from the media
// library); a visitor then sees both on /index — in the page the server draws before any script
// (JavaScript off) and in the page the scripts draw. Everything it changes is undone at the end.
import { expect, type Page } from '@playwright/test';
import { loginOnConsole, snap, test, toast, uniqueTag } from './support';

/** A staff call with the console's session (the page's token). */
const staffCall = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ([p, b]) => {
      const token = sessionStorage.getItem('token') ?? '';
      const res = await fetch(`/api/editor/site${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token, authorization: `Bearer ${token}` },
        body: JSON.stringify(b),
      });
      return (await res.json()) as { code: number; msg: string; data: any };
    },
    [path, body] as const,
  );

/** Clicks 上移 on the table's row holding `text` until it is the first row (each click one place up, saved). */
async function moveToTop(page: Page, text: string) {
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  const place = async () => (await rows.allTextContents()).findIndex((t) => t.includes(text));
  for (let at = await place(); at > 0; at = await place()) {
    await rows.nth(at).getByRole('button', { name: /上\s*移/ }).click();
    await expect.poll(place).toBe(at - 1);
  }
  await expect(rows.first()).toContainText(text);
}

test.describe('editorial site furniture', () => {
  test.skip(({ isMobile }) => isMobile, 'the console is a desktop tool');
  test.use({ viewport: { width: 1440, height: 900 } });

  test('an admin changes the header advert and the home banner; a visitor sees them, before scripts too', async ({ page, browser, baseURL }, testInfo) => {
    const tag = uniqueTag();
    const adName = `页眉广告${tag}`;
    const bannerTitle = `新横幅${tag}`;
    await loginOnConsole(page, 'demo_admin', '/editor/site?tab=adverts');
    const originalBanner = (await staffCall(page, '/banner/get', { code: 'home' })).data;
    let advertId: number | undefined;
    try {
      // A picture made here (a 1200 × 100 screenshot of the console), uploaded for the new advert.
      const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 1200, height: 100 } });

      await expect(page.getByRole('heading', { name: '站点' })).toBeVisible();
      await expect(page.getByRole('tab', { name: '广告', selected: true })).toBeVisible();
      await page.getByRole('button', { name: '新建广告' }).click();
      const drawer = page.getByRole('dialog', { name: '新建广告' });
      // Saving without a name or a picture is refused at the fields.
      await drawer.getByRole('button', { name: /保\s*存/ }).click();
      await expect(drawer.getByText('请填写广告名称')).toBeVisible();
      await expect(drawer.getByText('请上传广告图片')).toBeVisible();

      await drawer.getByLabel('广告名称').fill(adName);
      await drawer.locator('input[type=file]').setInputFiles({ name: `header-${tag}.png`, mimeType: 'image/png', buffer: picture });
      await expect(drawer.getByText(/上传完成/)).toBeVisible();
      const pictureField = drawer.getByRole('textbox', { name: '图片' });
      await expect(pictureField).toHaveValue(/^\/.+\.png$/);
      const adImage = await pictureField.inputValue();
      await drawer.getByLabel('链接').fill('/course-resources');
      await snap(page, testInfo, 'editorial-site-advert');
      await drawer.getByRole('button', { name: /保\s*存/ }).click();
      await expect(toast(page, '已保存')).toBeVisible();
      await expect(drawer).toBeHidden();
      advertId = (await staffCall(page, '/advert/list', { advertPosition: '页眉' })).data.results.find((a: { name: string }) => a.name === adName)?.id;
      expect(advertId).toBeDefined();

      // New adverts come last in their position: move it to the top.
      const row = page.getByRole('row').filter({ hasText: adName });
      await expect(row).toContainText('展示中');
      await moveToTop(page, adName);
      expect((await staffCall(page, '/advert/list', { advertPosition: '页眉' })).data.results[0].id).toBe(advertId);

      // The home banner: a new picture (from the media library: the one just uploaded) first, with a new title.
      await page.getByRole('tab', { name: '横幅' }).click();
      await expect(page.getByRole('radio', { name: '首页横幅' })).toBeChecked();
      await page.getByRole('button', { name: '添加横幅' }).click();
      const bannerDrawer = page.getByRole('dialog', { name: '添加横幅' });
      await bannerDrawer.getByRole('button', { name: /保\s*存/ }).click();
      await expect(bannerDrawer.getByText('请上传横幅图片')).toBeVisible();
      await bannerDrawer.getByRole('button', { name: '从媒体库选择' }).click();
      const picker = page.getByRole('dialog', { name: '从媒体库选择' });
      await picker.getByRole('row').filter({ hasText: `header-${tag}.png` }).getByRole('button', { name: /选\s*用/ }).click();
      await expect(picker).toBeHidden();
      const bannerImage = await bannerDrawer.getByRole('textbox', { name: '图片' }).inputValue();
      expect(bannerImage).toMatch(/^\/.+\.png$/);
      await bannerDrawer.getByLabel('标题').fill(bannerTitle);
      await bannerDrawer.getByLabel('简介').fill('编辑部刚换上的横幅。');
      await bannerDrawer.getByLabel('链接').fill('/latest-periodical');
      await bannerDrawer.getByRole('button', { name: /保\s*存/ }).click();
      await expect(bannerDrawer).toBeHidden();
      const bannerRow = page.getByRole('row').filter({ hasText: bannerTitle });
      await expect(bannerRow).toBeVisible();
      await moveToTop(page, bannerTitle);
      await snap(page, testInfo, 'editorial-site-banners');

      // A visitor, with scripts off: the page as the server draws it.
      const still = await browser.newContext({ javaScriptEnabled: false, baseURL });
      try {
        const visitor = await still.newPage();
        await visitor.goto('/index');
        await expect(visitor.locator('#qy-header-ad img')).toHaveAttribute('src', adImage);
        await expect(visitor.locator('#qy-header-ad img')).toHaveAttribute('alt', adName);
        await expect(visitor.locator('#qy-header-ad a')).toHaveAttribute('href', '/course-resources');
        await expect(visitor.locator('#qy-first-view img').first()).toHaveAttribute('src', bannerImage);
        await expect(visitor.locator('#qy-first-view')).toContainText(bannerTitle);
      } finally {
        await still.close();
      }

      // A visitor with scripts: the page the site draws.
      const live = await browser.newContext({ baseURL });
      try {
        const visitor = await live.newPage();
        await visitor.goto('/index');
        const ad = visitor.getByRole('complementary', { name: '页眉广告' });
        await expect(ad.locator('img')).toHaveAttribute('src', adImage);
        await expect(visitor.locator('.qy-home-banner-wrap')).toContainText(bannerTitle);
        await expect(visitor.locator('.qy-home-banner-wrap .qy-carousel__slide img').first()).toHaveAttribute('src', bannerImage);
        await snap(visitor, testInfo, 'editorial-site-visitor');
      } finally {
        await live.close();
      }

      // Both changes are in the audit trail, by the admin.
      await page.goto('/editor/audit');
      const trail = page.locator('.qy-ed-content');
      await expect(trail).toContainText(adName);
      await expect(trail).toContainText('首页横幅');
    } finally {
      // Undo: the advert goes, the banner list is what it was.
      if (advertId !== undefined) {
        const current = (await staffCall(page, '/advert/list', { advertPosition: '页眉' })).data.results.find((a: { id: number }) => a.id === advertId);
        if (current) expect((await staffCall(page, '/advert/delete', { id: advertId, baseRevision: current.revision })).code).toBe(0);
      }
      const now = (await staffCall(page, '/banner/get', { code: 'home' })).data;
      if (JSON.stringify(now.pictures) !== JSON.stringify(originalBanner.pictures)) {
        expect((await staffCall(page, '/banner/save', { code: 'home', baseRevision: now.revision, pictures: originalBanner.pictures })).code).toBe(0);
      }
    }
  });
});
