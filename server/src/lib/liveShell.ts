import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One path segment of a release or a file the server sends: no '..', no hidden files. */
export const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.@+-]*$/;

/**
 * The live shell's folder: the release named by releases/shell.json (the release store,
 * scripts/lib/releases.mjs), or the configured web root where no shell has been released (a
 * development checkout). `readJson` lets a caller use its own cache.
 */
export async function liveShellRoot(
  webRoot: string,
  releasesDir: string,
  readJson: (file: string) => Promise<unknown> = async (file) => JSON.parse(await readFile(file, 'utf8')) as unknown,
): Promise<string> {
  const live = (await readJson(join(releasesDir, 'shell.json')).catch(() => undefined)) as { version?: unknown } | undefined;
  const version = typeof live?.version === 'string' && SAFE_SEGMENT.test(live.version) ? live.version : undefined;
  return version ? join(releasesDir, 'shell', version) : webRoot;
}
