#!/usr/bin/env node
// The release manager's command (README "Releasing"): roll one app out or back without touching the others.
//   npm run release -- status                          the live release of every app
//   npm run release -- build <app>                     build, release and make live (checked against the live shell)
//   npm run release -- list <app>                      releases, newest first, with commit, build time, shared versions
//   npm run release -- activate <app> <version> [--expect <live version>|--expect none]
//   npm run release -- rollback <app>                  back to the release live before the current one
//   npm run release -- history [app]                   every change: when, who, what from and to
//   npm run release -- prune <app> [--keep N]          remove old releases (never the live or previous one)
// <app> is shell, mf-content, mf-courses, mf-account or mf-payment. QY_RELEASE_BY names who acts (CI).
import { buildApp, FRONT_APPS, releaseApp, store } from './lib/apps.mjs';
import { KEEP_RELEASES, ReleaseError } from './lib/releases.mjs';

const argv = process.argv.slice(2);
const flag = (name) => {
  const i = argv.indexOf(name);
  if (i === -1) return undefined;
  const value = argv[i + 1];
  argv.splice(i, 2);
  return value;
};
const expectRaw = flag('--expect');
const keep = flag('--keep');
const [command, app, version] = argv;

function usage() {
  console.error(
    `usage: release.mjs status | build|list|rollback|prune <app> | activate <app> <version> [--expect <version>|none] | history [app]\n  <app>: ${FRONT_APPS.join(', ')}`,
  );
  process.exit(2);
}
const needApp = () => (FRONT_APPS.includes(app) ? app : usage());
const printEntry = (e) =>
  console.log(`${e.at}  ${e.app.padEnd(10)} ${e.action.padEnd(8)} ${e.removed ? `removed ${e.removed.join(', ')}` : `${e.from ?? 'none'} → ${e.to}`}  by ${e.by}`);

try {
  if (command === 'status') {
    const live = store.live();
    for (const a of FRONT_APPS) {
      const v = live[a];
      const meta = v && store.hasRelease(a, v) ? store.info(a, v) : undefined;
      console.log(`${a.padEnd(10)} ${v ?? '(none)'}${meta?.commit ? `  commit ${meta.commit}` : ''}`);
    }
  } else if (command === 'build') {
    await buildApp(needApp());
    const v = releaseApp(app);
    console.log(`${app} released as ${v} and live`);
  } else if (command === 'list') {
    const live = store.live()[needApp()];
    const previous = store.previous(app);
    for (const r of store.list(app)) {
      const mark = r.version === live ? '*' : r.version === previous ? '<' : ' ';
      const shared = r.app === 'shell' ? r.provides : r.requires;
      const core = shared?.['@qianyan/shared/core'];
      console.log(`${mark} ${r.version}  built ${r.builtAt}${r.commit ? `  commit ${r.commit}` : ''}${core ? `  @qianyan/shared/core ${core}` : ''}`);
    }
    console.log('(* live, < previous)');
  } else if (command === 'activate' && version) {
    const expected = expectRaw === undefined ? undefined : expectRaw === 'none' ? null : expectRaw;
    printEntry(store.activate(needApp(), version, { expected }));
  } else if (command === 'rollback') {
    printEntry(store.rollback(needApp()));
  } else if (command === 'history') {
    if (app && !FRONT_APPS.includes(app)) usage();
    for (const e of store.history(app)) printEntry(e);
  } else if (command === 'prune') {
    const removed = store.prune(needApp(), { keep: keep ? Number(keep) : KEEP_RELEASES });
    console.log(removed.length ? `removed ${removed.join(', ')}` : 'nothing to remove');
  } else usage();
} catch (err) {
  console.error(err instanceof ReleaseError ? `refused: ${err.message}` : String(err?.stack || err));
  process.exit(1);
}
