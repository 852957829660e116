import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../../modules/account/password.js';
import type { Db } from '../client.js';
import {
  articleClasses,
  articleFilters,
  articleReads,
  articleSources,
  articles,
  articleTypes,
  equityItems,
  favourites,
  glossaryTerms,
  lessons,
  members,
  memberships,
  moduleSwitches,
  payAgreements,
  readingRecords,
  sandboxAgreements,
  serviceOrders,
  staffRoles,
  servicePlans,
  subscribeTexts,
} from '../schema/index.js';
import { addMonthsShanghai, newOrdersn } from '../../modules/membership/payments.js';
import { SUBSCRIBE_TEXTS } from '../../modules/membership/subscribeTexts.js';
import { notifyPath } from '../../providers/payment/index.js';
import { seedCorpus, type CorpusSummary } from './corpusSeed.js';
import { seedCourses } from './courses.js';
import { generateArticles } from './generate.js';
import { GLOSSARY } from './glossary.js';
import { seedPortal } from './portal.js';
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
import { articleVectors, indexStale } from '../../modules/search/vectors.js';

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

const DAY_MS = 86_400_000;

/** The demo staff accounts and their roles (README "Demo accounts"). */
const DEMO_STAFF = [
  { username: 'demo_contributor', role: 'contributor' },
  { username: 'demo_editor', role: 'editor' },
  { username: 'demo_admin', role: 'admin' },
] as const;

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
    await tx.insert(subscribeTexts).values([...SUBSCRIBE_TEXTS]).onConflictDoNothing();
    await tx.insert(moduleSwitches).values(MODULE_SWITCHES).onConflictDoNothing();
    // The medical glossary (terms readers can tap, synonyms search knows): missing terms only.
    await tx.insert(glossaryTerms).values(GLOSSARY).onConflictDoNothing({ target: glossaryTerms.term });

    if (corpusSize === undefined) await seedArticles(tx, now);
    await seedCourses(tx, now);
    await seedMembers(tx, now, passwordHash);
    const corpus = corpusSize === undefined ? undefined : await seedCorpus(tx, now, corpusSize, passwordHash);
    await seedDemoActivity(tx, now);
    // Last, so hot reads can point at the lessons and conferences seeded above.
    await seedPortal(tx);
    return corpus;
  });
  // Search vectors of any row written without them (the inserts above write them).
  await indexStale(db);
  if (summary) {
    // Fresh statistics for the planner, and a visibility map so counts can be index-only scans.
    await db.execute(sql`vacuum (analyze) articles, article_reads, weekly_issues, members, favourites, reading_records`);
  }
  return summary;
}

