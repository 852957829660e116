#!/usr/bin/env node
// npm run build: everything a release needs, from a fresh checkout or an old one: the shell and
// every remote built for production and released into releases/<app>/<version>/ (live: releases/shell.json and
// releases/remotes.json), and the server compiled to server/dist. Afterwards
// `node server/dist/server.js` serves the whole site (or deploy/ puts it behind nginx).
import fs from 'node:fs';
import path from 'node:path';
import { ensureFrontEnd, readRemotesJson, REMOTES, ROOT, RELEASES_DIR, run, store } from './lib/apps.mjs';

// Every front-end app rebuilt (a release is built from this checkout's sources, whatever is in dist/),
// every remote released and activated.
await ensureFrontEnd({ force: true });

console.log('[build] server');
const code = await run('npm', ['run', 'build', '-w', '@qianyan/server']);
if (code !== 0) process.exit(code);

// What the release is: the map the server will serve, every manifest it names on disk.
const map = readRemotesJson();
const problems = [];
const shell = store.live().shell;
if (!shell || !fs.existsSync(path.join(RELEASES_DIR, 'shell', shell, 'index.html'))) problems.push('no live shell release (releases/shell.json)');
for (const remote of REMOTES) {
  const url = map[remote];
  if (!url) problems.push(`remotes.json has no entry for ${remote}`);
  else if (url.startsWith('/remotes/') && !fs.existsSync(path.join(RELEASES_DIR, url.slice('/remotes/'.length)))) {
    problems.push(`${remote}: ${url} is not in ${RELEASES_DIR}`);
  }
}
if (problems.length) {
  console.error(`[build] the release is incomplete:\n  - ${problems.join('\n  - ')}`);
  process.exit(1);
}
console.log(`[build] release ready in ${path.relative(ROOT, RELEASES_DIR) || '.'}:`);
console.log(`  ${'shell'.padEnd(12)} ${shell}`);
for (const remote of REMOTES) console.log(`  ${remote.padEnd(12)} ${map[remote]}`);
