import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { bucketObjectUrl } from '../storage/s3.js';
import { isApiPath, isProviderPath } from './errors.js';
import { tokenOf } from './session.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** This response's CSP nonce: every inline <script> the server draws carries it (nonce="…"). */
    readonly cspNonce: string;
  }
}

/** Origins the policy names beside the site's own and the remotes', read from the configuration. */
export interface CspSources {
  /** Where a form may be posted (payment gateways and the cashiers they redirect to). */
  formAction: string[];
  /** Pictures from elsewhere: the S3 bucket's public address, WeChat avatars. */
  images: string[];
  /** Audio and video from elsewhere: presigned media from the bucket. */
  media: string[];
  /** API calls to another host (the membership endpoint when it has its own). */
  connect: string[];
  /** CSP_EXTRA_ORIGINS: allowed for scripts, styles, pictures, media, fonts, calls and frames. */
  extra: string[];
}

/**
 * WeChat's JSSDK, which content pages load inside WeChat only, for the share card (shared/src/wechat/
 * share.ts). The policy names this one file, not the host.
 */
export const WECHAT_JSSDK_SCRIPT = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

/** Where WeChat serves profile pictures (headimgurl) of members who signed in with WeChat. */
const WECHAT_AVATAR_HOSTS = ['https://thirdwx.qlogo.cn', 'https://wx.qlogo.cn'];

const originOf = (url: string | undefined): string | undefined => {
  if (!url || url.startsWith('/')) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * A payment gateway and the cashier it redirects the posted form to (Chrome checks form-action on
 * every redirect of the submission): openapi.alipay.com → excashier.alipay.com, the sandbox's
 * openapi-sandbox.dl.alipaydev.com → excashier-sandbox.dl.alipaydev.com.
 */
function gatewaySources(gateway: string | undefined): string[] {
  const origin = originOf(gateway);
  if (!origin) return [];
  const u = new URL(origin);
  const labels = u.hostname.split('.');
  if (labels.length < 3 || /^[\d.]+$/.test(u.hostname)) return [origin];
  return [origin, `${u.protocol}//*.${labels.slice(-2).join('.')}`];
}

const unique = (list: (string | undefined)[]) => [...new Set(list.filter((s): s is string => Boolean(s)))];

export function cspSources(config: AppConfig): CspSources {
  const s3 = config.uploads?.storage === 's3' ? config.uploads.s3 : undefined;
  // Public pictures come from S3_PUBLIC_BASE_URL; gated media are presigned GETs of the bucket itself.
  let bucketOrigin: string | undefined;
  try {
    bucketOrigin = s3 ? bucketObjectUrl(s3, 'x').origin : undefined;
  } catch {
    bucketOrigin = undefined;
  }
  const bucket = unique([originOf(s3?.publicBaseUrl), bucketOrigin]);
  return {
    formAction: unique([...gatewaySources(config.payments?.alipay?.gateway), originOf(config.payments?.publicBaseUrl)]),
    images: unique([...bucket, ...WECHAT_AVATAR_HOSTS]),
    media: bucket,
    connect: unique([originOf(config.site.membershipBaseUrl)]),
    extra: unique((config.cspExtraOrigins ?? []).map(originOf)),
  };
}

/** The origins of a remote map's manifests on another host (released remotes are on this one). */
export function remoteOrigins(remotes: Record<string, unknown>): string[] {
  return unique(Object.values(remotes).map((url) => (typeof url === 'string' ? originOf(url) : undefined)));
}

/**
 * The policy of an HTML page. Scripts: the site, the remotes' hosts and inline scripts carrying this
 * response's nonce; never 'unsafe-inline' or eval. Styles allow inline <style>: antd's CSS-in-JS and
 * style-loader insert them at run time (docs/decisions.md).
 */
export function contentSecurityPolicy(nonce: string, remotes: string[], sources: CspSources): string {
  const list = (...parts: string[][]) => unique(parts.flat()).join(' ');
  const { extra } = sources;
  return [
    `default-src 'self'`,
    `script-src ${list(["'self'", `'nonce-${nonce}'`], remotes, [WECHAT_JSSDK_SCRIPT], extra)}`,
    `style-src ${list(["'self'", "'unsafe-inline'"], remotes, extra)}`,
    `img-src ${list(["'self'", 'data:', 'blob:'], remotes, sources.images, extra)}`,
    `media-src ${list(["'self'", 'blob:'], sources.media, extra)}`,
    `font-src ${list(["'self'", 'data:'], remotes, extra)}`,
    `connect-src ${list(["'self'"], remotes, sources.connect, extra)}`,
    `frame-src ${list(["'self'"], extra)}`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action ${list(["'self'"], sources.formAction)}`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

export interface SecurityHeadersOptions {
  /** The live remote map (with canaries' releases): the remotes' hosts are allowed to serve scripts. */
  remoteMap: () => Promise<Record<string, unknown>>;
  sources: CspSources;
}

const HSTS = 'max-age=31536000; includeSubDomains';
const kNonce = Symbol('cspNonce');

/**
 * Browser security headers, set in one place for every reply: a Content-Security-Policy with a
 * per-response nonce on HTML pages (plus frame, referrer and sniffing rules), HSTS over https, and
 * `no-store` on API replies unless the route chose public caching (a member's data is never kept
 * by a browser or proxy cache).
 */
export default fp<SecurityHeadersOptions>(
  async function securityHeadersPlugin(app, opts) {
    app.decorateRequest('cspNonce', {
      getter(this: FastifyRequest & { [kNonce]?: string }) {
        return (this[kNonce] ??= randomBytes(18).toString('base64'));
      },
    });

    // The remote map moves on every release; its hosts are read from the live releases (cached there).
    async function currentRemoteOrigins(): Promise<string[]> {
      const current = await opts.remoteMap().catch(() => undefined);
      return current ? remoteOrigins(current) : [];
    }

    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
      reply.header('x-content-type-options', 'nosniff');
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);

      const type = String(reply.getHeader('content-type') ?? '');
      if (type.startsWith('text/html')) {
        if (!reply.hasHeader('content-security-policy')) {
          reply.header('content-security-policy', contentSecurityPolicy(request.cspNonce, await currentRemoteOrigins(), opts.sources));
        }
        reply.header('x-frame-options', 'DENY');
        reply.header('referrer-policy', 'strict-origin-when-cross-origin');
        return payload;
      }

      const path = request.url.split('?', 1)[0] ?? '';
      if (isApiPath(path) || isProviderPath(path)) {
        // A route that chose public caching answers the same to everybody (the region tree); any
        // other reply may be a member's (a session, a token just issued) and is never stored.
        const chosen = String(reply.getHeader('cache-control') ?? '');
        const isPublic = /^\s*public\b/i.test(chosen);
        const caller = Boolean(tokenOf(request));
        if (!chosen || (caller && !isPublic)) reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'securityHeaders' },
);
