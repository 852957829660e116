// Accessibility of key screens: axe-core finds no serious or critical violation (desktop and mobile).
// The whole route table is scanned by `npm run bench` (scripts/bench/a11y.mjs); this keeps a handful
// of the most used screens from regressing.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { loginThroughDialog, test } from './support';

async function seriousViolations(page: Page) {
  // Rendered and settled: the route's own content is in the main region and requests are done;
  // then scrolled to the bottom, so blocks that load on approach (the home page's course block) are in.
  await expect(page.locator('#qy-main')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.use({ reducedMotion: 'reduce' });

test('home, journal list, article, course resources and registration have no serious or critical violation', async ({ page, request }) => {
  const res = await request.post('/api/article/selectArticleList', { data: { pageNo: 1, pageSize: 1, sourceIds: [5] } });
  const [article] = (await res.json()).data.results as { permalinks: string }[];
  for (const route of ['/index', '/nejm-list', `/article-info?permalinks=${article!.permalinks}`, '/course-resources', '/register']) {
    await page.goto(route);
    expect(await seriousViolations(page), route).toEqual([]);
  }
});

test('the personal centre of a logged-in reader has no serious or critical violation', async ({ page }) => {
  await page.goto('/index');
  await loginThroughDialog(page, 'demo_member');
  for (const type of ['flag1', 'flag2', 'flag3']) {
    await page.goto(`/personal?type=${type}`);
    expect(await seriousViolations(page), type).toEqual([]);
  }
});
