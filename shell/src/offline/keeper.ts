// The week's issue kept for reading with no network: the page asks for what the reader would open
// (the issue, each article's detail as this reader may see it, its page and pictures, and the files
// of the content remote's live release), and the service worker (shell/sw/sw.ts) keeps the replies.
import { api, call, getMemberId, type ArticleDetail, type PeriodicalArticle, type WeeklyRecord } from '@qianyan/shared/core';
import { OFFLINE_PURPOSE, OFFLINE_PURPOSE_HEADER } from './policy';
import { currentReader, KEPT_KEY, readKept } from './session';
/** Fired on window when a week has been kept (detail: KeptWeek). */
export const KEPT_EVENT = 'qy:offline-kept';
/** A kept week is kept again after this long (new articles, corrections), or when anything else changed. */
export const KEEP_AGAIN_MS = 60 * 60 * 1000;

export interface KeptWeek {
  weekId: number;
  title: string;
  /** Articles kept (their detail replies). */
  articles: number;
  /** The content remote's manifest the files were kept for (a new release keeps again). */
  remote: string;
  /** Whose copy: 'visitor' or the member id (a login or logout keeps again). */
  reader: string;
  at: number;
}

const offline = { [OFFLINE_PURPOSE_HEADER]: OFFLINE_PURPOSE };

/** The page address of an article of the week, as its list links to it (mf-content article-list/hrefs.ts). */
export const articlePage = (permalinks: string) => `/article-info?permalinks=${encodeURIComponent(permalinks)}`;

/** The week's articles that have a page of their own: the catalogue, journal and digest articles. */
export function weekArticles(week: WeeklyRecord): PeriodicalArticle[] {
  const seen = new Set<string>();
  return (['0', '5', '6'] as const)
    .flatMap((k) => week.articleMap[k] ?? [])
    .filter((a) => a.permalinks && !seen.has(a.permalinks) && seen.add(a.permalinks));
}

/** Same-origin pictures of an article's HTML (the body's figures), as absolute paths. */
export function picturesOf(html: string, origin: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<img\b[^>]*?\ssrc=["']([^"']+)["']/gi)) {
    try {
      const url = new URL(m[1], origin);
      if (url.origin === origin) out.add(url.pathname + url.search);
    } catch {
      // not an address
    }
  }
  return [...out];
}

interface ManifestLike {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { assets?: Assets }[];
  shared?: { assets?: Assets }[];
}
type Assets = { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } };

/** Every file a remote's release names in its manifest (its container, exposed and shared chunks), as addresses. */
export function remoteFiles(manifestUrl: string, manifest: ManifestLike): string[] {
  const at = (file: string) => new URL(file, manifestUrl).href;
  const entry = manifest.metaData?.remoteEntry;
  const files = new Set<string>([at(`${entry?.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry?.name ?? 'remoteEntry.js'}`)]);
  for (const part of [...(manifest.exposes ?? []), ...(manifest.shared ?? [])]) {
    for (const kind of [part.assets?.js, part.assets?.css]) for (const file of [...(kind?.sync ?? []), ...(kind?.async ?? [])]) files.add(at(file));
  }
  return [...files];
}

/** Fetches and drops the body: the service worker keeps the reply on its way. */
async function touch(url: string, init?: RequestInit): Promise<boolean> {
  try {
    const res = await fetch(url, { credentials: 'same-origin', ...init });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/** A few at a time, so keeping never crowds out what the reader is doing. */
async function inTurns<T>(items: T[], run: (item: T) => Promise<unknown>, width = 3): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await run(items[next++]);
    }),
  );
}

/**
 * Keeps the current week's issue for this reader, unless it was kept lately for the same reader,
 * week and content release. Needs the service worker to control the page (it keeps the replies).
 */
export async function keepWeek(contentManifest: string | undefined, now = Date.now()): Promise<KeptWeek | null> {
  const week = await api.periodical.newestArticle({ silent: true }).catch(() => null);
  if (!week) return null;
  const reader = currentReader();
  const remote = contentManifest ?? '';
  const last = readKept<KeptWeek>();
  if (last && last.weekId === week.articleWeeklyPo.id && last.reader === reader && last.remote === remote && now - last.at < KEEP_AGAIN_MS) return last;

  const pages = ['/index', '/latest-periodical'];
  const pictures = new Set<string>();
  const articles = weekArticles(week);
  let kept = 0;
  await inTurns(articles, async (a) => {
    pages.push(articlePage(a.permalinks));
    if (a.thumb) pictures.add(a.thumb);
    const detail = await call<ArticleDetail>(
      { method: 'post', url: '/api/article/getArticleDetail', data: { memberId: getMemberId(), permalinks: a.permalinks }, headers: offline },
      { silent: true },
    ).catch(() => null);
    if (!detail) return;
    kept += 1;
    for (const html of [detail.content, detail.wantsay, detail.enBody, detail.enWantsay]) {
      if (typeof html === 'string') for (const p of picturesOf(html, window.location.origin)) pictures.add(p);
    }
  });
  await inTurns(pages, (p) => touch(p, { headers: { Accept: 'text/html', ...offline } }));
  await inTurns([...pictures].filter((p) => p.startsWith('/')), (p) => touch(p));
  if (contentManifest) {
    const manifest = await fetch(contentManifest)
      .then((r) => (r.ok ? (r.json() as Promise<ManifestLike>) : null))
      .catch(() => null);
    if (manifest) await inTurns(remoteFiles(new URL(contentManifest, window.location.origin).href, manifest), (f) => touch(f));
  }
  const record: KeptWeek = { weekId: week.articleWeeklyPo.id, title: week.articleWeeklyPo.title, articles: kept, remote, reader, at: now };
  try {
    window.localStorage.setItem(KEPT_KEY, JSON.stringify(record));
  } catch {
    // storage full or off: the copy is still kept, only the note is not
  }
  window.dispatchEvent(new CustomEvent<KeptWeek>(KEPT_EVENT, { detail: record }));
  return record;
}
