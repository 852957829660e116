// Writes the scale corpus (corpus.ts) fast: one INSERT … SELECT FROM unnest(<one array per column>)
// per 500 articles, so a statement carries 30 parameters whatever the batch size, on PGlite and on
// PostgreSQL alike. Ids are reserved from the sequence first, so relations to earlier articles are
// written with the row (no second pass of updates). Idempotent like the demo seed: articles are
// keyed by permalinks, issues by date, readers by username.
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { articleEntitlements, favourites, freeReadClaims, members, readingRecords, weeklyIssues } from '../schema/index.js';
import { shanghaiDate } from '../../lib/dates.js';
import { articleVectors } from '../../modules/search/vectors.js';
import { corpusIssues, corpusReaders, generateCorpus, memberActivity, type CorpusArticle } from './corpus.js';

// An article of the corpus carries a body of real length (body.ts, 5 400 characters on average) and
// its search vectors (about 36 000 characters as a tsvector literal): a batch of 500 keeps each
// statement's parameters near 25 MB.
const BATCH = 500;

/** A driver parameter holding a whole array (drizzle would otherwise expand an array into a list). */
const arr = (values: unknown[]) => sql.param(values);

/** Rows of a raw query (both drivers reply { rows }). */
async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

export interface CorpusSummary {
  articles: number;
  issues: number;
  readers: number;
  favourites: number;
  readingRecords: number;
  freeReads: number;
}

