import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ReleaseError, SHELL } from './state.js';
import type { ReleaseStore } from '../../../../scripts/lib/releases.mjs';

interface Manifest {
  name?: string;
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/** The federation name a remote's build must carry (mf-content → mf_content), as the shell registers it. */
export const federationName = (app: string) => app.replace(/-/g, '_');

/**
 * What can be told of a release without a browser, before it goes live or into a canary or preview:
 * for a remote, its manifest reads and names the remote, it exposes './app', and its container
 * (remoteEntry.js) and the first chunks of './app' are there, non-empty, and the container
 * registers the remote's name; for the shell, its page, route table and the scripts its page loads.
 * Throws ReleaseError naming what is wrong. (The browser check that the app mounts is the release
 * command's `--smoke`, which opens a preview of the release.)
 */
export async function smokeCheck(releases: ReleaseStore, app: string, version: string): Promise<void> {
  if (!releases.hasRelease(app, version)) throw new ReleaseError(`no release ${app}@${version}`);
  const dir = join(releases.dir, app, version);
  const fail = (what: string) => {
    throw new ReleaseError(`smoke check of ${app} ${version} failed: ${what}; nothing was changed`);
  };
  const nonEmptyFile = (rel: string) => {
    if (rel.split('/').includes('..')) fail(`${rel} leaves the release`);
    const info = statSync(join(dir, rel), { throwIfNoEntry: false });
    if (!info?.isFile() || info.size === 0) fail(`${rel} is missing or empty`);
    return join(dir, rel);
  };
  const readJson = <T>(rel: string): T => {
    try {
      return JSON.parse(readFileSync(nonEmptyFile(rel), 'utf8')) as T;
    } catch (err) {
      if (err instanceof ReleaseError) throw err;
      return fail(`${rel} is not valid JSON`);
    }
  };

  if (app === SHELL) {
    const html = readFileSync(nonEmptyFile('index.html'), 'utf8');
    const table = readJson<{ remotes?: Record<string, unknown> }>('routes.json');
    if (!table.remotes || typeof table.remotes !== 'object') fail('routes.json names no remotes');
    const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!).filter((src) => !/^[a-z]+:|^\/\//i.test(src));
    if (scripts.length === 0) fail('index.html loads no script');
    for (const src of scripts) nonEmptyFile(src.replace(/^\//, '').split('?', 1)[0]!);
    return;
  }

  const manifest = readJson<Manifest>('mf-manifest.json');
  if (manifest.name !== federationName(app)) fail(`its manifest names ${manifest.name ?? 'no remote'}, not ${federationName(app)}`);
  const entry = manifest.metaData?.remoteEntry;
  const entryFile = `${entry?.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry?.name ?? 'remoteEntry.js'}`;
  const entryText = readFileSync(nonEmptyFile(entryFile), 'utf8');
  if (!entryText.includes(federationName(app))) fail(`${entryFile} does not register ${federationName(app)}`);
  const exposed = manifest.exposes?.find((e) => e.path === './app');
  if (!exposed) fail("it does not expose './app'");
  for (const file of [...(exposed!.assets?.js?.sync ?? []), ...(exposed!.assets?.css?.sync ?? [])]) nonEmptyFile(file);
}
