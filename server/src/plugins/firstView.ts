// The first view's public data, in the page itself. A page's largest element (the header advert on
// most pages, the banner on the home and course pages) waits for the shell's scripts and then for
// one or two API replies. The server already knows those replies: it puts a visitor's answers to the
// page's public calls into the HTML (window.__QY_FIRST__, read once by the API client for a visitor's
// call; see shared/src/api/firstView.ts) and asks the browser to fetch their pictures at once
// (<link rel="preload" as="image">), so the picture is there when the page draws it.
//
// Only calls whose reply is the same for every reader are listed: the advert switch, the header
// advert and the banners. A logged-in reader's calls still go to the server.
import type { FastifyInstance } from 'fastify';

export interface FirstViewCall {
  path: string;
  body: Record<string, unknown>;
}

/** The calls the chrome makes on every page (HeaderAdvert: the switch, then the 页眉 advert). */
const CHROME_CALLS: FirstViewCall[] = [
  { path: '/api/base/getModularSwitch', body: { moduleName: 'advert' } },
  { path: '/api/advert/selectAdvertList', body: { ifPublish: '是', pageNo: 1, pageSize: 1, advertPosition: '页眉' } },
];

/** The calls a route's first view makes before its largest element can be drawn. */
const ROUTE_CALLS: Record<string, FirstViewCall[]> = {
  '/': [{ path: '/api/base/getBanner', body: { code: 'home' } }],
  '/index': [{ path: '/api/base/getBanner', body: { code: 'home' } }],
  '/course-resources': [{ path: '/api/base/getBanner', body: { code: 'classroom' } }],
};

export function firstViewCalls(pathname: string): FirstViewCall[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return [...CHROME_CALLS, ...(ROUTE_CALLS[path] ?? [])];
}

export interface FirstViewEntry extends FirstViewCall {
  reply: { code: number; msg?: string; data: unknown };
}

