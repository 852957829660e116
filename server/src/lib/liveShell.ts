import { join } from 'node:path';

/** One path segment of a release or a file the server sends: no '..', no hidden files. */
export const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.@+-]*$/;

/**
 * The live shell's folder: the shell release `version` (the release state's live shell), or the
 * configured web root where no shell has been released (a development checkout).
 */
export function shellRootOf(webRoot: string, releasesDir: string, version: string | undefined): string {
  return version && SAFE_SEGMENT.test(version) ? join(releasesDir, 'shell', version) : webRoot;
}