export async function seedCorpus(db: Db, now: Date, n: number, passwordHash: string): Promise<CorpusSummary> {
  // The search indexes (GIN) take the new rows into their pending list without merging it on every
  // few batches; the vacuum that follows the seed (index.ts) merges it once, which is much cheaper
  // for a bulk load. `set local`: for this transaction only (the seed runs in one).
  await db.execute(sql`set local gin_pending_list_limit = '1GB'`);
  const issues = corpusIssues(now);
  for (let i = 0; i < issues.length; i += 1_000) {
    await db.insert(weeklyIssues).values(issues.slice(i, i + 1_000)).onConflictDoNothing({ target: weeklyIssues.thedate });
  }
  const issueIds = new Map(
    (await db.select({ id: weeklyIssues.id, thedate: weeklyIssues.thedate }).from(weeklyIssues)).map((r) => [r.thedate, r.id]),
  );

  const ids = new Int32Array(n);
  const memberLevel: number[] = [];
  let batch: CorpusArticle[] = [];
  let first = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await insertArticles(db, batch, first, ids, issueIds);
    batch.forEach((a, k) => {
      if (a.accessLevel === 'member') memberLevel.push(first + k);
    });
    first += batch.length;
    batch = [];
  };
  for (const article of generateCorpus(now, n)) {
    batch.push(article);
    if (batch.length === BATCH) await flush();
  }
  await flush();

  // Readers besides the demo accounts (same password as the demo accounts).
  const readers = corpusReaders(n);
  for (let i = 0; i < readers.length; i += 1_000) {
    await db
      .insert(members)
      .values(readers.slice(i, i + 1_000).map((r) => ({ ...r, passwordHash })))
      .onConflictDoNothing({ target: members.username });
  }
  const names = ['demo_reader', 'demo_member', 'demo_doctor', ...readers.map((r) => r.username)];
  const memberIds = new Map<string, number>();
  for (let i = 0; i < names.length; i += 1_000) {
    const rows = await db
      .select({ id: members.id, username: members.username })
      .from(members)
      .where(inArray(members.username, names.slice(i, i + 1_000)));
    for (const r of rows) memberIds.set(r.username, r.id);
  }

  // Favourites and reading records: the demo accounts have full lists, the readers a few each.
  const favRows: (typeof favourites.$inferInsert)[] = [];
  const readRows: (typeof readingRecords.$inferInsert)[] = [];
  const plan: [string, number, number][] = [
    ['demo_reader', 25, 40],
    ['demo_member', 60, 120],
    ['demo_doctor', 40, 80],
  ];
  readers.forEach((r, i) => plan.push([r.username, (i * 7) % 41, (i * 11) % 61]));
  plan.forEach(([username, favs, reads], k) => {
    const memberId = memberIds.get(username);
    if (memberId === undefined) return;
    const activity = memberActivity(30_000 + k, now, n, favs, reads);
    for (const f of activity.favourites) favRows.push({ memberId, kind: 'article', itemId: ids[f.index]!, createdAt: f.at });
    for (const r of activity.reads) readRows.push({ memberId, kind: 'article', itemId: ids[r.index]!, readAt: r.at });
  });
  for (let i = 0; i < favRows.length; i += 2_000) {
    await db.insert(favourites).values(favRows.slice(i, i + 2_000)).onConflictDoNothing();
  }
  for (let i = 0; i < readRows.length; i += 2_000) {
    await db.insert(readingRecords).values(readRows.slice(i, i + 2_000)).onConflictDoNothing();
  }

  // Free reads used in past months (never the current one): a claim and its entitlement each.
  const claims: (typeof freeReadClaims.$inferInsert)[] = [];
  const grants: (typeof articleEntitlements.$inferInsert)[] = [];
  const claimers: [string, number][] = [
    ['demo_reader', 2],
    ['demo_doctor', 6],
  ];
  readers.forEach((r, i) => {
    if (i % 5 === 0) claimers.push([r.username, 1 + (i % 3)]);
  });
  claimers.forEach(([username, months], k) => {
    const memberId = memberIds.get(username);
    if (memberId === undefined || memberLevel.length === 0) return;
    for (let m = 1; m <= months; m++) {
      const at = monthsBefore(now, m);
      const index = memberLevel[(k * 131 + m * 17) % memberLevel.length]!;
      claims.push({ memberId, month: shanghaiDate(at).slice(0, 7).replace('-', ''), kind: 'article', itemId: ids[index]!, createdAt: at });
      grants.push({ memberId, articleId: ids[index]!, source: 'free_read', createdAt: at });
    }
  });
  if (claims.length > 0) {
    await db.insert(freeReadClaims).values(claims).onConflictDoNothing();
    await db.insert(articleEntitlements).values(grants).onConflictDoNothing();
  }

  return {
    articles: n,
    issues: issues.length,
    readers: readers.length,
    favourites: favRows.length,
    readingRecords: readRows.length,
    freeReads: claims.length,
  };
}

/** The same day and time `months` calendar months earlier (the 28th at the latest). */
function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  d.setUTCDate(Math.min(d.getUTCDate(), 28));
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

