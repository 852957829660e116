// Accessibility: axe-core (through @axe-core/playwright, all its rules) on every route of spec §2.1
// with seeded data, at desktop (1440×900) and mobile (390×844) widths. Counts violations by impact
// per route and lists the serious and critical ones with their rule ids and targets.
//
//   node scripts/bench/a11y.mjs --base http://127.0.0.1:8291 [--quick] [--only /index,/nejm-list]
import { createRequire } from 'node:module';
import { CHROMIUM, VIEWPORTS } from '../lib/browser.mjs';
import { seededIds, specRoutes } from './routes.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('@playwright/test');
const { AxeBuilder } = require('@axe-core/playwright');

const IMPACTS = ['critical', 'serious', 'moderate', 'minor'];
export const PASSWORD = 'Qianyan#2026';

export function launchChromium() {
  return chromium.launch({ ...CHROMIUM, executablePath: process.env.CHROME_PATH ?? CHROMIUM.executablePath });
}

/** Waits until the page has rendered and its requests have settled (media may keep streaming). */
export async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page.waitForFunction(() => document.body && document.body.innerText.trim().length > 0, null, { timeout: 10_000 }).catch(() => {});
  await page.waitForTimeout(400);
}

/** Logs in through the header's login dialog, as a person would. */
export async function login(page, base, account) {
  await page.goto(`${base}/index`);
  await settle(page);
  await page.locator('#qy-header').getByRole('button', { name: '登录', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '用户登录' });
  await dialog.getByLabel('账号').fill(account);
  await dialog.getByLabel('密码').fill(PASSWORD);
  await dialog.getByRole('button', { name: /^登\s*录$/ }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
}

export async function scan(page) {
  const result = await new AxeBuilder({ page }).analyze();
  const counts = Object.fromEntries(IMPACTS.map((i) => [i, 0]));
  const serious = [];
  const others = [];
  for (const v of result.violations) {
    counts[v.impact ?? 'minor'] += v.nodes.length;
    const entry = { rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 8), nodes: v.nodes.length };
    if (v.impact === 'serious' || v.impact === 'critical') serious.push(entry);
    else others.push(entry);
  }
  return { counts, serious, others };
}

/** Scans the routes at both widths; returns one row per route and width. */
export async function runA11y({ base, quick = false, only = null, log = console.log }) {
  const ids = await seededIds(base);
  let routes = specRoutes(ids);
  if (quick) routes = routes.filter((r) => r.quick);
  if (only) routes = routes.filter((r) => only.some((o) => r.path.startsWith(o)));
  const browser = await launchChromium();
  const rows = [];
  try {
    // Desktop and mobile scan side by side (two pages at a time: most of a scan is waiting).
    await Promise.all(Object.entries(VIEWPORTS).map(async ([width, options]) => {
      const contexts = {};
      const contextFor = async (loggedIn) => {
        const key = loggedIn ? 'member' : 'visitor';
        if (!contexts[key]) {
          contexts[key] = await browser.newContext({ ...options, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', reducedMotion: 'reduce' });
          if (loggedIn) {
            const page = await contexts[key].newPage();
            await login(page, base, 'demo_member');
            await page.close();
          }
        }
        return contexts[key];
      };
      for (const route of routes) {
        const context = await contextFor(!!route.login);
        const page = await context.newPage();
        const name = route.name ?? route.path;
        try {
          await page.goto(`${base}${route.path}`, { waitUntil: 'load', timeout: 30_000 });
          await settle(page);
          // Down to the bottom, so blocks that load on approach (the home page's course block) are scanned.
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          await settle(page);
          const r = await scan(page);
          rows.push({ route: name, url: route.path, width, ...r });
          const bad = r.counts.critical + r.counts.serious;
          log(`  a11y ${width.padEnd(7)} ${name.padEnd(44)} critical ${r.counts.critical} serious ${r.counts.serious} moderate ${r.counts.moderate} minor ${r.counts.minor}${bad ? `  ← ${r.serious.map((s) => s.rule).join(', ')}` : ''}`);
        } catch (err) {
          rows.push({ route: name, url: route.path, width, error: String(err?.message ?? err).split('\n')[0] });
          log(`  a11y ${width.padEnd(7)} ${name.padEnd(44)} FAILED TO RUN: ${String(err?.message ?? err).split('\n')[0]}`);
        } finally {
          await page.close();
        }
      }
      for (const c of Object.values(contexts)) await c.close();
    }));
  } finally {
    await browser.close();
  }
  const order = (r) => routes.findIndex((x) => (x.name ?? x.path) === r.route) * 2 + (r.width === 'mobile' ? 1 : 0);
  return rows.sort((a, b) => order(a) - order(b));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const rows = await runA11y({
    base: arg('--base') ?? 'http://127.0.0.1:8190',
    quick: process.argv.includes('--quick'),
    only: arg('--only')?.split(','),
  });
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
  else {
    for (const r of rows) for (const s of r.serious ?? []) console.log(`${r.width} ${r.route} [${s.impact}] ${s.rule}: ${s.help}\n    ${s.targets.join('\n    ')}`);
  }
}
