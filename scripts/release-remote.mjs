#!/usr/bin/env node
// Roll one remote out or back without touching the others (README "Rolling out one remote").
//   node scripts/release-remote.mjs build <remote>        build, copy to releases/, activate
//   node scripts/release-remote.mjs list <remote>         list releases, newest first
//   node scripts/release-remote.mjs activate <remote> <v> point remotes.json at release v (roll back)
import { activateRelease, buildApp, listReleases, readRemotesJson, releaseRemote, REMOTES } from './lib/apps.mjs';

const [command, remote, version] = process.argv.slice(2);
const usage = () => {
  console.error('usage: release-remote.mjs build|list|activate <mf-content|mf-courses|mf-account|mf-payment> [version]');
  process.exit(2);
};
if (!REMOTES.includes(remote)) usage();

try {
  if (command === 'build') {
    await buildApp(remote);
    const v = releaseRemote(remote);
    console.log(`${remote} released as ${v}; remotes.json now:`, readRemotesJson());
  } else if (command === 'list') {
    const active = readRemotesJson()[remote];
    for (const v of listReleases(remote)) console.log(`${active && active.includes(`/${v}/`) ? '*' : ' '} ${v}`);
  } else if (command === 'activate' && version) {
    activateRelease(remote, version);
    console.log(`${remote} now serves ${version}`);
  } else usage();
} catch (err) {
  console.error(String(err.message || err));
  process.exit(1);
}
