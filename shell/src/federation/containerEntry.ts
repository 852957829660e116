/**
 * remotes.json names each remote's manifest (mf-manifest.json); the runtime is built without
 * manifest support (a smaller first view), so it is given the container beside it, whose file name
 * every app's build fixes as remoteEntry.js. A URL that is already a container is kept.
 */
export function containerEntry(url: string): string {
  return url.replace(/mf-manifest\.json(?=$|[?#])/, 'remoteEntry.js');
}
