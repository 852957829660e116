// The site's service worker (served at /sw.js from the live shell release; built by Workbox's
// InjectManifest, shell/webpack.config.cjs). It keeps what a reader needs to read the week's issue
// with no network (docs/decisions.md, "Offline reading"):
// - the shell's own files, precached per shell release (Workbox precaching, old releases cleaned up);
// - released remotes' files and pictures, cache-first: a file's address names its release, so a page
//   only ever finds the files of the remote map it was served with, never a mix of two releases;
// - pages, network-first: online a reader always gets the live page and remote map; offline the page
//   as last served, with the remote map its files were cached under;
// - the reading calls' replies (policy.ts), network-first, under a key that includes the asking
//   token: a member's text is served back only to that member's requests, and logging out deletes them.
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { apiCacheKey, CACHES, isKeptApiCall, isKeptPage, isStaticFile, type WorkerMessage } from '../src/offline/policy';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// Pages: the live one when the network answers within a few seconds, the kept one otherwise.
registerRoute(
  ({ request, url }) => sameOrigin(url) && request.mode === 'navigate' && isKeptPage(url.pathname),
  new NetworkFirst({
    cacheName: CACHES.pages,
    networkTimeoutSeconds: 4,
    // The server varies pages on the session cookie and encoding; a kept page is the page for its address.
    matchOptions: { ignoreVary: true },
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })],
  }),
);

// The keeper's fetch of a page (not a navigation, so matched by its header).
registerRoute(
  ({ request, url }) => sameOrigin(url) && request.headers.get('x-qy-purpose') === 'offline' && request.destination === '' && isKeptPage(url.pathname) && !url.pathname.startsWith('/api/'),
  new NetworkFirst({
    cacheName: CACHES.pages,
    matchOptions: { ignoreVary: true },
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ request, url }) => sameOrigin(url) && request.method === 'GET' && isStaticFile(url.pathname),
  new CacheFirst({
    cacheName: CACHES.static,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 800, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

/** A reading call: the network's reply (kept when it is a success), or the kept one when there is no network. */
async function readingCall({ request }: { request: Request }): Promise<Response> {
  const key = await apiCacheKey({
    method: request.method,
    url: request.url,
    body: request.method === 'GET' ? '' : await request.clone().text(),
    authorization: request.headers.get('authorization'),
  });
  const cache = await caches.open(CACHES.api);
  let reply: Response;
  try {
    reply = await fetch(request);
  } catch (err) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw err;
  }
  if (reply.ok) {
    const copy = reply.clone();
    const envelope = (await copy.clone().json().catch(() => undefined)) as { code?: unknown } | undefined;
    if (envelope && envelope.code === 0) await cache.put(key, copy);
  }
  return reply;
}

for (const method of ['GET', 'POST'] as const) {
  registerRoute(({ url }) => sameOrigin(url) && isKeptApiCall(url.pathname), readingCall, method);
}

// A page never kept: the week's issue as last kept, where the reader can go on reading.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    const cache = await caches.open(CACHES.pages);
    for (const page of ['/latest-periodical', '/index', '/']) {
      const kept = await cache.match(page, { ignoreVary: true });
      if (kept) return kept;
    }
  }
  return Response.error();
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as WorkerMessage | undefined;
  if (message?.type === 'qy-clear-private') event.waitUntil(caches.delete(CACHES.api).then(() => undefined));
});

