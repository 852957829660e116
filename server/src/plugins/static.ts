import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SiteSettings } from '../config.js';
import { assetsDir } from '../paths.js';
import { shellRootOf, SAFE_SEGMENT } from '../lib/liveShell.js';
import type { ReleaseState } from '../modules/releases/state.js';
import { releasesFor } from '../modules/releases/visitor.js';
import { LOCAL_UPLOADS_PATH } from '../storage/index.js';
import { isApiPath, isProviderPath } from './errors.js';
import { applyPageMeta, NO_SOURCES, originOf, pageMetaFor, robotsTxt, sitemap, type PageSources, type SitemapArticle } from './pageMeta.js';
import { closedHeaderAdvert, firstViewData, pageHeadFor, type FirstViewEntry, type PageHead } from './firstView.js';

export interface StaticPluginOptions {
  webRoot: string;
  releasesDir: string;
  site: SiteSettings;
  /** Local upload storage: its folder, served at /api/uploads/ (absent with S3 storage). */
  uploadsDir?: string;
  /** The live releases (the remote map a visitor gets, the live shell). */
  releases: ReleaseState;
  now: () => Date;
  /** The public cards of articles, lessons and conferences (the pages' heads); none: the site's head. */
  pageSources?: PageSources;
  /** Published articles for the sitemap, newest first. */
  sitemapArticles?: (limit: number) => Promise<SitemapArticle[]>;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/** Content-hashed file names from the bundlers: main.3f9a1c2b.js, 512.a1b2c3d4e5.chunk.css, and their
 * precompressed twins main.3f9a1c2b.js.br / .gz … */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+(\.(br|gz))?$/i;
/** The runtime configuration goes right before </head>, ahead of the shell's deferred scripts. */
export function injectConfig(html: string, configScript: string): string {
  const at = html.search(/<\/head>/i);
  return at === -1 ? configScript + html : html.slice(0, at) + configScript + html.slice(at);
}

/** JSON for an inline <script>: nothing in it can close the tag or break the line. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The shell's route table (shell/src/routes.json, copied to its build output). */
export interface RouteTable {
  remotes: Record<string, string[]>;
  shell?: string[];
}

/** The same matching as the shell's routes.ts: an exact path, or a prefix ending in '*'. */
export function routeOwner(table: RouteTable, pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const hit = (p: string) =>
    p.endsWith('*') ? path.startsWith(p.slice(0, -1)) && path.length > p.length - 1 : path === p;
  if (table.shell?.some(hit)) return null;
  for (const [remote, patterns] of Object.entries(table.remotes)) if (patterns.some(hit)) return remote;
  return null;
}

interface ManifestLike {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/**
 * What a page of a remote needs first: its container (remoteEntry.js, the file the shell registers:
 * the browser's federation runtime reads no manifest) and the first chunks of its './app', which
 * the server reads from the manifest on disk; as absolute paths or URLs.
 */
export function remoteHints(manifestUrl: string, manifest: ManifestLike | undefined) {
  const base = new URL(manifestUrl, 'http://site.invalid/');
  const href = (file: string) => {
    const u = new URL(file, base);
    return u.origin === 'http://site.invalid' ? u.pathname : u.href;
  };
  const entry = manifest?.metaData?.remoteEntry;
  const scripts = [
    entry?.name ? href(`${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`) : href('remoteEntry.js'),
  ];
  const app = manifest?.exposes?.find((e) => e.path === './app');
  for (const file of app?.assets?.js?.sync ?? []) scripts.push(href(file));
  return { scripts };
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** An inline script's opening tag, with the response's CSP nonce (securityHeaders.ts) when given. */
const scriptTag = (nonce?: string) => (nonce ? `<script nonce="${nonce}">` : '<script>');

/** The tags the server adds to the shell's page: the remote map inline, then the preload hints. */
export function hintTags(remotes: Record<string, string>, hints?: { scripts: string[] }, nonce?: string): string {
  let out = `${scriptTag(nonce)}window.__QY_REMOTES__=${inlineJson(remotes)}</script>`;
  for (const s of hints?.scripts ?? []) out += `<link rel="preload" href="${escapeAttr(s)}" as="script">`;
  return out;
}

/** The first view's public replies inline (read once by the API client) and its pictures preloaded. */
export function firstViewTagsFor(entries: FirstViewEntry[], images: string[], nonce?: string): string {
  if (entries.length === 0) return '';
  let out = `${scriptTag(nonce)}window.__QY_FIRST__=${inlineJson(entries)}</script>`;
  for (const img of images) out += `<link rel="preload" href="${escapeAttr(img)}" as="image" fetchpriority="high">`;
  return out;
}

/**
 * The opening tags of the inline scripts of the shell's own index.html (its boot script: no src),
 * which get the response's nonce. Read from the file as built, before anything is drawn into it.
 */
const INLINE_SCRIPT_OPEN = /<script(?![^>]*\bsrc\s*=)([^>]*)>/gi;
/** Stands for the response's nonce in the cached page (base64 never contains it). */
const NONCE_SLOT = '\u0000qy-nonce\u0000';

/** The header advert's empty box in the shell's index.html (minified or not), which the server fills (firstView.ts). */
export const HEADER_AD_BOX = /<div id="?qy-header-ad"? class="?qy-header-ad--reserved"?><\/div>/;

/** The opening tag of the page's empty #qy-main (minified or not), where the server may draw the route's top (firstView.ts). */
export const MAIN_BOX = /<main id="?qy-main"?[^>]*>(?=<\/main>)/;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>Qianyan</title></head>
<body><h1>前端尚未构建</h1><p>The front end is not built yet: run <code>npm run build</code>
(or <code>npm start</code>, which builds what is missing), then reload this page.</p>
<p>The API is up: <a href="/api/health">/api/health</a>, <a href="/api/docs">/api/docs</a>.</p></body></html>
`;

/**
 * Serves the built shell at / (hashed assets immutable, HTML no-cache, runtime config injected into
 * index.html), released remotes at /remotes/<remote>/<version>/…, /remotes.json, the server's own
 * images at /api/static/…, and index.html for any other HTML navigation (the shell's router and 404).
 */
export default fp<StaticPluginOptions>(
  async function staticPlugin(app, opts) {
    const configScript = `<script nonce="${NONCE_SLOT}">window.__QY_CONFIG__=${inlineJson(opts.site)}</script>`;
    let cached: { path: string; mtimeMs: number; html: string } | undefined;

    /** A JSON file read again only when it changes (remotes.json moves on every release). */
    const jsonCache = new Map<string, { mtimeMs: number; value: unknown }>();
    async function readJson<T>(file: string): Promise<T | undefined> {
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      const hit = jsonCache.get(file);
      if (hit?.mtimeMs === info.mtimeMs) return hit.value as T;
      try {
        const value = JSON.parse(await readFile(file, 'utf8')) as unknown;
        jsonCache.set(file, { mtimeMs: info.mtimeMs, value });
        return value as T;
      } catch {
        return undefined;
      }
    }

    /**
     * Inline remote map (this visitor's: canaries and previews applied) and preload hints for the
     * remote that owns `pathname` (none if unknown), and the page's heading from that remote's
     * release (page-heads.json), when it ships one.
     */
    async function pageHints(pathname: string, nonce: string, remotes: Record<string, string>, root: string): Promise<{ tags: string; head?: PageHead }> {
      const table = await readJson<RouteTable>(join(root, 'routes.json'));
      const owner = table?.remotes ? routeOwner(table, pathname) : null;
      const url = owner ? remotes[owner] : undefined;
      if (typeof url !== 'string' || !url) return { tags: hintTags(remotes, undefined, nonce) };
      // A released remote's files are read from disk; one on another host gets its container only.
      const local = url.startsWith('/remotes/') ? join(opts.releasesDir, url.slice('/remotes/'.length)) : undefined;
      if (!local || local.includes('..')) return { tags: hintTags(remotes, remoteHints(url, undefined), nonce) };
      const [manifest, heads] = await Promise.all([readJson<ManifestLike>(local), readJson<unknown>(join(dirname(local), 'page-heads.json'))]);
      return { tags: hintTags(remotes, remoteHints(url, manifest), nonce), head: pageHeadFor(heads, pathname) };
    }

    /**
     * The live shell: the release the release state names (scripts/lib/releases.mjs, or the
     * database), or the configured web root where no shell has been released (a development checkout).
     */
    const shellRoot = async () => shellRootOf(opts.webRoot, opts.releasesDir, (await opts.releases.read()).live.shell);

    /** Shell releases other than the live one, newest first: a page opened on one of them still loads its chunks. */
    let olderShells: { at: number; dirs: string[] } | undefined;
    async function otherShellRoots(live: string): Promise<string[]> {
      if (!olderShells || Date.now() - olderShells.at > 5000) {
        const base = join(opts.releasesDir, 'shell');
        const names = await readdir(base).catch(() => [] as string[]);
        const dated = await Promise.all(
          names.filter((n) => SAFE_SEGMENT.test(n) && n !== 'live' && !n.endsWith('.tmp')).map(async (n) => ({ dir: join(base, n), mtimeMs: (await stat(join(base, n)).catch(() => undefined))?.mtimeMs ?? 0 })),
        );
        olderShells = { at: Date.now(), dirs: dated.sort((a, b) => b.mtimeMs - a.mtimeMs).map((d) => d.dir) };
      }
      return olderShells.dirs.filter((d) => d !== live);
    }

    // Re-read index.html only when it changes, so a released or rebuilt shell is picked up without a restart.
    async function renderIndex(root: string): Promise<string | undefined> {
      const indexPath = join(root, 'index.html');
      const info = await stat(indexPath).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      if (cached?.path !== indexPath || cached.mtimeMs !== info.mtimeMs) {
        const raw = await readFile(indexPath, 'utf8');
        const withNonces = raw.replace(INLINE_SCRIPT_OPEN, (_tag, attrs: string) => `<script nonce="${NONCE_SLOT}"${attrs}>`);
        cached = { path: indexPath, mtimeMs: info.mtimeMs, html: injectConfig(withNonces, configScript) };
      }
      return cached.html;
    }

    async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
      const mine = await releasesFor(opts.releases, request, reply, opts.now());
      const root = shellRootOf(opts.webRoot, opts.releasesDir, mine.shell);
      const html = await renderIndex(root);
      reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8');
      if (!html) return reply.send(NOT_BUILT_PAGE);
      const pathname = (request.url.split('?', 1)[0] ?? '/').replace(/\/index\.html$/, '/');
      // The nonce goes into the shell's own scripts before the first view's content is drawn in.
      const nonce = request.cspNonce;
      const hints = await pageHints(pathname, nonce, mine.remotes, root);
      const first = await firstViewData(app, pathname, closedHeaderAdvert(request.headers.cookie), hints.head);
      const page = injectConfig(html.replaceAll(NONCE_SLOT, nonce), hints.tags + firstViewTagsFor(first.entries, first.images, nonce));
      const origin = originOf(request);
      const meta = await pageMetaFor(new URL(request.url, origin), origin, hints.head, opts.pageSources ?? NO_SOURCES);
      let out = applyPageMeta(first.headerAdvertBox === undefined ? page : page.replace(HEADER_AD_BOX, first.headerAdvertBox), meta);
      if (first.main) out = out.replace(MAIN_BOX, (open) => `${open}${first.main}`);
      return reply.send(out);
    }

    app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));
    app.get('/index.html', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));

    app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8');
      return robotsTxt(originOf(request));
    });

    // The sitemap, or past 50,000 addresses its index and numbered parts (/sitemap-1.xml …).
    app.get('/sitemap.xml', { schema: { hide: true } }, (request, reply) => sendSitemap(request, reply, undefined));
    app.get('/sitemap-:part.xml', { schema: { hide: true } }, (request, reply) => {
      const part = Number((request.params as { part: string }).part);
      return Number.isSafeInteger(part) ? sendSitemap(request, reply, part) : reply.callNotFound();
    });
    async function sendSitemap(request: FastifyRequest, reply: FastifyReply, part: number | undefined) {
      const xml = await sitemap(app, originOf(request), part, opts.sitemapArticles ?? (async () => []));
      if (!xml) return reply.callNotFound();
      reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8');
      return xml;
    }

    app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) => {
      const mine = await releasesFor(opts.releases, request, reply, opts.now());
      if (Object.keys(mine.remotes).length === 0) return reply.callNotFound();
      reply.header('cache-control', NO_CACHE).type('application/json; charset=utf-8');
      return reply.send(JSON.stringify(mine.remotes));
    });

    // The live shell's files. `serve: false`: the route below picks the folder per request, so a shell
    // release goes live without a restart; index.html always goes through sendIndex.
    await app.register(fastifyStatic, {
      root: opts.webRoot,
      serve: false,
      index: false,
      // Serves main.js.br / .gz beside main.js when the build wrote them.
      preCompressed: true,
      cacheControl: false,
      suppressWarning: true,
      setHeaders(reply, filePath) {
        reply.header('cache-control', HASHED.test(filePath) ? IMMUTABLE : NO_CACHE);
      },
    });
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      const parts = file.split('/');
      if (!file || parts.some((p) => !SAFE_SEGMENT.test(p)) || file === 'index.html') return reply.callNotFound();
      const live = await shellRoot();
      // A content-hashed file no longer in the live shell comes from an earlier release (a tab
      // opened before a roll-out, or after a roll-back); anything else only from the live one.
      const roots = HASHED.test(file) && live !== opts.webRoot ? [live, ...(await otherShellRoots(live))] : [live];
      for (const root of roots) {
        const info = await stat(join(root, file)).catch(() => undefined);
        if (info?.isFile()) return reply.sendFile(file, root);
      }
      return reply.callNotFound();
    });

    // Released remotes: a version folder never changes once written, so its files are immutable.
    await app.register(fastifyStatic, {
      root: opts.releasesDir,
      prefix: '/remotes/',
      decorateReply: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      suppressWarning: true,
      allowedPath: (pathName) => pathName.split('/').filter(Boolean).length >= 3,
      setHeaders(reply) {
        reply.header('cache-control', IMMUTABLE);
      },
    });

    // Covers and logos referenced by the seeded content.
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/api/static/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders(reply) {
        reply.header('cache-control', 'public, max-age=86400');
      },
    });

    // Members' uploaded pictures: random, never-reused names, so immutable. nosniff and a sandboxing
    // CSP keep a file from ever being run as anything but an image.
    if (opts.uploadsDir) {
      await mkdir(opts.uploadsDir, { recursive: true });
      await app.register(fastifyStatic, {
        root: opts.uploadsDir,
        prefix: LOCAL_UPLOADS_PATH,
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        cacheControl: false,
        setHeaders(reply) {
          reply.header('cache-control', IMMUTABLE);
          reply.header('x-content-type-options', 'nosniff');
          reply.header('content-security-policy', "default-src 'none'; sandbox");
        },
      });
    }

    app.decorate('webFallback', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const path = request.url.split('?', 1)[0] ?? '';
      if (isApiPath(path) || isProviderPath(path) || path.startsWith('/remotes/')) return false;
      if (!request.headers.accept?.includes('text/html')) return false;
      reply.code(200);
      await sendIndex(request, reply);
      return true;
    });
  },
  { name: 'static', dependencies: ['errors'] },
);
