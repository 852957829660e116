import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { remoteManifestUrl, remoteMapFor } from '../../../../scripts/lib/releases.mjs';
import type { ReleaseState } from './state.js';

/** The browser's preview links ('.'-separated tokens), set by GET /api/releases/preview. */
export const PREVIEW_COOKIE = 'qy_preview';
/** A visitor's place in the canaries: random, kept a year, only set while a canary runs. */
export const VISITOR_COOKIE = 'qy_vid';
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

function cookie(header: string | undefined, name: string): string | undefined {
  return header?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`))?.[1];
}

export function previewTokensOf(header: string | undefined): string[] {
  return (cookie(header, PREVIEW_COOKIE) ?? '').split('.').filter(Boolean);
}

/**
 * The remote map this visitor gets (the live map, a canary's release inside its share, a preview
 * over both) and the live shell's version. A visitor without an id gets one while a canary runs,
 * so the same visitor keeps the same release on every page and every instance.
 */
export async function releasesFor(state: ReleaseState, request: FastifyRequest, reply: FastifyReply | undefined, now: Date) {
  const current = await state.read();
  const tokens = previewTokensOf(request.headers.cookie);
  const previews = tokens.length ? await state.previewsOf(tokens, now) : {};
  let visitorId = cookie(request.headers.cookie, VISITOR_COOKIE);
  if (Object.keys(current.canary).length > 0 && (!visitorId || !VISITOR_ID.test(visitorId))) {
    visitorId = randomBytes(16).toString('base64url');
    reply?.header('set-cookie', `${VISITOR_COOKIE}=${visitorId}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${request.protocol === 'https' ? '; Secure' : ''}`);
  }
  const remotes = remoteMapFor(current.remotes, { canary: current.canary, visitorId, previews, manifestUrl: remoteManifestUrl });
  return { remotes, shell: current.live.shell as string | undefined };
}
