#!/usr/bin/env node
// The release manager's command (README "Releasing"): roll one app out or back without touching the others.
//   npm run release -- status                          the live release of every app
//   npm run release -- build <app>                     build, release and make live (checked against the live shell)
//   npm run release -- list <app>                      releases, newest first, with commit, build time, shared versions
//   npm run release -- activate <app> <version> [--expect <live version>|--expect none]
//   npm run release -- rollback <app>                  back to the release live before the current one
//   npm run release -- history [app]                   every change: when, who, what from and to
//   npm run release -- prune <app> [--keep N]          remove old releases (never the live or previous one)
//   npm run release -- canary <app> <version> <percent> | canary <app> off   a share of visitors, sticky per visitor
//   npm run release -- preview <app> <version>         a link that shows the release to whoever opens it (service only)
//   npm run release -- adopt                           the releases folder's live releases made live by the service
//                                                      (after a deployment publishes a new image; service only)
//   --smoke (activate, canary; service only): first open the release in Chromium through a preview and
//           check that its app mounts on one of its pages

// <app> is shell, mf-content, mf-courses, mf-account, mf-payment or mf-editorial. QY_RELEASE_BY names who acts (CI).
//
// By default the command works on this machine's releases folder. With QY_RELEASE_URL (the site,
// e.g. https://qianyan.example.com) and QY_RELEASE_TOKEN (one of the server's RELEASE_TOKENS) it asks
// the site's release service instead, which checks, records and applies the change for every instance.
import { buildApp, FRONT_APPS, releaseApp, store } from './lib/apps.mjs';
import { KEEP_RELEASES, ReleaseError } from './lib/releases.mjs';
import { releaseService } from './lib/releaseClient.mjs';

const argv = process.argv.slice(2);
const argvFlag = (name) => {
  const i = argv.indexOf(name);
  if (i !== -1) argv.splice(i, 1);
  return i !== -1;
};
const flag = (name) => {
  const i = argv.indexOf(name);
  if (i === -1) return undefined;
  const value = argv[i + 1];
  argv.splice(i, 2);
  return value;
};
const smoke = argvFlag('--smoke');
/** Chromium only when asked for (scripts/lib/releaseSmoke.mjs). */
const smokeInBrowser = async (...args) => (await import('./lib/releaseSmoke.mjs')).smokeInBrowser(...args);
const expectRaw = flag('--expect');
const keep = flag('--keep');
const [command, app, version] = argv;

function usage() {
  console.error(
    `usage: release.mjs status | build|list|rollback|prune <app> | activate <app> <version> [--expect <version>|none] | history [app]\n` +
      `       | canary <app> <version> <percent> | canary <app> off | preview <app> <version> | adopt\n  <app>: ${FRONT_APPS.join(', ')}`,
  );
  process.exit(2);
}
const needApp = () => (FRONT_APPS.includes(app) ? app : usage());
const printEntry = (e) =>
  console.log(
    `${e.at}  ${e.app.padEnd(10)} ${e.action.padEnd(10)} ${e.removed ? `removed ${e.removed.join(', ')}` : `${e.from ?? 'none'} → ${e.to ?? 'none'}`}${e.percent ? ` for ${e.percent} %` : ''}  by ${e.by}`,
  );

/** The same commands, asked of the site's release service (QY_RELEASE_URL, QY_RELEASE_TOKEN). */
async function viaService(service) {
  if (command === 'status' || command === 'list') {
    const { apps } = await service.get('/api/releases');
    for (const a of apps) {
      if (command === 'list' && a.app !== needApp()) continue;
      if (command === 'status') {
        const live = a.releases.find((r) => r.live);
        console.log(`${a.app.padEnd(10)} ${a.live ?? '(none)'}${live?.commit ? `  commit ${live.commit}` : ''}${a.canary ? `  canary ${a.canary.version} for ${a.canary.percent} %` : ''}`);
        continue;
      }
      for (const r of a.releases) {
        const mark = r.live ? '*' : r.previous ? '<' : r.canary ? '~' : ' ';
        const core = r.shared['@qianyan/shared/core'];
        console.log(`${mark} ${r.version}  built ${r.builtAt}${r.commit ? `  commit ${r.commit}` : ''}${core ? `  @qianyan/shared/core ${core}` : ''}`);
      }
      console.log('(* live, < previous, ~ canary)');
    }
  } else if (command === 'activate' && version) {
    if (smoke) console.log(`smoke check passed on ${await smokeInBrowser(service, needApp(), version)}`);
    printEntry(await service.post('/api/releases/activate', { app: needApp(), version, ...(expectRaw === undefined ? {} : { expected: expectRaw === 'none' ? null : expectRaw }) }));
  } else if (command === 'build') {
    await buildApp(needApp());
    const v = releaseApp(app, { activate: false });
    printEntry(await service.post('/api/releases/activate', { app, version: v }));
  } else if (command === 'rollback') {
    printEntry(await service.post('/api/releases/rollback', { app: needApp() }));
  } else if (command === 'history') {
    if (app && !FRONT_APPS.includes(app)) usage();
    for (const e of await service.get(`/api/releases/history${app ? `?app=${app}` : ''}`)) printEntry(e);
  } else if (command === 'prune') {
    const removed = await service.post('/api/releases/prune', { app: needApp(), keep: keep ? Number(keep) : KEEP_RELEASES });
    console.log(removed.length ? `removed ${removed.join(', ')}` : 'nothing to remove');
  } else if (command === 'canary' && version) {
    if (smoke && version !== 'off') console.log(`smoke check passed on ${await smokeInBrowser(service, needApp(), version)}`);
    printEntry(await service.post('/api/releases/canary', version === 'off' ? { app: needApp(), version: null } : { app: needApp(), version, percent: Number(argv[3]) }));
  } else if (command === 'adopt') {
    const entries = await service.post('/api/releases/adopt', {});
    if (!entries.length) console.log('the service already has the releases folder\'s live releases');
    for (const e of entries) printEntry(e);
  } else if (command === 'preview' && version) {
    const { url, expiresAt } = await service.post('/api/releases/previews', { app: needApp(), version });
    console.log(`open ${service.base}${url}  (until ${expiresAt}; ${service.base}/api/releases/preview?end=1 ends it)`);
  } else usage();
}

try {
  const service = releaseService(process.env);
  if (smoke && !service) throw new ReleaseError('--smoke opens the release through a preview of the release service: set QY_RELEASE_URL and QY_RELEASE_TOKEN');
  if (service) await viaService(service);
  else if (command === 'status') {
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
  } else if (command === 'canary' && version) {
    printEntry(version === 'off' ? store.setCanary(needApp(), null) : store.setCanary(needApp(), version, { percent: Number(argv[3]) }));
  } else if (command === 'preview' || command === 'adopt') {
    throw new ReleaseError(`${command} needs the release service: set QY_RELEASE_URL and QY_RELEASE_TOKEN`);
  } else usage();
} catch (err) {
  console.error(err instanceof ReleaseError ? `refused: ${err.message}` : String(err?.stack || err));
  process.exit(1);
}