/** The first image of an advert's imgUrl (JSON text of [{url}]), as HeaderAdvert reads it. */
function advertImage(imgUrl: unknown): string | undefined {
  if (typeof imgUrl !== 'string') return undefined;
  try {
    const list: unknown = JSON.parse(imgUrl);
    const url = Array.isArray(list) ? (list[0] as { url?: unknown } | undefined)?.url : undefined;
    return typeof url === 'string' && url ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The pictures the first view draws from these replies: the header advert's (when the advert switch
 * is on) and the first banner picture.
 */
export function firstViewImages(entries: FirstViewEntry[]): string[] {
  const data = (path: string) => entries.find((e) => e.path === path)?.reply.data as Record<string, unknown> | undefined;
  const images: string[] = [];
  if (data('/api/base/getModularSwitch')?.switchValue === 1) {
    const results = data('/api/advert/selectAdvertList')?.results;
    const first = Array.isArray(results) ? (results[0] as Record<string, unknown> | undefined) : undefined;
    const img = advertImage(first?.imgUrl);
    if (img) images.push(img);
  }
  const pic = bannerSlides(entries)?.[0]?.pic;
  if (pic) images.push(pic);
  return images;
}

/** The header advert as the chrome draws it (HeaderAdvert), or null when the page shows none. */
export function headerAdvert(entries: FirstViewEntry[]): { id: number; name: string; href: string; img: string } | null {
  const data = (path: string) => entries.find((e) => e.path === path)?.reply.data as Record<string, unknown> | undefined;
  if (data('/api/base/getModularSwitch')?.switchValue !== 1) return null;
  const results = data('/api/advert/selectAdvertList')?.results;
  const first = Array.isArray(results) ? (results[0] as Record<string, unknown> | undefined) : undefined;
  const img = advertImage(first?.imgUrl);
  if (!first || !img || !safeImage(img)) return null;
  return { id: Number(first.id), name: String(first.name ?? ''), href: typeof first.adUrl === 'string' ? first.adUrl : '', img };
}

const escapeHtml = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The header advert's box for the page (index.html's #qy-header-ad), drawn by the server so the
 * picture shows with the first paint, before any script: the advert with the chrome's markup
 * (data-qy-static: the chrome replaces it with its own, closable one when it starts), or the empty
 * box without the reserved 100 px when there is no advert, or when the reader closed this advert
 * earlier in the visit (`closedAdvertId`, from the chrome's session cookie). undefined: the calls
 * failed, so the page keeps the reserved box and the chrome decides.
 */
export function headerAdvertBox(entries: FirstViewEntry[], closedAdvertId?: number): string | undefined {
  const decided = entries.some((e) => e.path === '/api/base/getModularSwitch');
  const switchOn = (entries.find((e) => e.path === '/api/base/getModularSwitch')?.reply.data as { switchValue?: unknown } | undefined)?.switchValue === 1;
  if (!decided || (switchOn && !entries.some((e) => e.path === '/api/advert/selectAdvertList'))) return undefined;
  const ad = headerAdvert(entries);
  if (!ad || ad.id === closedAdvertId) return '<div id="qy-header-ad"></div>';
  const image = `<img src="${escapeHtml(ad.img)}" alt="${escapeHtml(ad.name)}">`;
  // Same-site paths and http(s) links only, as the chrome's link would go.
  const link = /^https?:\/\//.test(ad.href)
    ? `<a class="qy-header-ad__link" href="${escapeHtml(ad.href)}" target="_blank" rel="noopener noreferrer">${image}</a>`
    : /^\/(?!\/)/.test(ad.href)
      ? `<a class="qy-header-ad__link" href="${escapeHtml(ad.href)}">${image}</a>`
      : `<span class="qy-header-ad__link">${image}</span>`;
  return `<div id="qy-header-ad" class="qy-header-ad--reserved"><aside class="qy-header-ad" aria-label="${HEADER_ADVERT_LABEL}" style="height:100px" data-qy-static="">${link}</aside></div>`;
}

/** The chrome's session cookie naming the header advert closed in this visit (shared's HEADER_AD_CLOSED_COOKIE). */
const HEADER_AD_CLOSED_COOKIE = 'qy_ad_closed';

/** The id of the header advert the reader closed in this visit, from the request's cookies. */
export function closedHeaderAdvert(cookieHeader: string | undefined): number | undefined {
  const m = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${HEADER_AD_CLOSED_COOKIE}=(\\d{1,12})(?:;|$)`));
  return m ? Number(m[1]) : undefined;
}

/** The chrome's name for the advert's landmark (shell/src/chrome/messages.ts, headerAdvert). */
const HEADER_ADVERT_LABEL = '页眉广告';

/** Only same-site paths and http(s) URLs become preload hints. */
const safeImage = (url: string) => /^(\/(?!\/)|https?:\/\/)/.test(url);

/**
 * Asks the API for a visitor's replies to the page's calls (through the app itself, so they are the
 * very replies a visitor's browser would get, from the same caches) and lists the pictures they
 * draw. A call that fails is left out: the page then makes it itself.
 */
export async function firstViewData(
  app: FastifyInstance,
  pathname: string,
  closedAdvertId?: number,
  head?: PageHead,
): Promise<{ entries: FirstViewEntry[]; images: string[]; headerAdvertBox?: string; main?: string }> {
  const entries = (
    await Promise.all(
      firstViewCalls(pathname).map(async (call): Promise<FirstViewEntry | null> => {
        try {
          const res = await app.inject({ method: 'POST', url: call.path, payload: call.body });
          if (res.statusCode !== 200) return null;
          const reply = res.json() as FirstViewEntry['reply'];
          return reply && reply.code === 0 ? { ...call, reply } : null;
        } catch {
          return null;
        }
      }),
    )
  ).filter((e): e is FirstViewEntry => e !== null);
  const closed = closedAdvertId !== undefined && headerAdvert(entries)?.id === closedAdvertId;
  return {
    entries,
    // A closed advert's picture is not preloaded for nothing.
    images: firstViewImages(entries).filter((img) => safeImage(img) && !(closed && img === headerAdvert(entries)?.img)),
    headerAdvertBox: headerAdvertBox(entries, closedAdvertId),
    main: firstViewMain(pathname, entries, head),
  };
}

/** A banner slide as the pages draw it (getBanner's content). */
interface BannerSlide {
  pic: string;
  title: string;
  intro: string;
}

function bannerSlides(entries: FirstViewEntry[]): BannerSlide[] | undefined {
  const entry = entries.find((e) => e.path === '/api/base/getBanner');
  if (!entry) return undefined;
  const content = (entry.reply.data as { content?: unknown } | undefined)?.content;
  if (!Array.isArray(content)) return [];
  return content.map((c: Record<string, unknown>) => ({
    pic: typeof c.pic === 'string' ? c.pic : '',
    title: typeof c.title === 'string' ? c.title : '',
    intro: typeof c.intro === 'string' ? c.intro : '',
  }));
}

/** A page's heading as its remote's live release ships it (page-heads.json, from the remote's src/pageHeads.json). */
export interface PageHead {
  title: string;
  intro?: string;
}

/** The heading for `pathname` in a release's page-heads.json, if it has a usable one. */
export function pageHeadFor(heads: unknown, pathname: string): PageHead | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const head = heads && typeof heads === 'object' ? (heads as Record<string, unknown>)[path] : undefined;
  if (!head || typeof head !== 'object') return undefined;
  const { title, intro } = head as { title?: unknown; intro?: unknown };
  if (typeof title !== 'string' || !title) return undefined;
  return { title, ...(typeof intro === 'string' ? { intro } : {}) };
}

/**
 * The top of the home and course pages, drawn by the server into #qy-main so that their largest
 * element, the first banner picture, shows with the first paint instead of after the page's scripts.
 * It is a picture of the page, not the page: it lies over the top of #qy-main (absolute, so nothing
 * moves when it goes), is hidden from assistive technology and inert, lets clicks through, and has
 * the same geometry as the page's own banner (index.html's #qy-first-view rules copy the pages'
 * CSS). The page removes it once its own banner's picture is decoded (releaseFirstView in
 * @qianyan/shared/core); the shell removes it when the reader leaves the route first.
 * undefined: nothing to draw (another route, no banner reply, no picture).
 */
export function firstViewMain(pathname: string, entries: FirstViewEntry[], head?: PageHead): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const slides = bannerSlides(entries);
  const first = slides?.[0];
  if (!slides || !first || !first.pic || !safeImage(first.pic)) return undefined;
  const img = `<img src="${escapeHtml(first.pic)}" alt="">`;
  if (path === '/' || path === '/index') {
    const caption =
      first.title || first.intro
        ? `<span class="qy-fv-caption">${first.title ? `<span class="qy-fv-title">${escapeHtml(first.title)}</span>` : ''}${
            first.intro ? `<span class="qy-fv-intro">${escapeHtml(first.intro)}</span>` : ''
          }</span>`
        : '';
    const dots = slides.length > 1 ? `<span class="qy-fv-dots">${slides.map((_, i) => `<i${i === 0 ? ' class="is-active"' : ''}></i>`).join('')}</span>` : '';
    return `<div id="qy-first-view" data-page="home" aria-hidden="true" inert><div class="qy-fv-home"><div class="qy-fv-banner">${img}${caption}${dots}</div></div></div>`;
  }
  if (path === '/course-resources') {
    const text =
      first.title || first.intro
        ? `<div class="qy-fv-cr-text">${first.title ? `<strong>${escapeHtml(first.title)}</strong>` : ''}${first.intro ? `<span>${escapeHtml(first.intro)}</span>` : ''}</div>`
        : '';
    // The heading above the banner comes from mf-courses' live release; without it the banner's place
    // is not known, so nothing is drawn.
    if (!head) return undefined;
    const heading = `<div class="qy-fv-cr-h1">${escapeHtml(head.title)}</div>${head.intro ? `<p>${escapeHtml(head.intro)}</p>` : ''}`;
    return `<div id="qy-first-view" data-page="course-resources" aria-hidden="true" inert><div class="qy-fv-cr"><div class="qy-fv-cr-head">${heading}</div><div class="qy-fv-cr-banner">${img}${text}</div></div></div>`;
  }
  return undefined;
}
