// The release command's client of the site's release service (/api/releases, server/src/modules/releases).
import { ReleaseError } from './releases.mjs';

/**
 * A client of the release service at QY_RELEASE_URL with QY_RELEASE_TOKEN, or null when no URL is
 * set (the command then works on this machine's releases folder). A refusal (HTTP 409) or a missing
 * token (401) throws ReleaseError with the service's message.
 */
export function releaseService(env) {
  const url = env.QY_RELEASE_URL;
  if (!url) return null;
  if (!env.QY_RELEASE_TOKEN) throw new ReleaseError('QY_RELEASE_URL is set but QY_RELEASE_TOKEN is not: ask for a release token (the server\'s RELEASE_TOKENS)');
  const base = url.replace(/\/+$/, '');
  async function call(method, path, body) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${env.QY_RELEASE_TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    let reply;
    try {
      reply = await res.json();
    } catch {
      throw new Error(`the release service at ${base} answered ${res.status} without a reply`);
    }
    if (reply.code !== 0) throw new ReleaseError(`${reply.msg} (${res.status})`);
    return reply.data;
  }
  return { base, get: (path) => call('GET', path), post: (path, body) => call('POST', path, body) };
}
