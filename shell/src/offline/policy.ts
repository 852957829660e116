// What the service worker keeps for reading without a network, and under which keys. Shared by the
// worker (shell/sw/sw.ts) and the page's keeper (keepWeek.ts); no DOM or worker-only API here.

/** Caches by content: pages (HTML), static files (scripts, styles, pictures), API replies. */
export const CACHES = {
  pages: 'qy-pages-v1',
  static: 'qy-static-v1',
  api: 'qy-api-v1',
} as const;

/** Sent by the keeper: the server counts no read and records no reading for these requests. */
export const OFFLINE_PURPOSE_HEADER = 'X-Qy-Purpose';
export const OFFLINE_PURPOSE = 'offline';

/**
 * The API calls whose replies are kept: reading only (never a login, a payment, a collect or any
 * call that changes something). A reply is kept for the token that asked for it, so a member's text
 * is only ever served back to that member's requests, and logging out deletes the cache.
 */
const KEPT_API = [
  /^\/api\/article\/(getArticleDetail|getArticle|getArticleDetailById|getRelationVideo|newestArticle|selectArticleClass|selectArticleList|selectQiKanList|getMonthOfQiKanYear|selectAbout)$/,
  /^\/api\/base\/(getBanner|getModularSwitch|siteConfig)$/,
  /^\/api\/advert\/selectAdvertList$/,
  /^\/api\/hotRead\/selectHotReadList$/,
  /^\/api\/glossary$/,
  /^\/api\/user\/(getUserInfo|getMemberInfo)$/,
];

export function isKeptApiCall(pathname: string): boolean {
  return KEPT_API.some((re) => re.test(pathname));
}

/** Pages never kept: the staff console, payment and sign-in hand-offs, and the server's own files. */
const UNKEPT_PAGES = /^\/(api|editor|remotes\.json|sitemap|robots\.txt|qrcode-member-ali-pay|wechat)(\/|$|[.-])/;

export function isKeptPage(pathname: string): boolean {
  return !UNKEPT_PAGES.test(pathname);
}

/**
 * Files that never change under their address: released remotes (/remotes/<remote>/<version>/…),
 * the shell's content-hashed files, the site's pictures, uploaded pictures and the app icons.
 */
const STATIC = [/^\/remotes\/[^/]+\/[^/]+\/.+/, /^\/[^/]+[.-][0-9a-f]{8,}\.(js|css)$/, /^\/api\/static\//, /^\/api\/uploads\//, /^\/icons\//];

export function isStaticFile(pathname: string): boolean {
  return STATIC.some((re) => re.test(pathname));
}

/** A JSON body with its keys sorted and undefined dropped: the same call always gives the same text. */
export function canonicalBody(text: string): string {
  if (!text) return '';
  try {
    return JSON.stringify(sortKeys(JSON.parse(text)));
  } catch {
    return text;
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export type Digest = (text: string) => Promise<string>;

/** SHA-256 in hex, with the platform's SubtleCrypto (page and worker alike). */
export const sha256: Digest = async (text) => {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

/**
 * The cache key of an API call: its path, its query without the cache-busting `_t`, its body in
 * canonical form and whose token asked — hashed, so neither the token nor the body is stored in a key.
 */
export async function apiCacheKey(
  call: { method: string; url: string; body: string; authorization: string | null },
  digest: Digest = sha256,
): Promise<string> {
  const url = new URL(call.url);
  url.searchParams.delete('_t');
  url.searchParams.sort();
  const [body, who] = await Promise.all([digest(canonicalBody(call.body)), digest(call.authorization ?? '')]);
  return `${url.origin}/__qy-offline${url.pathname}?${url.searchParams.toString()}&m=${call.method.toUpperCase()}&b=${body}&u=${who}`;
}

/** Messages from the page to the worker. */
export type WorkerMessage = { type: 'qy-clear-private' };
