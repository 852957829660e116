import { and, arrayOverlaps, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { databaseIdle, type Db } from '../../db/client.js';
import { articleClasses, articleFilters, articleReads, articleSources, articles, articleTypes, contentVersion, searchMisses, type PreviewAudience } from '../../db/schema/index.js';
import { dayRange, shanghaiDate } from '../../lib/dates.js';
import { ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';
import { pageOf, paging, toIdList } from '../../lib/lists.js';
import type { AccountService, MemberItemList } from '../account/service.js';
import type { CoursesService } from '../courses/service.js';
import type { MediaUrls } from '../media/urls.js';
import { isActiveMember, type MembershipService } from '../membership/service.js';
import { createSearchService, isSearch, missQuery } from '../search/service.js';
import { ListIndex, type ListFilter } from './listIndex.js';
import { readCountOf } from './readCounts.js';
import { RowCache } from './rowCache.js';
import { VersionedCache } from './versionedCache.js';
import type {
  ArticleClass,
  ArticleDetail,
  ArticleFilter,
  ArticleFilterBody,
  ArticleListBody,
  ArticleListItem,
  ArticleSource,
  MyArticleListBody,
} from './schemas.js';

export type ContentService = ReturnType<typeof createContentService>;

/** The metadata a citation of an article is made from (no text of the article). */
export interface CitationSource {
  id: number;
  sourceId: number;
  permalinks: string;
  title: string;
  outtitle: string;
  author: string;
  enAuthors: string;
  postdate: Date;
  pubdate: string | null;
  outlink: string;
}

/**
 * List caches (docs/decisions.md "Article list performance"): pages and exact totals per content
 * version. A "most read" page is also refreshed after this long, since read counts do not raise
 * the version.
 */
const MOST_READ_PAGE_TTL_MS = 10_000;
/**
 * Article statuses a reader can reach: 1 published (listed) and 2 published by link only (weekly
 * catalogues: shown, collected and read by permalinks, never listed). 0 is a draft.
 */
const REACHABLE = [1, 2];
const CACHED_PAGES = 2_000;
const CACHED_TOTALS = 20_000;
/**
 * List rows by article id, and detail rows by permalinks or id. After a content version's list
 * index is read, the rows of its newest articles are read into the row cache in the background, a
 * chunk at a time, until it is full, so a list page seldom waits for a query (on PGlite every
 * query holds the one thread that also serves the requests); older rows come in as pages ask for
 * them, least recently used out. The cache is bounded by the bytes its strings hold (a list row
 * takes about 1 KB of heap with its object, date and map entry): all 100 000 rows of the scale
 * corpus took about 100 MB (issue "fast for a crowd": ≤ 600 MB resident). 48 MB of strings hold
 * about 80 000 rows (about 75 MB of heap): at 24 MB, lists never asked before answered about a
 * third fewer requests a second at 100 000 articles (docs/performance.md, "Memory at 100 000").
 */
const CACHED_ROWS = 150_000;
const CACHED_ROW_BYTES = 48 * 1024 * 1024;
const WARM_ROWS_CHUNK = 100;
const CACHED_DETAILS = 2_000;
/**
 * Detail rows carry whole bodies (6,000–15,000 characters in an original article, more in a review),
 * and list replies whole pages: each cache is also bounded by the bytes its strings hold, so that
 * the process's memory does not grow with the corpus's text (issue "fast for a crowd": ≤ 600 MB).
 */
const CACHED_DETAIL_BYTES = 16 * 1024 * 1024;
const CACHED_LIST_REPLY_BYTES = 8 * 1024 * 1024;
/**
 * Whole serialized list replies, keyed by the request body as sent (without memberId): the reply is
 * the same for every caller but for ifCollect, so a repeated body costs no validation, no query and
 * no serialization for a visitor, or for a reader who collected none of the page's articles.
 */
const CACHED_LIST_REPLIES = 5_000;
/** Views are counted in memory and written together, at most once per this interval. */
const READ_FLUSH_MS = 1_000;

/**
 * About the bytes a value's own strings take in memory (two a character: the text is mostly
 * Chinese, which V8 keeps as two-byte strings), plus a little for the object itself.
 */
function stringBytes(value: object | undefined): number {
  if (!value) return 0;
  let bytes = 64;
  for (const field of Object.values(value)) if (typeof field === 'string') bytes += field.length * 2;
  return bytes;
}

/** Comma list of the class names of a row's class_ids, in display order. */
export const classNamesOf = (classIds: SQL | PgColumn) =>
  sql<string>`(select coalesce(string_agg(${articleClasses.classname}, ',' order by ${articleClasses.sort}), '') from ${articleClasses} where ${articleClasses.id} = any(${classIds}))`;

export type AccessLevel = ArticleListItem['accessLevel'];

/** Who is reading: a visitor (no memberId) or a logged-in member, with their membership state. */
export interface ArticleReader {
  memberId?: number;
  activeMember: boolean;
}

/**
 * Whether a reader may see an article's body, full commentary and media (ARCHITECTURE §3.3):
 * public for everyone, login for any logged-in member, member for an active member or a member
 * holding an entitlement for this article (a claimed free read).
 */
export function mayView(level: AccessLevel, reader: ArticleReader, entitled: boolean): boolean {
  if (level === 'public') return true;
  if (reader.memberId === undefined) return false;
  if (level === 'login') return true;
  return reader.activeMember || entitled;
}

// Any <hr>, <hr/>, <hr />, with or without attributes, in any case.
const HR_MARKER = /<hr\b[^>]*>/i;

/**
 * The free part of a commentary: what precedes its first <hr>. A commentary without the marker
 * has no free part (failing closed: an editor who forgot the marker does not give it all away).
 */
export function freeCommentary(wantsay: string): string {
  const marker = HR_MARKER.exec(wantsay);
  return marker ? wantsay.slice(0, marker.index) : '';
}

/**
 * The English original of a detail reply (bilingual reading), gated exactly as the Chinese: the
 * authors, abstract and references go to everyone as the author line, intro and references do; the
 * body only to a reader who may view it (else ''); the commentary's English whole to such a reader,
 * else only what precedes its first <hr>. hasEnglish says whether there is an English original at
 * all, so the page can offer the switch even when the body is locked.
 */
export function englishOriginal(
  row: { enAuthors: string; enAbstract: string; enBody: string; enWantsay: string; enReferences: string },
  canView: boolean,
) {
  const enWantsay = canView ? row.enWantsay : freeCommentary(row.enWantsay);
  return {
    hasEnglish: (row.enBody.trim() || row.enAbstract.trim() || row.enWantsay.trim() ? 1 : 0) as 0 | 1,
    enAuthors: row.enAuthors,
    enAbstract: row.enAbstract,
    enBody: canView ? row.enBody : '',
    enWantsay,
    enWantsayTruncated: enWantsay !== row.enWantsay,
    enReferences: row.enReferences,
  };
}

/** The list columns of the `articles` table itself (never the body or media). */
const ownListColumns = () => ({
  id: articles.id,
  title: articles.title,
  outtitle: articles.outtitle,
  author: articles.author,
  pcauthor: articles.pcauthor,
  intro: articles.intro,
  postdate: articles.postdate,
  pubdate: articles.pubdate,
  typeid: articles.typeId,
  sourceid: articles.sourceId,
  permalinks: articles.permalinks,
  thumb: articles.thumb,
  haswantsay: articles.haswantsay,
  accessLevel: articles.accessLevel,
});

/** The list-item columns of an article row; the caller joins sources, filters and types. */
const listColumns = () => ({
  ...ownListColumns(),
  classNames: classNamesOf(articles.classIds),
  typeName: articleTypes.typename,
  filterName: articleFilters.filtername,
  sourceName: articleSources.name,
});

/** The list columns of the `articles` table alone; names come from ArticleRefs (rowNames). */
const rawListColumns = () => ({ ...ownListColumns(), classIds: articles.classIds, filterId: articles.filterId });

/** The reference names of a list row (filter and type come from left joins, so may be missing). */
interface ListNames {
  classNames: string;
  typeName: string | null;
  filterName: string | null;
  sourceName: string;
}

/** A row selected with listColumns, or made by rowNames from one selected with rawListColumns. */
type ListRow = SelectResultFields<ReturnType<typeof ownListColumns>> & ListNames;

/** The names list items show: sources, filters, types and classes (reference rows, a few dozen). */
interface ArticleRefs {
  sources: Map<number, string>;
  filters: Map<number, string>;
  types: Map<number, string>;
  /** In display order (sort, then id). */
  classes: { id: number; classname: string }[];
}

/**
 * A list row from the table's own columns and the reference names, as the joins and the
 * classNamesOf subquery would give it (an article's source always exists: it is a foreign key).
 */
function rowNames<R extends { classIds: number[]; typeid: number | null; filterId: number | null; sourceid: number }>(
  raw: R,
  refs: ArticleRefs,
): Omit<R, 'classIds' | 'filterId'> & ListNames & { professionalTitle: string } {
  const { classIds, filterId, ...rest } = raw;
  return {
    ...rest,
    classNames: refs.classes
      .filter((c) => classIds.includes(c.id))
      .map((c) => c.classname)
      .join(','),
    typeName: raw.typeid === null ? null : (refs.types.get(raw.typeid) ?? null),
    filterName: filterId === null ? null : (refs.filters.get(filterId) ?? null),
    sourceName: refs.sources.get(raw.sourceid) ?? '',
    professionalTitle: refs.classes.find((c) => c.id === classIds[0])?.classname ?? '',
  };
}

const toListItem = (r: ListRow, collected: Set<number>): ArticleListItem => ({
  id: r.id,
  title: r.title,
  outtitle: r.outtitle,
  author: r.author,
  pcauthor: r.pcauthor,
  intro: r.intro,
  postdate: r.postdate.toISOString(),
  pubdate: r.pubdate ?? '',
  classNames: r.classNames,
  typeName: r.typeName ?? '',
  filterName: r.filterName ?? '',
  typeid: r.typeid ?? 0,
  sourceid: r.sourceid,
  sourceName: r.sourceName,
  permalinks: r.permalinks,
  thumb: r.thumb,
  haswantsay: r.haswantsay === 1 ? 1 : 0,
  accessLevel: r.accessLevel as AccessLevel,
  ifCollect: collected.has(r.id) ? 1 : 0,
});

/** Sources of the related-media block on the detail page: 7 animation, 8 audio. */
const RELATION_VIDEO_SOURCES = [7, 8];

export function createContentService(deps: {
  db: Db;
  account: AccountService;
  courses: CoursesService;
  membership: MembershipService;
  /** Signs gated media at reply time: the cached row keeps the stored path, never a signed URL. */
  media: MediaUrls;
  now: () => Date;
}) {
  const { db } = deps;
  // A page's ids only: its rows come from the row cache, so that they are held (and bounded) once.
  const pages = new VersionedCache<number[]>(CACHED_PAGES);
  const totals = new VersionedCache<number>(CACHED_TOTALS);
  const refsCache = new VersionedCache<ArticleRefs>(1);
  const classesCache = new VersionedCache<ArticleClass[]>(1);
  const listIndexes = new VersionedCache<ListIndex | null>(1);
  // List rows by id, plain values (no promises: a page reads up to 100 of them) of one version.
  const listRows = new RowCache<ListRow>(CACHED_ROWS, CACHED_ROW_BYTES, stringBytes);
  const details = new VersionedCache<DetailRow | undefined>(CACHED_DETAILS, Date.now, { max: CACHED_DETAIL_BYTES, of: stringBytes });
  const sharedListReplies = new VersionedCache<{ json: string; ids: number[] }>(CACHED_LIST_REPLIES, Date.now, {
    max: CACHED_LIST_REPLY_BYTES,
    of: (reply) => stringBytes(reply) + reply.ids.length * 8,
  });
  const search = createSearchService({ db });

  /**
   * Searches that found nothing, counted for their query and day (Asia/Shanghai) for the console's
   * dashboard: what readers look for and the site lacks. Only the text is kept, never who asked.
   * Counted in memory and written together at most once a second (a search never waits on a write,
   * and a popular missing term is one row update per second, not one per search).
   */
  const pendingMisses = new Map<string, { query: string; day: string; count: number; lastAt: Date }>();
  let missTimer: NodeJS.Timeout | undefined;
  function recordMiss(searchInfo: string | number) {
    const text = missQuery(searchInfo);
    if (!text) return;
    const at = deps.now();
    const day = shanghaiDate(at);
    const key = `${day}|${text}`;
    const had = pendingMisses.get(key);
    pendingMisses.set(key, { query: text, day, count: (had?.count ?? 0) + 1, lastAt: at });
    if (!missTimer) {
      missTimer = setTimeout(() => void flushSearchMisses().catch(() => {}), READ_FLUSH_MS);
      missTimer.unref();
    }
  }

  /** Writes the buffered misses in one statement; a failed write keeps them for the next try. */
  async function flushSearchMisses(): Promise<void> {
    clearTimeout(missTimer);
    missTimer = undefined;
    if (pendingMisses.size === 0) return;
    const batch = [...pendingMisses.values()];
    pendingMisses.clear();
    try {
      await db
        .insert(searchMisses)
        .values(batch)
        .onConflictDoUpdate({
          target: [searchMisses.query, searchMisses.day],
          set: { count: sql`${searchMisses.count} + excluded.count`, lastAt: sql`greatest(${searchMisses.lastAt}, excluded.last_at)` },
        });
    } catch (err) {
      for (const m of batch) {
        const key = `${m.day}|${m.query}`;
        const had = pendingMisses.get(key);
        pendingMisses.set(key, { ...m, count: m.count + (had?.count ?? 0), lastAt: had && had.lastAt > m.lastAt ? had.lastAt : m.lastAt });
      }
      if (!missTimer) {
        missTimer = setTimeout(() => void flushSearchMisses().catch(() => {}), READ_FLUSH_MS);
        missTimer.unref();
      }
      throw err;
    }
  }

  async function replyFor(entry: { json: string; ids: number[] }, memberId: number | undefined): Promise<string | undefined> {
    if (memberId === undefined) return entry.json;
    const collected = await deps.account.collectedIds(memberId, 'article', entry.ids);
    return collected.size === 0 ? entry.json : undefined;
  }

  // Read counts of viewed articles not yet written (article id → views).
  const pendingReads = new Map<number, number>();
  // Read counts as written by this process (article id → total), and the newest list index, which
  // they raise in place: the embedded database's "most read" pages come from the index, and an
  // index read before a write learns its totals here when it is built.
  const writtenReads = new Map<number, number>();
  let newestIndex: ListIndex | null = null;
  let flushTimer: NodeJS.Timeout | undefined;

  function countRead(id: number) {
    pendingReads.set(id, (pendingReads.get(id) ?? 0) + 1);
    if (!flushTimer) {
      flushTimer = setTimeout(() => void flushReadCounts().catch(() => {}), READ_FLUSH_MS);
      flushTimer.unref();
    }
  }

  /**
   * Writes the buffered read counts in one statement (a view no longer waits for a write of its
   * own; the "most read" order follows within about a second). A failed write keeps the counts
   * for the next attempt.
   */
  async function flushReadCounts(): Promise<void> {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    if (pendingReads.size === 0) return;
    const batch = [...pendingReads].sort(([a], [b]) => a - b);
    pendingReads.clear();
    const values = sql.join(
      batch.map(([id, n]) => sql`(${id}::integer, ${n}::integer)`),
      sql`, `,
    );
    try {
      const written = (await db.execute(
        sql`insert into ${articleReads} (article_id, read_count) select v.id, v.n from (values ${values}) as v(id, n) join ${articles} on ${articles.id} = v.id
          on conflict (article_id) do update set read_count = ${articleReads.readCount} + excluded.read_count
          returning article_id as id, read_count as reads`,
      )) as unknown as { rows: { id: number; reads: number }[] };
      for (const { id, reads } of written.rows) {
        writtenReads.set(Number(id), Number(reads));
        newestIndex?.raiseReads(Number(id), Number(reads));
      }
    } catch (err) {
      for (const [id, n] of batch) pendingReads.set(id, (pendingReads.get(id) ?? 0) + n);
      if (!flushTimer) {
        flushTimer = setTimeout(() => void flushReadCounts().catch(() => {}), READ_FLUSH_MS);
        flushTimer.unref();
      }
      throw err;
    }
  }

  // On an embedded database (PGlite: one process, one connection) the version is read once and
  // kept until the trigger's notification says it changed. PGlite runs the listener before the
  // changing statement's own caller resumes, so no request after a change sees the old version.
  // On PostgreSQL, other instances write too: the version is read on every list request (a
  // primary-key lookup), so caches there are exact across instances.
  let knownVersion: number | undefined;
  let notifications = 0;
  let listening: Promise<boolean> | undefined;
  const client = (db as { $client?: { listen?: (channel: string, cb: () => void) => Promise<unknown> } }).$client;
  const listenForVersions = () =>
    (listening ??=
      typeof client?.listen === 'function'
        ? client.listen('qy_content_version', () => {
            notifications++;
            knownVersion = undefined;
          }).then(
            () => true,
            () => false,
          )
        : Promise.resolve(false));

  /** List rows of published articles, in the order of `ids`: cached ones, the others in one query. */
  async function rowsByIds(version: number, ids: number[]): Promise<ListRow[]> {
    listRows.use(version);
    const byId = new Map<number, ListRow>();
    const missing: number[] = [];
    for (const id of ids) {
      const cached = listRows.get(version, id);
      if (cached) byId.set(id, cached);
      else missing.push(id);
    }
    if (missing.length > 0) for (const row of await readRows(version, missing)) byId.set(row.id, row);
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * Reads the rows of `ids` into the row cache, a chunk at a time, while `version` is current and
   * the cache has room (rows pages asked for are never pushed out by the warm-up).
   */
  async function warmRows(version: number, ids: Int32Array) {
    try {
      for (let at = 0; at < ids.length; at += WARM_ROWS_CHUNK) {
        // Behind readers' requests: on the embedded database a chunk waits until no statement is.
        await databaseIdle(db);
        if (knownVersion !== undefined && knownVersion !== version) return;
        if (!listRows.use(version) || !listRows.hasRoom) return;
        const chunk = Array.from(ids.subarray(at, at + WARM_ROWS_CHUNK)).filter((id) => !listRows.has(version, id));
        if (chunk.length === 0) continue;
        await readRows(version, chunk);
      }
    } catch {
      // Only a warm-up (it stops when the database closes): pages read missing rows themselves.
    }
  }

  /** The in-memory list index of a content version (loaded once per version; its rows warmed behind it). */
  function listIndexOf(version: number): Promise<ListIndex | null> {
    return listIndexes.get(version, 'index', async () => {
      const index = await ListIndex.load(db);
      if (index) {
        for (const [id, reads] of writtenReads) index.raiseReads(id, reads);
        newestIndex = index;
        void warmRows(version, index.newest(CACHED_ROWS));
      }
      return index;
    });
  }

  /** Reads list rows by id into the row cache; returns them. */
  async function readRows(version: number, ids: number[]): Promise<ListRow[]> {
    const [raws, refs] = await Promise.all([listRowsQuery.execute({ ids }), refsOf(version)]);
    return raws.map((raw) => {
      const { professionalTitle: _title, ...row } = rowNames(raw, refs);
      listRows.set(version, row);
      return row;
    });
  }

  // One table, one statement prepared once: on PGlite, planning the joined form cost several
  // times more than reading the rows.
  const listRowsQuery = db
    .select(rawListColumns())
    .from(articles)
    .where(and(sql`${articles.id} = any(${sql.placeholder('ids')}::integer[])`, eq(articles.status, 1)))
    .prepare('qy_article_list_rows');

  /** Reference names for this content version. */
  function refsOf(version: number): Promise<ArticleRefs> {
    return refsCache.get(version, 'refs', async () => {
      const [sources, filters, types, classes] = await Promise.all([
        db.select({ id: articleSources.id, name: articleSources.name }).from(articleSources),
        db.select({ id: articleFilters.id, name: articleFilters.filtername }).from(articleFilters),
        db.select({ id: articleTypes.id, name: articleTypes.typename }).from(articleTypes),
        db
          .select({ id: articleClasses.id, classname: articleClasses.classname })
          .from(articleClasses)
          .orderBy(asc(articleClasses.sort), asc(articleClasses.id)),
      ]);
      return {
        sources: new Map(sources.map((r) => [r.id, r.name])),
        filters: new Map(filters.map((r) => [r.id, r.name])),
        types: new Map(types.map((r) => [r.id, r.name])),
        classes,
      };
    });
  }

  /** The current content version (0 before the first content write raised it). */
  async function currentVersion(): Promise<number> {
    if (knownVersion !== undefined) return knownVersion;
    const canKeep = await listenForVersions();
    if (!canKeep) return freshVersion();
    const seen = notifications;
    const version = await readVersion();
    // Kept only if no change was announced while reading it.
    if (seen === notifications) knownVersion = version;
    return version;
  }

  // Prepared once: on PostgreSQL every request reads it, and building the statement each time cost
  // the server more than the database's lookup.
  const versionQuery = db.select({ version: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1)).prepare('qy_content_version');
  const readVersion = async () => {
    const [row] = await versionQuery.execute();
    return Number(row?.version ?? 0);
  };

  // Without notifications (a PostgreSQL server, where other instances write too) every request
  // needs the version as of a read that began after it arrived. Requests that arrive together share
  // one: while a read is under way, newcomers wait for the next read, which starts when it ends. So
  // 50 concurrent requests cost one or two lookups instead of 50 waits for a pooled connection.
  let versionRead: Promise<number> | undefined;
  let nextVersionRead: Promise<number> | undefined;
  function freshVersion(): Promise<number> {
    const start = () => {
      const read = readVersion().finally(() => {
        if (versionRead === read) versionRead = undefined;
      });
      versionRead = read;
      return read;
    };
    if (!versionRead) return start();
    nextVersionRead ??= versionRead
      .catch(() => undefined)
      .then(() => {
        nextVersionRead = undefined;
        return start();
      });
    return nextVersionRead;
  }


  async function checkSources(sourceIds: number[], version?: number) {
    if (sourceIds.length === 0) return;
    const known = (await refsOf(version ?? (await currentVersion()))).sources;
    const unknown = sourceIds.filter((id) => !known.has(id));
    if (unknown.length > 0) throw AppError.badParameter(`来源不存在：${unknown.join(',')}`);
  }

  /** One published article by permalinks or id, with everything the detail page shows. */
  /** A detail row; only a reachable (published) one unless `anyState` (the editors' previews). */
  async function findPublished(where: SQL, version: number, anyState = false) {
    const [raw] = await db
      .select({
        ...rawListColumns(),
        content: articles.content,
        wantsay: articles.wantsay,
        wantsayTitle: articles.wantsayTitle,
        coi: articles.coi,
        keyword: articles.keyword,
        aboutcontent: articles.aboutcontent,
        appendix: articles.appendix,
        thank: articles.thank,
        videoUrl: articles.videoUrl,
        outlink: articles.outlink,
        relationArticleIds: articles.relationArticleIds,
        enAuthors: articles.enAuthors,
        enAbstract: articles.enAbstract,
        enBody: articles.enBody,
        enWantsay: articles.enWantsay,
        enReferences: articles.enReferences,
      })
      .from(articles)
      .where(anyState ? where : and(where, inArray(articles.status, REACHABLE)))
      .limit(1);
    return raw ? rowNames(raw, await refsOf(version)) : undefined;
  }

  /**
   * The detail reply of a row for a reader: a reader who may not view it gets the intro and the
   * commentary's free part only (ARCHITECTURE §3.3), no body and no media.
   */
  function gatedDetail(
    row: DetailRow,
    access: { canView: boolean; reader: ArticleReader; monthChance: boolean; collected: Set<number> },
  ): ArticleDetail {
    const { canView } = access;
    const wantsay = canView ? row.wantsay : freeCommentary(row.wantsay);
    return {
      ...toListItem(row, access.collected),
      content: canView ? row.content : '',
      wantsay,
      wantsayTitle: row.wantsayTitle,
      wantsayTruncated: wantsay !== row.wantsay,
      contentLocked: !canView,
      coi: row.coi,
      hascoi: row.coi.trim() ? 1 : 0,
      keyword: row.keyword,
      aboutcontent: row.aboutcontent,
      appendix: row.appendix,
      thank: row.thank,
      videoUrl: canView ? deps.media.forReply(row.videoUrl) : '',
      outlink: row.outlink,
      relationArticleIds: row.relationArticleIds.join(','),
      professionalTitle: row.professionalTitle,
      is_subscribe: access.reader.activeMember ? 2 : 1,
      is_have_view_auth: canView ? 1 : 2,
      is_month_chance: access.monthChance ? 2 : 1,
      ...englishOriginal(row, canView),
    };
  }

  type DetailRow = NonNullable<Awaited<ReturnType<typeof findPublished>>>;

  async function readerOf(memberId: number | undefined): Promise<ArticleReader> {
    if (memberId === undefined) return { activeMember: false };
    const sub = await deps.membership.subscriptionOf(memberId);
    return { memberId, activeMember: isActiveMember(sub.serviceType) };
  }

  async function itemsWithCollect(rows: ListRow[], memberId: number | undefined): Promise<ArticleListItem[]> {
    const collected = await deps.account.collectedIds(memberId, 'article', rows.map((r) => r.id));
    return rows.map((r) => toListItem(r, collected));
  }

  async function requirePublishedId(id: number | undefined): Promise<number> {
    if (id === undefined) throw AppError.badParameter('请输入文章编号');
    const [row] = await db
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.id, id), inArray(articles.status, REACHABLE)))
      .limit(1);
    if (!row) throw AppError.notFound();
    return row.id;
  }

  const permalinksOf = (permalinks: string | undefined): string => {
    const key = permalinks?.trim() ?? '';
    if (!key) throw AppError.badParameter('请输入文章标识');
    return key;
  };

  const service = {
    /** Writes the read counts still held in memory (also called when the app closes). */
    flushReadCounts,
    /**
     * The current content version (see currentVersion): other services key their caches of
     * content-derived replies on it (modules/portal/service.ts).
     */
    version: currentVersion,

    /**
     * Loads what the first list and search requests of the current content version would wait for:
     * the list index and the search's segmenter and glossary. At 100 000 articles these held one
     * request, and every request behind it on the event loop, 200 ms each (docs/performance.md). The
     * server calls it before it listens; the rows behind the index are read in the background.
     */
    async warm(): Promise<void> {
      const version = await currentVersion();
      await Promise.all([listIndexOf(version), search.warm(version)]);
    },
    flushSearchMisses,

    /**
     * The seven disease areas with their field codes and number of published courses, kept per
     * content version (article classes and lessons raise it: migrations 0005, 0030).
     */
    async articleClasses(): Promise<ArticleClass[]> {
      return classesCache.get(await currentVersion(), 'classes', async () => {
        const [classes, lessonCounts] = await Promise.all([
          db.select().from(articleClasses).orderBy(asc(articleClasses.sort), asc(articleClasses.id)),
          deps.courses.publishedCountByClass(),
        ]);
        return classes.map((c) => ({
          id: c.id,
          classname: c.classname,
          code: c.code,
          num: lessonCounts.get(c.id) ?? 0,
          xcxIconSe: c.xcxIconSe,
        }));
      });
    },

    /**
     * A page of published articles. Items carry list fields only: never the body, commentary or
     * media URLs (ARCHITECTURE §3.3). ifCollect comes from the caller's own favourites.
     */
    /**
     * The cached reply (the whole JSON envelope) to a list request whose body, as sent and without
     * memberId, is `bodyKey`, made in the current content version, as `memberId` gets it; undefined
     * when there is none. A reader gets the shared reply when none of its articles is among their
     * favourites (every ifCollect is then 0, as in the shared reply).
     */
    async cachedListReply(bodyKey: string, memberId: number | undefined): Promise<string | undefined> {
      const entry = sharedListReplies.peek(await currentVersion(), bodyKey);
      return entry && replyFor(await entry, memberId);
    },

    /**
     * The reply to a list request (see cachedListReply), kept for the next request with the same
     * body; undefined when this reader's reply differs from the shared one (then the caller builds
     * it with listArticles). `query` is the validated body. Only successful replies are kept; a
     * "most read" reply lives as long as its page.
     */
    async listReply(query: ArticleListBody, bodyKey: string, memberId: number | undefined): Promise<string | undefined> {
      const version = await currentVersion();
      const entry = await sharedListReplies.get(
        version,
        bodyKey,
        async () => {
          const data = await service.listArticles(query, undefined);
          return { json: JSON.stringify(ok(data)), ids: data.results.map((r) => r.id) };
        },
        query.sortType === 2 ? MOST_READ_PAGE_TTL_MS : undefined,
      );
      return replyFor(entry, memberId);
    },

    async listArticles(query: ArticleListBody, memberId: number | undefined) {
      const { pageNo, pageSize, offset } = paging(query.pageNo, query.pageSize);
      const sourceIds = toIdList(query.sourceIds);
      const range = dayRange(query.startDate, query.endDate);

      const version = await currentVersion();
      await checkSources(sourceIds, version);

      const classIds = toIdList(query.articleClassIds);
      const filterIds = toIdList(query.articleFilterIds);
      const typeIds = toIdList(query.articleTypeIds);
      const articleIds = toIdList(query.articleIds);
      // The SQL form of the filter, built only when the list index cannot answer.
      const where = () => {
        const conditions: SQL[] = [eq(articles.status, 1)];
        if (sourceIds.length) conditions.push(inArray(articles.sourceId, sourceIds));
        if (classIds.length) conditions.push(arrayOverlaps(articles.classIds, classIds));
        if (filterIds.length) conditions.push(inArray(articles.filterId, filterIds));
        if (typeIds.length) conditions.push(inArray(articles.typeId, typeIds));
        if (articleIds.length) conditions.push(inArray(articles.id, articleIds));
        if (query.haswantsay === 1) conditions.push(eq(articles.haswantsay, 1));
        if (range) conditions.push(gte(articles.postdate, range.from), lt(articles.postdate, range.to));
        return and(...conditions);
      };
      const order = () =>
        query.sortType === 1
          ? [asc(articles.postdate), asc(articles.id)]
          : query.sortType === 2
            ? [desc(readCountOf), desc(articles.postdate), desc(articles.id)]
            : [desc(articles.postdate), desc(articles.id)];

      const filter: ListFilter = { sourceIds, classIds, filterIds, typeIds, articleIds, haswantsay: query.haswantsay === 1, range };
      // --- Search: a non-blank searchInfo makes the list a search (server/src/modules/search). ---
      if (isSearch(query.searchInfo)) {
        const found = await search.articles({ searchInfo: query.searchInfo, sortType: query.sortType, offset, pageSize, filter, version });
        if (found.total === 0 && offset === 0) recordMiss(query.searchInfo);
        const items = await itemsWithCollect(await rowsByIds(version, found.ids), memberId);
        const results = items.map((item) => ({ ...item, highlight: found.highlights.get(item.id) }));
        return { results, page: pageOf(found.total, pageNo, pageSize), ...(found.didYouMean ? { didYouMean: found.didYouMean } : {}) };
      }
      // --- End of search. ---
      const listIndex = () => listIndexOf(version);
      const sortType = query.sortType ?? 0;

      // Newest and oldest first: the page's ids from the in-memory list index of this content
      // version. "Most read" too on the embedded database, where this process writes every read
      // count and raises the index's. On a PostgreSQL server (other instances count reads too) and
      // for the rare filter the index cannot answer: from `articles` alone, an index-only scan of
      // the covering index of the sort that stops after one page. Then the rows by id.
      const loadPage = async (): Promise<number[]> => {
        if (sortType !== 2) {
          const ids = (await listIndex())?.page(filter, sortType === 1, offset, pageSize);
          if (ids) return ids;
        } else if (await listenForVersions()) {
          const ids = (await listIndex())?.mostRead(filter, offset, pageSize);
          if (ids) return ids;
        }
        const ids = await db
          .select({ id: articles.id })
          .from(articles)
          .where(where())
          .orderBy(...order())
          .limit(pageSize)
          .offset(offset);
        return ids.map((r) => r.id);
      };
      // Counting every match is the expensive part of a big list. Totals are exact: counted in the
      // list index (no rows read), or in SQL when it cannot answer; and kept per filter and content
      // version, so never stale.
      const loadTotal = async () => {
        const n = (await listIndex())?.count(filter);
        if (n !== undefined) return n;
        const [row] = await db.select({ n: count() }).from(articles).where(where());
        return Number(row?.n ?? 0);
      };
      const filterKey = JSON.stringify([sourceIds, classIds, filterIds, typeIds, articleIds, query.haswantsay === 1, range]);
      const [rows, total] = await Promise.all([
        pages
          .get(version, `${filterKey}|${sortType}|${pageSize}|${offset}`, loadPage, sortType === 2 ? MOST_READ_PAGE_TTL_MS : undefined)
          .then((ids) => rowsByIds(version, ids)),
        totals.get(version, filterKey, loadTotal),
      ]);

      const results = await itemsWithCollect(rows, memberId);
      return { results, page: pageOf(total, pageNo, pageSize) };
    },

    /**
     * The detail page's article with the reader's access flags. A reader who may not view it gets
     * the intro and the commentary's free part only (ARCHITECTURE §3.3). A logged-in member who may
     * view it gets a reading record; locked teasers are not recorded (docs/decisions.md). A copy
     * kept for offline reading (`record: false`) is neither counted nor recorded: nobody read it yet.
     */
    async articleDetail(
      key: { by: 'permalinks'; permalinks?: string } | { by: 'id'; id?: number },
      memberId: number | undefined,
      { record = true }: { record?: boolean } = {},
    ): Promise<ArticleDetail> {
      let where: SQL;
      if (key.by === 'id') {
        if (key.id === undefined) throw AppError.badParameter('请输入文章编号');
        where = eq(articles.id, key.id);
      } else {
        where = eq(articles.permalinks, permalinksOf(key.permalinks));
      }
      // The article itself is the same for every reader (gating comes after): cached per version.
      const version = await currentVersion();
      const row = await details.get(version, key.by === 'id' ? `id:${key.id}` : `p:${permalinksOf(key.permalinks)}`, () =>
        findPublished(where, version),
      );
      if (!row) throw AppError.notFound();

      const level = row.accessLevel as AccessLevel;
      const [reader, monthChance, entitled, collected] = await Promise.all([
        readerOf(memberId),
        memberId === undefined ? false : deps.membership.hasMonthChance(memberId),
        level === 'member' ? deps.membership.entitledArticleIds(memberId, [row.id]) : new Set<number>(),
        deps.account.collectedIds(memberId, 'article', [row.id]),
      ]);
      const canView = mayView(level, reader, entitled.has(row.id));
      if (canView && record) countRead(row.id);
      if (memberId !== undefined && canView && record) deps.account.recordReading(memberId, 'article', row.id);

      return gatedDetail(row, { canView, reader, monthChance, collected });
    },

    /**
     * An article in any state as one audience would see it, for an editor's preview link (the
     * editorial module has checked the token; modules/editorial/previews.ts). Gated exactly as for
     * that audience (a member's entitlements aside); counts no read and records no reading.
     */
    async previewDetail(articleId: number, audience: PreviewAudience): Promise<ArticleDetail> {
      const version = await currentVersion();
      const row = await findPublished(eq(articles.id, articleId), version, true);
      if (!row) throw AppError.notFound();
      // A reader as the audience: mayView asks only whether there is a member and whether they are active.
      const reader: ArticleReader = audience === 'visitor' ? { activeMember: false } : { memberId: 0, activeMember: audience === 'member' };
      const canView = mayView(row.accessLevel as AccessLevel, reader, false);
      // A reader who is not a member is shown with this month's free read still to claim.
      return gatedDetail(row, { canView, reader, monthChance: audience === 'reader', collected: new Set() });
    },

    /**
     * The month's free read on an article (membership endpoint articleUseMonthChance). Readers who
     * can already see it (public or login level, active members, earlier claims) get the content
     * without using their chance; otherwise the chance is claimed atomically.
     */
    async useMonthChance(
      memberId: number,
      articleId: number,
    ): Promise<{ granted: true; content: string; wantsay: string } | { granted: false }> {
      const [row] = await db
        .select({ id: articles.id, accessLevel: articles.accessLevel, content: articles.content, wantsay: articles.wantsay })
        .from(articles)
        .where(and(eq(articles.id, articleId), inArray(articles.status, REACHABLE)))
        .limit(1);
      if (!row) throw AppError.notFound();
      const full = { granted: true as const, content: row.content, wantsay: row.wantsay };
      const entitled = async () => (await deps.membership.entitledArticleIds(memberId, [row.id])).has(row.id);

      if (row.accessLevel !== 'member') return full;
      if ((await readerOf(memberId)).activeMember) return full;
      if (await entitled()) return full;
      if ((await deps.membership.claimFreeRead(memberId, row.id)) === 'granted') return full;
      // A concurrent claim of this same article may have used the chance on it.
      return (await entitled()) ? full : { granted: false };
    },

    /** Animations and audio items related to an article (list fields only: no media URLs). */
    /**
     * What the page's head may say of a published article, to anyone (search engines, share
     * cards): its list card, the same for every reader, and never its text. Counts no read.
     */
    async articleHead(key: { by: 'permalinks'; permalinks: string } | { by: 'id'; id: number }): Promise<(ArticleListItem & { wantsayTitle: string }) | undefined> {
      const version = await currentVersion();
      const where = key.by === 'id' ? eq(articles.id, key.id) : eq(articles.permalinks, permalinksOf(key.permalinks));
      const row = await details.get(version, key.by === 'id' ? `id:${key.id}` : `p:${permalinksOf(key.permalinks)}`, () => findPublished(where, version));
      // The commentary page's head names the commentary by its heading.
      return row ? { ...toListItem(row, new Set()), wantsayTitle: row.wantsayTitle } : undefined;
    },

    /**
     * What a citation of a published article names (modules/citation): its titles, author lines and
     * dates, the same for every reader, and never its text. Undefined when not reachable.
     */
    async citationSource(id: number): Promise<CitationSource | undefined> {
      const [row] = await db
        .select({
          id: articles.id,
          sourceId: articles.sourceId,
          permalinks: articles.permalinks,
          title: articles.title,
          outtitle: articles.outtitle,
          author: articles.author,
          enAuthors: articles.enAuthors,
          postdate: articles.postdate,
          pubdate: articles.pubdate,
          outlink: articles.outlink,
        })
        .from(articles)
        .where(and(eq(articles.id, id), inArray(articles.status, REACHABLE)))
        .limit(1);
      return row;
    },

    /** Every published article's address and last change, newest first, for the sitemap (with whether it has a commentary page). */
    async sitemapArticles(limit: number): Promise<{ permalinks: string; sourceid: number; haswantsay: number; updatedAt: Date }[]> {
      return db
        .select({ permalinks: articles.permalinks, sourceid: articles.sourceId, haswantsay: articles.haswantsay, updatedAt: articles.updatedAt })
        .from(articles)
        .where(inArray(articles.status, REACHABLE))
        .orderBy(desc(articles.postdate))
        .limit(limit);
    },

    async relationVideos(permalinks: string | undefined, memberId: number | undefined): Promise<ArticleListItem[]> {
      const [article] = await db
        .select({ relationArticleIds: articles.relationArticleIds })
        .from(articles)
        .where(and(eq(articles.permalinks, permalinksOf(permalinks)), inArray(articles.status, REACHABLE)))
        .limit(1);
      if (!article) throw AppError.notFound();
      if (article.relationArticleIds.length === 0) return [];
      const rows = await db
        .select(listColumns())
        .from(articles)
        .innerJoin(articleSources, eq(articleSources.id, articles.sourceId))
        .leftJoin(articleFilters, eq(articleFilters.id, articles.filterId))
        .leftJoin(articleTypes, eq(articleTypes.id, articles.typeId))
        .where(
          and(
            inArray(articles.id, article.relationArticleIds),
            inArray(articles.sourceId, RELATION_VIDEO_SOURCES),
            eq(articles.status, 1),
          ),
        )
        .orderBy(desc(articles.postdate), desc(articles.id));
      return itemsWithCollect(rows, memberId);
    },

    async articleSources(): Promise<ArticleSource[]> {
      return db
        .select({ id: articleSources.id, name: articleSources.name, logo: articleSources.logo })
        .from(articleSources)
        .orderBy(asc(articleSources.sort), asc(articleSources.id));
    },

    /** The filter tabs of a source, or of the source a filter belongs to. */
    async articleFilters(query: ArticleFilterBody): Promise<ArticleFilter[]> {
      let sourceId = query.sourceId;
      if (sourceId === undefined && query.filterId !== undefined) {
        const [filter] = await db
          .select({ sourceId: articleFilters.sourceId })
          .from(articleFilters)
          .where(eq(articleFilters.id, query.filterId));
        if (!filter) throw AppError.badParameter(`文章分类不存在：${query.filterId}`);
        sourceId = filter.sourceId;
      }
      if (sourceId === undefined) throw AppError.badParameter('请选择来源或文章分类');
      await checkSources([sourceId]);
      return db
        .select({ id: articleFilters.id, filtername: articleFilters.filtername })
        .from(articleFilters)
        .where(eq(articleFilters.sourceId, sourceId))
        .orderBy(asc(articleFilters.sort), asc(articleFilters.id));
    },

    /** Collects a published article; collecting it again is harmless. */
    async collectArticle(memberId: number, id: number | undefined): Promise<true> {
      await deps.account.collect(memberId, 'article', await requirePublishedId(id));
      return true;
    },

    /** Removes an article from the favourites; removing one that is not there is harmless. */
    async cancelCollectArticle(memberId: number, id: number | undefined): Promise<true> {
      if (id === undefined) throw AppError.badParameter('请输入文章编号');
      await deps.account.cancelCollect(memberId, 'article', id);
      return true;
    },

    /**
     * The member's favourite articles (newest collected first) or reading records (newest read
     * first). The date range applies to the collect or read time; drafts are left out.
     */
    async myArticles(memberId: number, list: MemberItemList, query: MyArticleListBody) {
      const { pageNo, pageSize, offset } = paging(query.pageNo, query.pageSize);
      const range = dayRange(query.startDate, query.endDate);
      const sourceIds = toIdList(query.sourceIds);
      await checkSources(sourceIds);
      const classIds = toIdList(query.articleClassIds);

      if (list === 'reading') await deps.account.settleReadings(memberId);
      const items = deps.account.memberItems(memberId, 'article', list, range);
      const conditions: SQL[] = [inArray(articles.status, REACHABLE)];
      if (sourceIds.length) conditions.push(inArray(articles.sourceId, sourceIds));
      if (classIds.length) conditions.push(arrayOverlaps(articles.classIds, classIds));
      const where = and(...conditions);

      const [rows, [counted]] = await Promise.all([
        db
          .select(listColumns())
          .from(items)
          .innerJoin(articles, eq(articles.id, items.itemId))
          .innerJoin(articleSources, eq(articleSources.id, articles.sourceId))
          .leftJoin(articleFilters, eq(articleFilters.id, articles.filterId))
          .leftJoin(articleTypes, eq(articleTypes.id, articles.typeId))
          .where(where)
          .orderBy(desc(items.at), desc(articles.id))
          .limit(pageSize)
          .offset(offset),
        db.select({ n: count() }).from(items).innerJoin(articles, eq(articles.id, items.itemId)).where(where),
      ]);
      const results = await itemsWithCollect(rows, memberId);
      return { results, page: pageOf(Number(counted?.n ?? 0), pageNo, pageSize) };
    },
  };
  return service;
}
