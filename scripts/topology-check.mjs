// The check of `npm run topology -- --check`: Chromium loads pages through nginx, one after another,
// while each API instance in turn is stopped and started again: SIGTERM (it drains) and SIGKILL (it
// dies with requests in flight). A page load fails when the document is not 200, a request to the
// site fails or answers 5xx, the page throws, an error message shows (a toast, or a screen's failure
// with 重试), a remote shows its fallback, or the page's main area has no content of its own 30 s
// after the start (empty, or still the loading line or the page's skeleton).
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

/** Before the page's scripts: every error toast that shows, kept for the verdict (a toast lasts 2.5 s). */
function watchErrorMessages() {
  const seen = [];
  window.__qyCheckErrors = seen;
  const note = (el) => seen.push(el.textContent.trim());
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        if (node.matches('.qy-toast--error')) note(node);
        node.querySelectorAll('.qy-toast--error').forEach(note);
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * In the page: 'settled' is true once #qy-main shows content of its own (or the remote's fallback, an
 * outcome too); 'problems' lists what a reader sees wrong: the fallback, an error message, a screen's
 * failure, a main area still empty or still loading.
 */
function pageState(what) {
  const main = document.querySelector('#qy-main');
  const fallback = document.querySelector('.qy-remote-fallback');
  // The loading line, the route's skeleton, a list's skeleton. A section further down that loads only
  // when scrolled to (the home page's) keeps a skeleton of its own inside the page: not one of these.
  const placeholder = main?.querySelector('.qy-remote-loading, :scope > .qy-ui-skel, .ant-skeleton');
  const text = main?.textContent?.trim().length ?? 0;
  if (what === 'settled') return Boolean(fallback) || (text > 0 && !placeholder);
  const problems = [];
  if (fallback) problems.push(`remote fallback shown: ${fallback.textContent.trim().slice(0, 60)}`);
  for (const failure of main?.querySelectorAll('.ant-result-warning, .ant-result-error') ?? []) {
    problems.push(`failure shown: ${failure.querySelector('.ant-result-title')?.textContent?.trim() ?? ''}`);
  }
  for (const message of new Set(window.__qyCheckErrors ?? [])) problems.push(`error message: ${message}`);
  if (!main) problems.push('no #qy-main');
  else if (placeholder) problems.push(`#qy-main still loading (${placeholder.className})`);
  else if (text === 0) problems.push('#qy-main empty');
  return problems;
}

export async function check({ site, seconds, instances, stop, restart }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const origin = new URL(site).origin;
  const figures = { loads: 0, failures: 0, failed: [], perPhase: {}, cycles: [], uncovered: [] };
  // A load belongs to the instance's stop (or kill) and restart it overlapped, if any, else to 'steady'.
  let phase = 'steady';
  const running = new Set();
  const enterPhase = (name) => {
    phase = name;
    for (const load of running) load.phases.add(name);
  };
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
    page.on('pageerror', (err) => problems.push(`page error: ${err.message.split('\n')[0]}`));
    const t0 = Date.now();
    const load = { phases: new Set([phase]) };
    running.add(load);
    try {
      const res = await page.goto(site + url, { waitUntil: 'load', timeout: 30_000 });
      if (!res || res.status() !== 200) problems.push(`document ${res?.status() ?? 'none'}`);
      // The remote (or its fallback) draws into #qy-main: wait for the page's own content, as a reader
      // would, on a busy machine too. The loading line and the skeletons come first and are not it.
      await page.waitForFunction(pageState, 'settled', { timeout: 30_000 }).catch(() => {});
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
      problems.push(...(await page.evaluate(pageState, 'problems')));
    } catch (err) {
      problems.push(err.message.split('\n')[0]);
    } finally {
      await page.close().catch(() => {});
      running.delete(load);
    }
    const during = [...load.phases].find((name) => name !== 'steady') ?? 'steady';
    figures.loads += 1;
    const p = (figures.perPhase[during] ??= { loads: 0, failures: 0 });
    p.loads += 1;
    if (problems.length) {
      figures.failures += 1;
      p.failures += 1;
      figures.failed.push({ url, phase: during, problems: problems.slice(0, 3) });
      console.log(`[check] FAIL ${url} (${during}, ${((Date.now() - t0) / 1000).toFixed(1)} s): ${problems.slice(0, 3).join('; ')}`);
    }
    return Date.now() - t0;
  }

  // Two readers, each a fresh browser profile every 10 pages (its cache empty again).
  async function reader(n) {
    let i = n;
    while (!done) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript(watchErrorMessages);
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
      enterPhase(`${service} ${signal}`);
      const stopped = await stop(service, signal);
      const readyMs = await restart(service);
      figures.cycles.push({ service, signal, exit: stopped.code ?? stopped.by, stopMs: stopped.ms, readyAfterRestartMs: readyMs });
      console.log(`[check] ${service}: ${signal} → exit ${stopped.code ?? stopped.by} in ${stopped.ms} ms, restarted, ready after ${(readyMs / 1000).toFixed(1)} s`);
      enterPhase('steady');
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
  // A run too short to stop and to kill every instance has not shown what it is for.
  for (const service of instances) {
    for (const signal of ['SIGTERM', 'SIGKILL']) {
      if (!figures.cycles.some((c) => c.service === service && c.signal === signal)) figures.uncovered.push(`${service} ${signal}`);
    }
  }
  if (figures.uncovered.length) console.log(`[check] not exercised: ${figures.uncovered.join(', ')} (a longer run: --seconds)`);
  console.log(`${figures.loads - figures.failures} passed, ${figures.failures} failed`);
  return figures;
}