async function insertArticles(
  db: Db,
  batch: CorpusArticle[],
  first: number,
  ids: Int32Array,
  issueIds: Map<string, number>,
): Promise<void> {
  // Articles already there (a second run) keep their ids; the others get ids reserved now.
  const existing = new Map(
    (
      await rowsOf<{ id: number; permalinks: string }>(
        db.execute(sql`select id, permalinks from articles where permalinks = any(${arr(batch.map((a) => a.permalinks))}::text[])`),
      )
    ).map((r) => [r.permalinks, Number(r.id)]),
  );
  const missing = batch.length - existing.size;
  const reserved =
    missing > 0
      ? (
          await rowsOf<{ id: number }>(
            db.execute(sql`select nextval(pg_get_serial_sequence('articles', 'id'))::integer as id from generate_series(1, ${missing})`),
          )
        ).map((r) => Number(r.id))
      : [];
  const fresh: CorpusArticle[] = [];
  const freshIds: number[] = [];
  batch.forEach((a, k) => {
    const id = existing.get(a.permalinks) ?? reserved[freshIds.length]!;
    ids[first + k] = id;
    if (!existing.has(a.permalinks)) {
      fresh.push(a);
      freshIds.push(id);
    }
  });
  if (fresh.length === 0) return;

  const col = <T>(f: (a: CorpusArticle) => T) => arr(fresh.map(f));
  const vectors = fresh.map((a) => articleVectors(a));
  const intArray = (values: number[]) => `{${values.join(',')}}`;
  await db.execute(sql`
    insert into articles (
      id, source_id, filter_id, type_id, weekly_issue_id, class_ids, permalinks, title, outtitle, author,
      pcauthor, intro, content, wantsay, haswantsay, wantsay_title, coi, keyword, aboutcontent, appendix,
      thank, postdate, pubdate, thumb, video_url, outlink, relation_article_ids, access_level,
      search_title, search_head, search_vector
    )
    select
      u.id, u.source_id, u.filter_id, u.type_id, u.weekly_issue_id, u.class_ids::integer[], u.permalinks, u.title,
      u.outtitle, u.author, u.pcauthor, u.intro, u.content, u.wantsay, u.haswantsay, u.wantsay_title, u.coi,
      u.keyword, u.aboutcontent, u.appendix, u.thank, u.postdate, u.pubdate, u.thumb, u.video_url, u.outlink,
      u.relation_article_ids::integer[], u.access_level, u.search_title::tsvector,
      u.search_head::tsvector, u.search_vector::tsvector
    from unnest(
      ${arr(freshIds)}::integer[], ${col((a) => a.sourceId)}::integer[], ${col((a) => a.filterId)}::integer[],
      ${col((a) => a.typeId)}::integer[], ${col((a) => (a.weeklyDate ? (issueIds.get(a.weeklyDate) ?? null) : null))}::integer[],
      ${col((a) => intArray(a.classIds))}::text[], ${col((a) => a.permalinks)}::text[], ${col((a) => a.title)}::text[],
      ${col((a) => a.outtitle)}::text[], ${col((a) => a.author)}::text[], ${col((a) => a.pcauthor)}::text[],
      ${col((a) => a.intro)}::text[], ${col((a) => a.content)}::text[], ${col((a) => a.wantsay)}::text[],
      ${col((a) => a.haswantsay)}::smallint[], ${col((a) => a.wantsayTitle)}::text[], ${col((a) => a.coi)}::text[],
      ${col((a) => a.keyword)}::text[], ${col((a) => a.aboutcontent)}::text[], ${col((a) => a.appendix)}::text[],
      ${col((a) => a.thank)}::text[], ${col((a) => a.postdate.toISOString())}::timestamptz[], ${col((a) => a.pubdate)}::date[],
      ${col((a) => a.thumb)}::text[], ${col((a) => a.videoUrl)}::text[], ${col((a) => a.outlink)}::text[],
      ${col((a) => intArray(a.related.map((r) => ids[r]!)))}::text[], ${col((a) => a.accessLevel)}::text[],
      ${arr(vectors.map((v) => v.searchTitle))}::text[],
      ${arr(vectors.map((v) => v.searchHead))}::text[],
      ${arr(vectors.map((v) => v.searchVector))}::text[]
    ) as u(
      id, source_id, filter_id, type_id, weekly_issue_id, class_ids, permalinks, title, outtitle, author,
      pcauthor, intro, content, wantsay, haswantsay, wantsay_title, coi, keyword, aboutcontent, appendix,
      thank, postdate, pubdate, thumb, video_url, outlink, relation_article_ids, access_level,
      search_title, search_head, search_vector
    )
    on conflict (permalinks) do nothing
  `);
  // Read counts of their own (article_reads), for the articles this batch did insert.
  await db.execute(sql`
    insert into article_reads (article_id, read_count)
    select u.id, u.n from unnest(${arr(freshIds)}::integer[], ${col((a) => a.readCount)}::integer[]) as u(id, n)
    where u.n > 0 and exists (select 1 from articles where articles.id = u.id)
    on conflict (article_id) do nothing
  `);
}
