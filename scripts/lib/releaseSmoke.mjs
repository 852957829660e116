// The release command's browser smoke check (`--smoke`): before a remote's release goes live or
// into a canary, Chromium opens it on the live site through a preview only this check sees, and the
// release must load and mount its app on one of its own pages.
import { chromium } from 'playwright';
import { ReleaseError } from './releases.mjs';

/** A page the remote draws: its first route of the live shell's route table, wildcards filled in. */
async function pageOf(base, app) {
  const res = await fetch(`${base}/routes.json`, { signal: AbortSignal.timeout(15_000) });
  const table = res.ok ? await res.json() : {};
  const patterns = table.remotes?.[app];
  if (!patterns?.length) throw new ReleaseError(`the live shell routes no page to ${app}: nothing to open for the smoke check`);
  const exact = patterns.find((p) => !p.endsWith('*'));
  return exact ?? patterns[0].replace(/\*$/, '1');
}

/**
 * Opens `version` of `app` in Chromium through a preview link of `service` and waits for its app to
 * mount: its container comes from the release's folder, the page's main area is drawn, no
 * fallback shows and no script error is thrown. Throws ReleaseError saying what went wrong.
 */
export async function smokeInBrowser(service, app, version, { timeoutMs = 30_000 } = {}) {
  const route = await pageOf(service.base, app);
  const { url } = await service.post('/api/releases/previews', { app, version });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    let entryLoaded = false;
    page.on('pageerror', (err) => errors.push(err.message.split('\n')[0]));
    page.on('response', (res) => {
      if (res.url().includes(`/remotes/${app}/${version}/`) && res.ok()) entryLoaded = true;
    });
    await page.goto(`${service.base}${url}`, { timeout: timeoutMs });
    await page.goto(`${service.base}${route}`, { waitUntil: 'load', timeout: timeoutMs });
    await page
      .waitForFunction(() => document.querySelector('.qy-remote-fallback') || (document.querySelector('#qy-main')?.textContent?.trim().length ?? 0) > 0, null, { timeout: timeoutMs })
      .catch(() => {});
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    const state = await page.evaluate(() => ({
      fallback: Boolean(document.querySelector('.qy-remote-fallback')),
      text: document.querySelector('#qy-main')?.textContent?.trim().length ?? 0,
    }));
    const problems = [];
    if (!entryLoaded) problems.push(`its files were not loaded from /remotes/${app}/${version}/`);
    if (state.fallback) problems.push('the page showed the remote fallback');
    if (!state.text) problems.push('the page stayed empty');
    if (errors.length) problems.push(`script errors: ${errors.slice(0, 3).join('; ')}`);
    await page.goto(`${service.base}/api/releases/preview?end=1`).catch(() => {});
    if (problems.length) throw new ReleaseError(`browser smoke check of ${app} ${version} on ${route} failed: ${problems.join(', ')}; nothing was changed`);
    return route;
  } finally {
    await browser.close();
  }
}
