// The first view drawn by the server (docs/decisions.md, "The first paint before the scripts"): the
// home and course pages' top banner is in the HTML, shows before any script runs, has the page's own
// geometry at both widths, and gives way to the page's banner once that is drawn; the shell's
// scripts start after the page has painted.
import { expect, type Page } from '@playwright/test';
import { test } from './support';

type Rect = { x: number; y: number; width: number; height: number };

const rectOf = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const r = document.querySelector(s)!.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height } as Rect;
  }, selector);

const PAGES = [
  { path: '/index', name: 'home', real: '.qy-home-banner-wrap .qy-carousel__slide img' },
  { path: '/course-resources', name: 'course-resources', real: '.qy-cr-banner .qy-cr-banner-slide img' },
];

for (const p of PAGES) {
  test(`${p.path}: the server's banner shows before the scripts and the page's own takes its place`, async ({ page }) => {
    // Hold the shell's script: what shows meanwhile is the server's HTML alone.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(p.path, { waitUntil: 'load' });

    const preview = page.locator('#qy-first-view');
    await expect(preview).toHaveAttribute('data-page', p.name);
    await expect(preview).toHaveAttribute('aria-hidden', 'true');
    expect(await preview.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    const img = preview.locator('img').first();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0)).toBe(true);
    const drawn = await rectOf(page, '#qy-first-view img');
    expect(drawn.width).toBeGreaterThan(300);
    await expect(page.locator('#qy-header .qy-header')).toHaveCount(0); // no script has run

    release();
    await expect(page.locator(p.real).first()).toBeVisible();
    await expect(preview).toHaveCount(0);
    const real = await rectOf(page, p.real);
    // Same place and size as the page's own banner (the header keeps its height too).
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(real[k] - drawn[k]), k).toBeLessThanOrEqual(1);
  });
}

test('other pages get no drawn banner; on the home page none is left once the page is drawn', async ({ page }) => {
  await page.goto('/nejm-list');
  await expect(page.locator('.qy-header')).toBeVisible();
  await expect(page.locator('#qy-first-view')).toHaveCount(0);

  await page.goto('/index');
  await expect(page.locator('.qy-home-banner-wrap .qy-carousel__slide img').first()).toBeVisible();
  await expect(page.locator('#qy-first-view')).toHaveCount(0);
});
