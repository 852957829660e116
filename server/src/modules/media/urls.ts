import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MediaSettings } from '../../config.js';
import type { S3Settings } from '../../storage/index.js';
import { presignedGetUrl } from '../../storage/s3.js';

/**
 * Where gated media are stored (ARCHITECTURE §3.3): an item's media field holds `/api/media/<key>`
 * (plus any query of its own); the public static route never serves that store. A reply hands such a
 * path out only to a reader who may see the item, signed for MEDIA_URL_TTL_SECONDS at reply time.
 * Any other URL (a free item's /api/static/… file, an outside link) goes out as stored.
 */
export const PROTECTED_MEDIA_PATH = '/api/media/';

export const MediaMessages = {
  /** A signed media URL whose life is over: the player re-fetches the item and resumes. */
  expired: '播放链接已过期，请刷新页面',
  /** A missing, altered or foreign signature. */
  invalid: '无权访问该媒体文件',
} as const;

/** HTTP 403 of /api/media/ (the envelope's code mirrors the status, as 404 → 10004 does). */
export const MEDIA_FORBIDDEN_CODE = 10403;

export type MediaCheck = { ok: true; expiresAt: number } | { ok: false; reason: 'invalid' | 'expired' };

export type MediaUrls = ReturnType<typeof createMediaUrls>;

export function createMediaUrls(settings: MediaSettings, deps: { now: () => Date; s3?: S3Settings }) {
  if (settings.storage === 's3' && !deps.s3) throw new Error('MEDIA_STORAGE=s3 needs the uploads bucket settings');
  const nowSeconds = () => Math.floor(deps.now().getTime() / 1000);
  // The signed text: the decoded path and the expiry, one per line, so neither can be moved into the other.
  const signature = (path: string, exp: number) =>
    createHmac('sha256', settings.secret).update(`${path}\n${exp}`).digest('base64url');

  const isProtected = (url: string) => url.startsWith(PROTECTED_MEDIA_PATH);

  /** A stored URL as a reply carries it: protected paths signed now, anything else unchanged. */
  function forReply(url: string): string {
    if (!isProtected(url)) return url;
    const parsed = new URL(url, 'http://site.invalid');
    const path = decodeURIComponent(parsed.pathname);
    if (settings.storage === 's3') {
      const key = settings.s3KeyPrefix + path.slice(PROTECTED_MEDIA_PATH.length);
      return presignedGetUrl(deps.s3!, key, settings.ttlSeconds, deps.now());
    }
    const exp = nowSeconds() + settings.ttlSeconds;
    parsed.searchParams.delete('exp');
    parsed.searchParams.delete('sig');
    parsed.searchParams.append('exp', String(exp));
    parsed.searchParams.append('sig', signature(path, exp));
    return parsed.pathname + parsed.search;
  }

  return {
    ttlSeconds: settings.ttlSeconds,
    isProtected,
    forReply,

    /** A lesson's or conference's media field (JSON text of [{url, fileType}]) with each URL as forReply gives it. */
    listForReply(media: string): string {
      let items: unknown;
      try {
        items = JSON.parse(media);
      } catch {
        return '[]';
      }
      if (!Array.isArray(items)) return '[]';
      return JSON.stringify(
        items.map((m: unknown) =>
          m && typeof m === 'object' && typeof (m as { url?: unknown }).url === 'string'
            ? { ...m, url: forReply((m as { url: string }).url) }
            : m,
        ),
      );
    },

    /** Whether a request for a protected path carries a valid, unexpired signature. */
    check(path: string, query: URLSearchParams): MediaCheck {
      const expRaw = query.get('exp') ?? '';
      const sig = query.get('sig') ?? '';
      if (!/^\d{1,12}$/.test(expRaw) || !sig) return { ok: false, reason: 'invalid' };
      const exp = Number(expRaw);
      const expected = Buffer.from(signature(path, exp));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
      if (exp <= nowSeconds()) return { ok: false, reason: 'expired' };
      return { ok: true, expiresAt: exp };
    },

    nowSeconds,
  };
}
