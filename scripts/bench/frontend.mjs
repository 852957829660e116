// Front end, against the production build served by the real server:
// - firstView: the gzipped JavaScript the first view of a page needs (until the network is idle).
// - roundTrips: the number of sequential Module Federation round trips before the route's first render,
//   from a Chrome DevTools Protocol network trace (method below and in docs/performance.md).
// - lighthouseRun: Lighthouse (npm package, Debian's Chromium) in its default mobile preset.
import zlib from 'node:zlib';
import { VIEWPORTS } from '../lib/browser.mjs';
import { login, settle } from './a11y.mjs';

/**
 * One first view of a route in a new browser context (empty HTTP cache), at a width of VIEWPORTS
 * (`desktop` 1440, `mobile` 390), as a visitor or, given `storageState` (a logged-in reader's local
 * storage, taken from another context), as that reader. One load gives both figures:
 * - bytes: the JavaScript the page fetched until the network went idle, raw and gzipped;
 * - round trips: every federation request sent before the route's first render (the first moment the
 *   shell's #qy-main holds visible text, recorded by a MutationObserver) gets a depth. A request waits
 *   for an earlier federation request A when A had finished before it was sent and either A is in its
 *   CDP initiator (A's script made the request) or A is a lower level of the chain for the same remote
 *   (the map or manifest before the container, the container before its chunks). depth = 1 + the
 *   deepest request it waited for; the page's figure is the largest depth. The HTML and the shell's own
 *   scripts are the starting point (depth 0): preloaded federation files (preload hints in the HTML)
 *   therefore count as 1 even when the runtime asks for them later.
 */
export async function measureView(browser, base, route, { width = 'desktop', storageState } = {}) {
  const context = await browser.newContext({ ...VIEWPORTS[width], ...(storageState ? { storageState } : {}) });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const mark = () => {
        // The page's own content: the server's drawing of the page's top (#qy-first-view) does not count.
        const main = document.getElementById('qy-main');
        const own = main ? Array.from(main.children).filter((c) => c.id !== 'qy-first-view') : [];
        if (own.some((c) => c.innerText.trim().length > 0) && !window.__qyRouteRender) {
          window.__qyRouteRender = performance.now();
          observer.disconnect();
        }
      };
      const observer = new MutationObserver(mark);
      observer.observe(document, { subtree: true, childList: true, characterData: true });
    });
    let counting = true;
    const scripts = new Map();
    page.on('response', (res) => {
      const url = res.url();
      if (!counting || !/\.m?js(\?|$)/.test(url) || res.status() !== 200) return;
      scripts.set(url, res.body().catch(() => Buffer.alloc(0)));
    });
    const idle = networkIdle(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const requests = new Map();
    const seen = new Set();
    let docTs = null;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (docTs === null && e.type === 'Document') docTs = e.timestamp;
      // The first request of a URL counts (a later use of a preloaded file is served from the preload).
      if (seen.has(e.request.url)) return;
      seen.add(e.request.url);
      const urls = new Set();
      if (e.initiator?.url) urls.add(e.initiator.url);
      for (let stack = e.initiator?.stack; stack; stack = stack.parent) for (const f of stack.callFrames) urls.add(f.url);
      requests.set(e.requestId, { url: e.request.url, sent: e.timestamp, initiators: urls });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.finished = e.timestamp;
    });
    await page.goto(`${base}${route}`, { waitUntil: 'load', timeout: 45_000 });
    // The route's first render, then a quiet network: on a busy machine the shell's scripts can run
    // for longer than Playwright's 500 ms networkidle before the route's remote is even asked for.
    await page.waitForFunction(() => !!window.__qyRouteRender, null, { timeout: 30_000 }).catch(() => {});
    await idle();
    counting = false;
    const bodies = await Promise.all([...scripts.values()]);
    const files = [...scripts.keys()].map((url, i) => ({
      path: new URL(url).pathname,
      gzipKB: +(zlib.gzipSync(bodies[i], { level: 9 }).length / 1024).toFixed(1),
    }));
    const { routeRender, fcp } = await page.evaluate(() => ({
      routeRender: window.__qyRouteRender ?? null,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    }));
    const bytes = {
      files,
      scripts: bodies.length,
      rawKB: +(bodies.reduce((n, b) => n + b.length, 0) / 1024).toFixed(1),
      gzipKB: +(bodies.reduce((n, b) => n + zlib.gzipSync(b, { level: 9 }).length, 0) / 1024).toFixed(1),
    };
    if (docTs === null || routeRender === null) return { ...bytes, roundTrips: null, note: 'no render seen' };
    return { ...bytes, ...federationDepth([...requests.values()], docTs + routeRender / 1000), routeRenderMs: Math.round(routeRender), fcpMs: fcp === null ? null : Math.round(fcp) };
  } finally {
    await context.close();
  }
}

