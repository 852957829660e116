#!/usr/bin/env node
// The first view of a few routes, file by file: which scripts a page loads before it is idle and how
// much each weighs gzipped (the same load as the bench's front part, `measureView`). For finding what
// puts a route over the 250 KB budget, against a running site (`npm start`, or the bench's server).
//
//   node scripts/bench/first-view.mjs [--base http://127.0.0.1:8080] [--mobile] [--member] /route ...
import { launchChromium } from './a11y.mjs';
import { measureView, memberStorage } from './frontend.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 && args.splice(i, 1).length > 0;
};
const base = option('--base') ?? 'http://127.0.0.1:8080';
const width = flag('--mobile') ? 'mobile' : 'desktop';
const member = flag('--member');
if (args.length === 0) {
  console.error('usage: first-view.mjs [--base URL] [--mobile] [--member] /route ...');
  process.exit(2);
}

const browser = await launchChromium();
try {
  const storageState = member ? await memberStorage(browser, base) : undefined;
  for (const route of args) {
    const view = await measureView(browser, base, route, { width, storageState });
    console.log(`\n${route}  ${view.gzipKB} KB gzipped in ${view.scripts} scripts, ${view.roundTrips ?? '?'} round trips`);
    for (const f of [...view.files].sort((a, b) => b.gzipKB - a.gzipKB)) console.log(`  ${String(f.gzipKB).padStart(7)}  ${f.path}`);
  }
} finally {
  await browser.close();
}
