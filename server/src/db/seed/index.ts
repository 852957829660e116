import { count, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../modules/account/password.js';
import type { Db } from '../client.js';
import {
  articleClasses,
  articleFilters,
  articleSources,
  articles,
  articleTypes,
  equityItems,
  lessons,
  members,
  memberships,
  moduleSwitches,
  servicePlans,
} from '../schema/index.js';
import { seedCorpus, type CorpusSummary } from './corpusSeed.js';
import { generateArticles, generateLessons } from './generate.js';
import {
  ARTICLE_TYPES,
  CLASSES,
  DEMO_PASSWORD,
  EQUITY_ITEMS,
  FILTERS,
  MODULE_SWITCHES,
  SERVICE_PLANS,
  SOURCES,
} from './reference.js';

export interface SeedOptions {
  /** The seed date: content dates count back from it, the demo membership runs a year from it. */
  now: Date;
  /**
   * Instead of the 300-article demo, write the scale corpus of this many articles (at least 100)
   * over the last 11 years, with weekly issues, extra readers, favourites, reading records and past
   * free reads (`npm run seed -- --articles 100000`; see server/README.md).
   */
  articles?: number;
}

/** Seeds only a database that has no content yet (first start). Returns whether it seeded. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(articleSources);
  if (Number(row?.n ?? 0) > 0) return false;
  await seed(db, options);
  return true;
}

/**
 * Inserts the reference data, demo content and demo accounts. Idempotent: every row has a natural
 * key (fixed id, permalinks, lesson resource id, username) and existing rows are left alone.
 */
export async function seed(db: Db, { now, articles: corpusSize }: SeedOptions): Promise<CorpusSummary | undefined> {
  // Hash outside the transaction: argon2 is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const summary = await db.transaction(async (tx) => {
    await tx.insert(articleSources).values(SOURCES).onConflictDoNothing();
    await tx.insert(articleClasses).values(CLASSES).onConflictDoNothing();
    await tx.insert(articleFilters).values(FILTERS).onConflictDoNothing();
    await tx.insert(articleTypes).values(ARTICLE_TYPES).onConflictDoNothing();
    await tx.insert(servicePlans).values(SERVICE_PLANS).onConflictDoNothing();
    await tx.insert(equityItems).values(EQUITY_ITEMS).onConflictDoNothing();
    await tx.insert(moduleSwitches).values(MODULE_SWITCHES).onConflictDoNothing();

    if (corpusSize === undefined) await seedArticles(tx, now);
    await seedLessons(tx, now);
    await seedMembers(tx, now, passwordHash);
    return corpusSize === undefined ? undefined : seedCorpus(tx, now, corpusSize, passwordHash);
  });
  if (summary) {
    // Fresh statistics for the planner, and a visibility map so counts can be index-only scans.
    await db.execute(sql`vacuum (analyze) articles, weekly_issues, members, favourites, reading_records`);
  }
  return summary;
}

async function seedArticles(db: Db, now: Date) {
  const generated = generateArticles(now);
  for (let i = 0; i < generated.length; i += 100) {
    const batch = generated.slice(i, i + 100).map(({ related: _related, ...row }) => row);
    await db.insert(articles).values(batch).onConflictDoNothing({ target: articles.permalinks });
  }
  // Related articles point at ids, known only after insert.
  const ids = new Map(
    (
      await db
        .select({ id: articles.id, permalinks: articles.permalinks })
        .from(articles)
        .where(inArray(articles.permalinks, generated.map((a) => a.permalinks)))
    ).map((r) => [r.permalinks, r.id]),
  );
  const updates = generated
    .map((a) => ({ id: ids.get(a.permalinks)!, related: a.related.map((k) => ids.get(generated[k]!.permalinks)!) }))
    .filter((u) => u.related.length > 0);
  if (updates.length > 0) {
    const values = sql.join(
      updates.map((u) => sql`(${u.id}::integer, ${`{${u.related.join(',')}}`}::integer[])`),
      sql`, `,
    );
    await db.execute(
      sql`update ${articles} set relation_article_ids = v.ids from (values ${values}) as v(id, ids) where ${articles.id} = v.id`,
    );
  }
}

async function seedLessons(db: Db, now: Date) {
  const generated = generateLessons(now);
  const row = ({ parentResId: _p, ...l }: (typeof generated)[number], parentId: number | null) => ({ ...l, parentId });
  await db
    .insert(lessons)
    .values(generated.filter((l) => l.parentResId === null).map((l) => row(l, null)))
    .onConflictDoNothing({ target: lessons.lessonResId });
  const parents = new Map(
    (await db.select({ id: lessons.id, resId: lessons.lessonResId }).from(lessons)).map((r) => [r.resId, r.id]),
  );
  const children = generated.filter((l) => l.parentResId !== null);
  if (children.length > 0) {
    await db
      .insert(lessons)
      .values(children.map((l) => row(l, parents.get(l.parentResId!) ?? null)))
      .onConflictDoNothing({ target: lessons.lessonResId });
  }
}

/** The demo accounts documented in server/README.md (all with the password Qianyan#2026). */
async function seedMembers(db: Db, now: Date, passwordHash: string) {
  await db
    .insert(members)
    .values([
      {
        username: 'demo_reader',
        mobile: '13800000001',
        email: 'demo_reader@example.com',
        passwordHash,
      },
      {
        username: 'demo_member',
        mobile: '13800000002',
        email: 'demo_member@example.com',
        passwordHash,
        truename: '周明远',
        identity: '医学生',
        roleid: 5,
        provinceId: 310000,
        cityId: 310100,
        districtId: 310104,
        cityIdPath: '310000,310100,310104',
        cityNamePath: '上海市/上海市/徐汇区',
        university: '示例医科大学',
        majors: '临床医学',
        entranceYear: 2022,
        qualification: '本科',
      },
      {
        username: 'demo_doctor',
        mobile: '13800000003',
        email: 'demo_doctor@example.com',
        passwordHash,
        truename: '林思远',
        identity: '执业医师',
        roleid: 1,
        provinceId: 110000,
        cityId: 110100,
        districtId: 110105,
        cityIdPath: '110000,110100,110105',
        cityNamePath: '北京市/北京市/朝阳区',
        hospital: '示例市第一人民医院',
        division: '心血管内科',
        joblevel: '主治医师',
        jobname: '普通医生',
      },
    ])
    .onConflictDoNothing({ target: members.username });

  const [member] = await db.select({ id: members.id }).from(members).where(eq(members.username, 'demo_member'));
  if (!member) return;
  const [existing] = await db.select({ n: count() }).from(memberships).where(eq(memberships.memberId, member.id));
  if (Number(existing?.n ?? 0) > 0) return;
  const endsAt = new Date(now);
  endsAt.setUTCFullYear(endsAt.getUTCFullYear() + 1);
  await db.insert(memberships).values({ memberId: member.id, serviceType: 2, startsAt: now, endsAt });
}