async function seedArticles(db: Db, now: Date) {
  const generated = generateArticles(now);
  for (let i = 0; i < generated.length; i += 100) {
    const batch = generated.slice(i, i + 100).map(({ related: _related, readCount: _reads, ...row }) => ({ ...row, ...articleVectors(row) }));
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
  // Read counts of their own (article_reads); an article seeded again keeps the count it has.
  const reads = generated.filter((a) => a.readCount > 0).map((a) => ({ articleId: ids.get(a.permalinks)!, readCount: a.readCount }));
  for (let i = 0; i < reads.length; i += 500) await db.insert(articleReads).values(reads.slice(i, i + 500)).onConflictDoNothing();
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

/** The demo accounts documented in the README and server/README.md (all with the password Qianyan#2026). */
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
        // Codes of the region tree (GB/T 2260) and an institution of its lists (modules/regions).
        provinceId: 310000,
        cityId: 310100,
        districtId: 310104,
        cityIdPath: '310000,310100,310104',
        cityNamePath: '上海市/市辖区/徐汇区',
        university: '复旦大学上海医学院',
        majors: '临床医学',
        entranceYear: 2022,
        qualification: '本科',
      },
      {
        username: 'demo_expired',
        mobile: '13800000004',
        email: 'demo_expired@example.com',
        passwordHash,
        truename: '陈可欣',
        identity: '其他',
        roleid: 0,
        provinceId: 440000,
        cityId: 440100,
        districtId: 440106,
        cityIdPath: '440000,440100,440106',
        cityNamePath: '广东省/广州市/天河区',
        otherCompany: '广州医学期刊编辑部',
        otherDepartment: '编辑部',
        otherJobname: '编辑',
      },
      {
        username: 'demo_update',
        mobile: '13800000005',
        email: 'demo_update@example.com',
        passwordHash,
        // Asked to bring the profile up to date (请及时更新用户资料) on arrival in the personal centre.
        ifNeedUpdate: 1,
      },
      {
        username: 'demo_renewing',
        mobile: '13800000006',
        email: 'demo_renewing@example.com',
        passwordHash,
        truename: '王立诚',
        identity: '执业医师',
        roleid: 1,
        provinceId: 330000,
        cityId: 330100,
        districtId: 330102,
        cityIdPath: '330000,330100,330102',
        cityNamePath: '浙江省/杭州市/上城区',
        hospital: '浙江大学医学院附属第一医院',
        division: '呼吸内科',
        joblevel: '副主任医师（副高）',
        jobname: '普通医生',
      },
      // Staff of the editorial console (/editor, /api/editor): the same login as readers.
      { username: 'demo_contributor', mobile: '13800000007', email: 'demo_contributor@example.com', passwordHash, truename: '许知行' },
      { username: 'demo_editor', mobile: '13800000008', email: 'demo_editor@example.com', passwordHash, truename: '沈清和' },
      { username: 'demo_admin', mobile: '13800000009', email: 'demo_admin@example.com', passwordHash, truename: '韩立本' },
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
        districtId: 110101,
        cityIdPath: '110000,110100,110101',
        cityNamePath: '北京市/市辖区/东城区',
        hospital: '北京协和医院',
        division: '心血管内科',
        joblevel: '主治医师（中级）',
        jobname: '普通医生',
        ifReceiveDsf: 0,
      },
    ])
    .onConflictDoNothing({ target: members.username });

  const demo = new Map(
    (
      await db
        .select({ id: members.id, username: members.username })
        .from(members)
        .where(inArray(members.username, ['demo_member', 'demo_expired', 'demo_renewing', ...DEMO_STAFF.map((s) => s.username)]))
    ).map((m) => [m.username, m.id]),
  );
  const staff = DEMO_STAFF.flatMap(({ username, role }) => {
    const memberId = demo.get(username);
    return memberId === undefined ? [] : [{ memberId, role, grantedAt: now }];
  });
  if (staff.length > 0) await db.insert(staffRoles).values(staff).onConflictDoNothing();
  const hasPeriods = async (memberId: number) =>
    Number((await db.select({ n: count() }).from(memberships).where(eq(memberships.memberId, memberId)))[0]?.n ?? 0) > 0;

  const memberId = demo.get('demo_member');
  if (memberId !== undefined && !(await hasPeriods(memberId))) {
    const endsAt = new Date(now);
    endsAt.setUTCFullYear(endsAt.getUTCFullYear() + 1);
    await db.insert(memberships).values({ memberId, serviceType: 2, startsAt: now, endsAt });
  }

  // A monthly membership that ended 30 days before the seed: service type 6, the expiry notice.
  const expiredId = demo.get('demo_expired');
  if (expiredId !== undefined && !(await hasPeriods(expiredId))) {
    const startsAt = new Date(now.getTime() - 60 * DAY_MS);
    await db.insert(memberships).values({ memberId: expiredId, serviceType: 1, startsAt, endsAt: addMonthsShanghai(startsAt, 1) });
  }

  const renewingId = demo.get('demo_renewing');
  if (renewingId !== undefined && !(await hasPeriods(renewingId))) await seedContinuousMember(db, now, renewingId);
}

/**
 * demo_renewing: 连续包年 signed and paid through the sandbox's Alipay agreement pay 20 days before
 * the seed, as a purchase there would leave it: the paid order, its year, the active agreement and
 * the sandbox's own record of it, so the renewal job charges it (a day before the year ends, so not
 * in a fresh demo) and 取消自动续费 unsigns it at the sandbox.
 */
