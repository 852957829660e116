// The check of `npm run topology -- --check`: Chromium loads pages through nginx, one after another,
// while each API instance in turn is stopped and started again: SIGTERM (it drains) and SIGKILL (it
// dies with requests in flight). A page load fails when the document is not 200, a request to the
// site fails or answers 5xx, a remote shows its fallback, or the page's main area stays empty.
import { chromium } from 'playwright';

const PAGES = [
  '/index',
  '/nejm-list',
  '/course-resources',
  '/clinical-research-list',
  '/latest-periodical',
  '/search?query=%E7%A0%94%E7%A9%B6',
  '/about',
  '/register',
  '/commentary',
  '/download',
];

export async function check({ site, seconds, instances, stop, restart }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const origin = new URL(site).origin;
  const figures = { loads: 0, failures: 0, failed: [], perPhase: {}, cycles: [] };
  let phase = 'steady';
  let done = false;

  async function loadOne(context, url) {
    const page = await context.newPage();
    const problems = [];
    page.on('requestfailed', (req) => {
      const why = req.failure()?.errorText ?? '';
      // A request the page itself dropped (navigation, an aborted fetch) is not a failure of the site.
      if (req.url().startsWith(origin) && why !== 'net::ERR_ABORTED') problems.push(`${why} ${req.url()}`);
    });
    page.on('response', (res) => {
      if (res.url().startsWith(origin) && res.status() >= 500) problems.push(`${res.status()} ${res.url()}`);
    });
    const t0 = Date.now();
    try {
      const res = await page.goto(site + url, { waitUntil: 'load', timeout: 30_000 });
      if (!res || res.status() !== 200) problems.push(`document ${res?.status() ?? 'none'}`);
      // The remote (or its fallback) draws into #qy-main: wait for it, as a reader would, on a busy machine too.
      const look = () => {
        const main = document.querySelector('#qy-main');
        return { fallback: Boolean(document.querySelector('.qy-remote-fallback')), text: main?.textContent?.trim().length ?? 0 };
      };
      await page
        .waitForFunction(() => Boolean(document.querySelector('.qy-remote-fallback')) || (document.querySelector('#qy-main')?.textContent?.trim().length ?? 0) > 0, null, { timeout: 30_000 })
        .catch(() => {});
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
      const state = await page.evaluate(look);
      if (state.fallback) problems.push('remote fallback shown');
      if (state.text === 0) problems.push('#qy-main empty');
    } catch (err) {
      problems.push(err.message.split('\n')[0]);
    } finally {
      await page.close().catch(() => {});
    }
    figures.loads += 1;
    const p = (figures.perPhase[phase] ??= { loads: 0, failures: 0 });
    p.loads += 1;
    if (problems.length) {
      figures.failures += 1;
      p.failures += 1;
      figures.failed.push({ url, phase, problems: problems.slice(0, 3) });
      console.log(`[check] FAIL ${url} (${phase}): ${problems.slice(0, 3).join('; ')}`);
    }
    return Date.now() - t0;
  }

  // Two readers, each a fresh browser profile every 10 pages (its cache empty again).
  async function reader(n) {
    let i = n;
    while (!done) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      for (let k = 0; k < 10 && !done; k += 1, i += 1) await loadOne(context, PAGES[i % PAGES.length]);
      await context.close();
    }
  }

  async function chaos() {
    const started = Date.now();
    const signals = ['SIGTERM', 'SIGKILL'];
    let round = 0;
    await new Promise((r) => setTimeout(r, 8_000));
    while (Date.now() - started < seconds * 1000 - 20_000) {
      const service = instances[round % instances.length];
      const signal = signals[Math.floor(round / instances.length) % signals.length];
      phase = `${service} ${signal}`;
      const stopped = await stop(service, signal);
      const readyMs = await restart(service);
      figures.cycles.push({ service, signal, exit: stopped.code ?? stopped.by, stopMs: stopped.ms, readyAfterRestartMs: readyMs });
      console.log(`[check] ${service}: ${signal} → exit ${stopped.code ?? stopped.by} in ${stopped.ms} ms, restarted, ready after ${(readyMs / 1000).toFixed(1)} s`);
      phase = 'steady';
      round += 1;
      await new Promise((r) => setTimeout(r, 6_000));
    }
    const left = seconds * 1000 - (Date.now() - started);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
    done = true;
  }

  const t0 = Date.now();
  await Promise.all([reader(0), reader(5), chaos()]);
  await browser.close();
  const secondsRun = (Date.now() - t0) / 1000;
  console.log(`[check] ${figures.loads} page loads in ${secondsRun.toFixed(0)} s through nginx, ${figures.failures} failed`);
  for (const [name, p] of Object.entries(figures.perPhase)) console.log(`[check]   while ${name}: ${p.loads} loads, ${p.failures} failed`);
  console.log(`[check] instance cycles: ${figures.cycles.length} (${figures.cycles.map((c) => `${c.service} ${c.signal}`).join(', ')})`);
  console.log(`${figures.loads - figures.failures} passed, ${figures.failures} failed`);
  return figures;
}