/**
 * Waits until no request (but a media stream's) has been in flight for `quietMs` (at most `maxMs`
 * from the call): the page's own network idle.
 */
function networkIdle(page, { quietMs = 800, maxMs = 20_000 } = {}) {
  const inFlight = new Set();
  let last = Date.now();
  const streaming = (req) => ['media', 'websocket', 'eventsource'].includes(req.resourceType());
  page.on('request', (req) => {
    if (streaming(req)) return;
    inFlight.add(req);
    last = Date.now();
  });
  const done = (req) => {
    if (inFlight.delete(req)) last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  // Quiet, then the page's main thread idle with no new request meanwhile: a busy machine can leave a
  // gap longer than `quietMs` between a chunk's arrival and the requests its code then makes.
  return async () => {
    const until = Date.now() + maxMs;
    for (;;) {
      while (Date.now() < until && (inFlight.size > 0 || Date.now() - last < quietMs)) await page.waitForTimeout(100);
      const before = last;
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 3_000 }))).catch(() => {});
      if ((last === before && inFlight.size === 0) || Date.now() >= until) return;
    }
  };
}

/** The deepest chain of federation requests sent before `cutoff` (method above). */
function federationDepth(requests, cutoff) {
  const fed = requests
    .filter((r) => r.sent <= cutoff && federationKind(r.url) > 0)
    .map((r) => ({ ...r, kind: federationKind(r.url), remote: remoteOf(r.url) }))
    .sort((a, b) => a.sent - b.sent);
  for (const r of fed) {
    let deepest = 0;
    for (const a of fed) {
      if (a === r || a.finished === undefined || a.finished > r.sent) continue;
      const initiated = r.initiators.has(a.url);
      const chain = a.kind < r.kind && (a.remote === r.remote || a.remote === '*' || new URL(a.url).pathname === '/remotes.json');
      if ((initiated || chain) && a.depth > deepest) deepest = a.depth;
    }
    r.depth = deepest + 1;
  }
  const depth = fed.reduce((m, r) => Math.max(m, r.depth), 0);
  const path = (s) => new URL(s).pathname.replace(/^\/remotes\/([^/]+)\/[^/]+\//, '$1/');
  return {
    roundTrips: depth,
    federationRequests: fed.length,
    chain: fed.filter((r) => r.depth === depth || r.kind < 3).map((r) => `${r.depth}:${path(r.url)}`).slice(0, 12),
  };
}

/** The bytes of a first view at desktop width (`measureView`). */
export async function firstView(browser, base, route, { storageState, label } = {}) {
  const { scripts, rawKB, gzipKB } = await measureView(browser, base, route, { storageState });
  return { route: label ?? route, scripts, rawKB, gzipKB };
}

/** The round trips of a visitor's first view at desktop width (`measureView`). */
export async function roundTrips(browser, base, route) {
  const { files, scripts, rawKB, gzipKB, ...rest } = await measureView(browser, base, route);
  return { route, ...rest };
}

/**
 * A federation request: the remote map (/remotes.json), a remote's manifest (mf-manifest.json), its
 * container (remoteEntry.js), or any other file of a released remote (/remotes/<name>/<version>/…:
 * exposed modules and the shared libraries it provides). Level: 1 map/manifest, 2 container, 3 chunk.
 */
function federationKind(url) {
  const { pathname } = new URL(url);
  if (pathname === '/remotes.json' || pathname.endsWith('/mf-manifest.json')) return 1;
  if (!pathname.startsWith('/remotes/')) return 0;
  if (pathname.endsWith('/remoteEntry.js')) return 2;
  return 3;
}
const remoteOf = (url) => /^\/remotes\/([^/]+)\//.exec(new URL(url).pathname)?.[1] ?? '*';

const WIDTHS = ['desktop', 'mobile'];
const WIDTH_LABEL = { desktop: '1440', mobile: '390' };
/** A route's short label: seeded ids and tokens (long query values) are elided. */
const labelOf = (route) => route.name ?? route.path.replace(/=([^&]{14,})/g, '=…');

/**
 * The first views the front part measures, from the routes of spec §2.1 (routes.mjs). Full run: every
 * route at both widths, as a visitor and as a logged-in member (demo_member); a route marked `login`
 * is a member's only (the personal centre's tabs; its logged-out state is a row of its own), and a
 * route marked `visitor` a visitor's only. --quick: the routes marked `quick`, desktop, one role each.
 */
export function frontEndJobs(routes, { quick = false } = {}) {
  const jobs = [];
  for (const r of routes) {
    if (r.front === false || (quick && !r.quick)) continue;
    const roles = r.login ? ['member'] : r.visitor || quick ? ['visitor'] : ['visitor', 'member'];
    for (const role of roles) for (const width of quick ? ['desktop'] : WIDTHS) jobs.push({ route: r.path, label: labelOf(r), role, width });
  }
  return jobs;
}

/**
 * Measures the jobs, `parallel` contexts of one browser at a time (a first view is mostly waiting on
 * the network and the server); the member's storage comes from one login through the header.
 */
export async function measureFrontEnd(browser, base, jobs, { parallel = 3, log = () => {} } = {}) {
  const storageState = jobs.some((j) => j.role === 'member') ? await memberStorage(browser, base) : undefined;
  const rows = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      const j = jobs[i];
      try {
        rows[i] = { ...j, ...(await measureView(browser, base, j.route, { width: j.width, storageState: j.role === 'member' ? storageState : undefined })) };
      } catch (err) {
        rows[i] = { ...j, error: String(err?.message ?? err).split('\n')[0] };
      }
      const r = rows[i];
      log(`  front ${j.width.padEnd(7)} ${j.role.padEnd(7)} ${j.label.padEnd(44)} ${r.error ? `FAILED: ${r.error}` : `${r.gzipKB} KB, ${r.roundTrips} round trips`}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, jobs.length) }, worker));
  return rows;
}

/** Whether a row meets the budget, per figure (`null` when the figure is missing). */
export function rowVerdict(r, budget) {
  if (r.error) return { gz: false, rt: false };
  return { gz: r.gzipKB <= budget.firstViewGzipKB, rt: r.roundTrips !== null && r.roundTrips <= budget.roundTrips };
}

/** The rows grouped as one line per route and role, with a cell per width. */
export function frontEndLines(rows) {
  const lines = new Map();
  for (const r of rows) {
    const key = `${r.label}\u0000${r.role}`;
    if (!lines.has(key)) lines.set(key, { label: r.label, role: r.role, cells: {} });
    lines.get(key).cells[r.width] = r;
  }
  return [...lines.values()];
}

/** The table printed by the bench: route, role, then gzip KB and round trips at each width. */
export function frontEndTable(rows, budget) {
  const ok = (v) => (v ? 'ok' : 'OVER');
  const widths = WIDTHS.filter((w) => rows.some((r) => r.width === w));
  const cell = (r) => {
    if (!r) return ''.padEnd(24);
    if (r.error) return 'failed'.padEnd(24);
    const v = rowVerdict(r, budget);
    return `${String(r.gzipKB).padStart(7)} ${ok(v.gz).padEnd(4)} ${String(r.roundTrips).padStart(4)} ${ok(v.rt).padEnd(4)}  `;
  };
  const head = `${'route'.padEnd(44)} ${'who'.padEnd(7)} ${widths.map((w) => `${`${WIDTH_LABEL[w]}: gzip KB`.padEnd(13)}${'trips'.padEnd(11)}`).join('')}`;
  const out = [head];
  for (const l of frontEndLines(rows)) out.push(`${l.label.padEnd(44)} ${l.role.padEnd(7)} ${widths.map((w) => cell(l.cells[w])).join('')}`.trimEnd());
  return out;
}

/** The same table in Markdown, for the report. */
export function frontEndMarkdown(rows, budget) {
  const ok = (v) => (v ? 'ok' : 'OVER');
  const widths = WIDTHS.filter((w) => rows.some((r) => r.width === w));
  const cell = (r) => (!r ? '- | -' : r.error ? `failed | -` : `${r.gzipKB} ${ok(rowVerdict(r, budget).gz)} | ${r.roundTrips} ${ok(rowVerdict(r, budget).rt)}`);
  const out = [
    `| route | who | ${widths.map((w) => `${WIDTH_LABEL[w]} gzip KB | ${WIDTH_LABEL[w]} round trips`).join(' | ')} |`,
    `|---|---|${widths.map(() => '---:|---:').join('|')}|`,
  ];
  for (const l of frontEndLines(rows)) out.push(`| ${l.label} | ${l.role} | ${widths.map((w) => cell(l.cells[w])).join(' | ')} |`);
  return out;
}

/** Lighthouse's mobile preset (simulated Slow 4G, 4× CPU slowdown) on each page, one Chromium. */
const median = (values) => {
  const v = [...values].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

/**
 * Lighthouse's simulated metrics move from run to run on the same build (its own documentation on
 * variability recommends the median of several runs): each page is measured `runs` times, each time
 * in a new browser (a cold start, as a first visit), and the row holds the median of each figure,
 * with every run's LCP/TBT/CLS kept beside it.
 */
export async function lighthouseRun(base, routes, log = console.log, { runs = 1 } = {}) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  /**
   * One run in a browser of its own, as the Lighthouse CLI does: a browser that has run the site's
   * scripts before keeps their compiled code in memory (V8's compilation cache survives Lighthouse's
   * cache clearing), and a later run would measure a warm start that a first visit does not get.
   */
  async function once(route) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const result = await lighthouse(`${base}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      const { audits, categories } = result.lhr;
      if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
      return {
        lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(audits['total-blocking-time'].numericValue),
        cls: +audits['cumulative-layout-shift'].numericValue.toFixed(3),
        fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        bestPractices: Math.round(categories['best-practices'].score * 100),
      };
    } finally {
      await chrome.kill();
    }
  }
  const rows = [];
  for (const route of routes) {
    try {
      const samples = [];
      for (let i = 0; i < runs; i++) samples.push(await once(route));
      const pick = (k) => Math.round(median(samples.map((x) => x[k])) * 1000) / 1000;
      const row = {
        route,
        runs: samples.length,
        lcpMs: Math.round(pick('lcpMs')),
        tbtMs: Math.round(pick('tbtMs')),
        cls: pick('cls'),
        fcpMs: Math.round(pick('fcpMs')),
        performance: Math.round(pick('performance')),
        accessibility: Math.round(pick('accessibility')),
        bestPractices: Math.round(pick('bestPractices')),
        samples: samples.map(({ lcpMs, tbtMs, cls }) => ({ lcpMs, tbtMs, cls })),
      };
      rows.push(row);
      const each = samples.length > 1 ? ` (runs: LCP ${samples.map((x) => x.lcpMs).join('/')}, TBT ${samples.map((x) => x.tbtMs).join('/')})` : '';
      log(`  lighthouse ${route}: LCP ${row.lcpMs} ms, TBT ${row.tbtMs} ms, CLS ${row.cls}, scores ${row.performance}/${row.accessibility}/${row.bestPractices}${samples.length > 1 ? `, median of ${samples.length}` : ''}${each}`);
    } catch (err) {
      rows.push({ route, error: String(err?.message ?? err).split('\n')[0] });
      log(`  lighthouse ${route}: FAILED TO RUN: ${String(err?.message ?? err).split('\n')[0]}`);
    }
  }
  return rows;
}

/** A logged-in member's storage (session token and user), by logging in through the header's dialog. */
export async function memberStorage(browser, base, account = 'demo_member') {
  const context = await browser.newContext({ ...VIEWPORTS.desktop });
  try {
    const page = await context.newPage();
    await login(page, base, account);
    await settle(page);
    return await context.storageState();
  } finally {
    await context.close();
  }
}