async function seedContinuousMember(db: Db, now: Date, memberId: number) {
  const plan = SERVICE_PLANS.find((p) => p.type === 4)!;
  const paidAt = new Date(now.getTime() - 20 * DAY_MS);
  const endsAt = addMonthsShanghai(paidAt, plan.months);
  const ordersn = newOrdersn(paidAt);
  const externalAgreementNo = `QYA${ordersn}`;
  const agreementNo = `SBXA${paidAt.getTime()}${ordersn.slice(-6)}`;
  const [agreement] = await db
    .insert(payAgreements)
    .values({
      memberId,
      servicePlanId: plan.id,
      serviceType: plan.type,
      channel: 'alipay',
      provider: 'sandbox',
      externalAgreementNo,
      agreementNo,
      status: 1,
      nextChargeAt: new Date(endsAt.getTime() - DAY_MS),
      signedAt: paidAt,
      createdAt: paidAt,
    })
    .returning({ id: payAgreements.id });
  const [order] = await db
    .insert(serviceOrders)
    .values({
      ordersn,
      memberId,
      servicePlanId: plan.id,
      serviceType: plan.type,
      serviceTitle: plan.title,
      priceFen: plan.priceFen,
      payChannel: 'alipay',
      payProvider: 'sandbox',
      status: 1,
      agreementId: agreement!.id,
      tradeNo: `SBX${paidAt.getTime()}seed`,
      paidAt,
      createdAt: paidAt,
    })
    .returning({ id: serviceOrders.id });
  await db.insert(memberships).values({ memberId, serviceType: plan.type, startsAt: paidAt, endsAt, orderId: order!.id, createdAt: paidAt });
  await db
    .insert(sandboxAgreements)
    .values({ agreementNo, externalAgreementNo, notifyUrl: notifyPath('sandbox'), createdAt: paidAt })
    .onConflictDoNothing();
}

/**
 * A few favourites and reading records (articles, animations, audio and lessons) for demo_member and
 * demo_doctor, so their personal centre has lists to show; times count back from the seed date.
 * The newest items are left alone (they are what the lists and tests open first), and the doctor,
 * who is not a member, has read only articles open to any logged-in reader.
 */
async function seedDemoActivity(db: Db, now: Date) {
  const hour = 3_600_000;
  const demo = await db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(inArray(members.username, ['demo_member', 'demo_doctor']));
  const articlesOf = (sourceId: number, n: number, skip: number) =>
    db
      .select({ id: articles.id, accessLevel: articles.accessLevel })
      .from(articles)
      .where(and(eq(articles.sourceId, sourceId), eq(articles.status, 1)))
      .orderBy(desc(articles.postdate), desc(articles.id))
      .limit(n)
      .offset(skip);
  // One after another: the seed runs on the one connection that holds the migration lock, where
  // node-postgres would queue statements sent together (and warns that pg 9 will refuse them).
  const journal = await articlesOf(5, 16, 10);
  const animation = await articlesOf(7, 4, 2);
  const audio = await articlesOf(8, 4, 2);
  const lessonRows = await db
    .select({ resId: lessons.lessonResId })
    .from(lessons)
    .where(and(eq(lessons.status, 1), isNull(lessons.parentId)))
    .orderBy(asc(lessons.lessonResId))
    .limit(8)
    .offset(6);

  for (const member of demo) {
    const isMember = member.username === 'demo_member';
    // The two accounts take different items: the member the even positions, the doctor the odd ones.
    const pick = <T>(rows: T[]) => rows.filter((_, i) => i % 2 === (isMember ? 0 : 1));
    const picked = [...pick(journal), ...pick(animation), ...pick(audio)];
    const lessonIds = pick(lessonRows).map((r) => r.resId);
    const readable = picked.filter((a) => isMember || a.accessLevel !== 'member').map((a) => a.id);
    const at = (i: number, spacing: number) => new Date(now.getTime() - (i + 1) * spacing * hour);
    const kept = [
      ...[...pick(journal).slice(0, 4), ...pick(animation).slice(0, 1), ...pick(audio).slice(0, 1)].map((a, i) => ({
        kind: 'article',
        itemId: a.id,
        createdAt: at(i, 30),
      })),
      ...lessonIds.slice(0, 3).map((itemId, i) => ({ kind: 'lesson', itemId, createdAt: at(i, 40) })),
    ];
    const read = [
      ...readable.map((itemId, i) => ({ kind: 'article', itemId, readAt: at(i, 7) })),
      ...lessonIds.map((itemId, i) => ({ kind: 'lesson', itemId, readAt: at(i, 11) })),
    ];
    if (kept.length > 0) {
      await db
        .insert(favourites)
        .values(kept.map((f) => ({ ...f, memberId: member.id })))
        .onConflictDoNothing();
    }
    if (read.length > 0) {
      await db
        .insert(readingRecords)
        .values(read.map((r) => ({ ...r, memberId: member.id })))
        .onConflictDoNothing();
    }
  }
}
