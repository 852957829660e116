// Membership in the business console (issue 20, item 3): the service plans (title, price in fen,
// pictures, intro, the benefits each includes in its order, on sale or not), the benefits list and
// its order, the subscription FAQ and the membership agreement. Admins only (money); every change
// is one transaction with its audit entry, and a save names what it was based on: a plan its
// revision, the benefits list, the FAQ and the agreement a version derived from their content, so
// two admins never silently overwrite each other (10409).
//
// A price applies to orders made after it: an order keeps the price it was made with
// (service_orders.price_fen), each payment of it is created for that amount
// (payment_attempts.amount_fen) and a confirmation is checked against that amount
// (payments.ts fulfil), never against the plan. Readers' getServiceList, getServiceInfo and
// getsubscribeQaList read these tables on every request (docs/decisions.md "Membership console").
import { createHash } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { equityItems, servicePlans, subscribeTexts } from '../../db/schema/index.js';
import { shanghaiDateTime } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { SUBSCRIBE_TEXTS } from '../membership/subscribeTexts.js';
import type { Staff } from './access.js';
import { PLAN_LIMITS, PlanMessages as M } from './plansMessages.js';
import type {
  AgreementSaveBody,
  BenefitList,
  BenefitsSaveBody,
  ConsolePlan,
  FaqSaveBody,
  PlanSaleBody,
  PlanSaveBody,
  SubscribeTexts,
} from './plansSchemas.js';
import { sanitizeEditorialHtml } from './sanitize.js';
import { audit, conflict, type EditorialService } from './service.js';

type PlanRow = typeof servicePlans.$inferSelect;
type Executor = Db;

/** A site path (one leading slash) or an http(s) address (as the site furniture's pictures). */
const linkShape = (v: string) => /^(\/(?!\/)\S*|https?:\/\/[^\s/?#]+\S*)$/.test(v);
const chars = (v: string) => [...v].length;

/** A version derived from content: any change, addition, removal or move changes it. */
const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);

const equityIdsOf = (list: string) =>
  list
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);

export function createPlansService(deps: { db: Db; now: () => Date; editorial: EditorialService }) {
  const { db, now, editorial } = deps;

  /** Admins only: money. Others get 10403 (readers: not staff; editors: admin only). */
  const admin = (memberId: number | undefined): Promise<Staff> => editorial.requireStaff(memberId, 'admin');

  const planOf = (p: PlanRow): ConsolePlan => ({
    id: p.id,
    type: p.type,
    title: p.title,
    priceFen: p.priceFen,
    months: p.months,
    pcImg: p.pcImg,
    mobileImg: p.mobileImg,
    intro: p.intro,
    equityIds: equityIdsOf(p.memberEquityId),
    enabled: p.enabled === 1 ? 1 : 0,
    revision: p.revision,
    updatedAtShanghai: shanghaiDateTime(p.updatedAt),
  });

  /** What the audit trail keeps of a plan. */
  const planAudit = (p: PlanRow) => ({
    title: p.title,
    priceFen: p.priceFen,
    pcImg: p.pcImg,
    mobileImg: p.mobileImg,
    intro: p.intro,
    equityIds: equityIdsOf(p.memberEquityId),
    enabled: p.enabled,
    revision: p.revision,
  });

  async function benefitRows(executor: Executor) {
    return executor.select().from(equityItems).orderBy(asc(equityItems.sort), asc(equityItems.id));
  }
  const benefitView = (rows: (typeof equityItems.$inferSelect)[]) => rows.map((r) => ({ id: r.id, icon: r.icon, title: r.title, infos: r.infos }));
  const benefitList = (rows: (typeof equityItems.$inferSelect)[]): BenefitList => {
    const benefits = benefitView(rows);
    return { benefits, benefitsVersion: digest(benefits) };
  };

  /** The FAQ and the agreement as readers get them (the built-in texts while the table is empty). */
  async function textRows(executor: Executor) {
    const rows = await executor.select().from(subscribeTexts).orderBy(asc(subscribeTexts.sort), asc(subscribeTexts.id));
    return rows.length > 0 ? rows : SUBSCRIBE_TEXTS.map((t) => ({ ...t }));
  }
  const textsOf = (rows: { kind: string; title: string; content: string }[]): SubscribeTexts => {
    const faq = rows.filter((r) => r.kind === 'qa').map((r) => ({ title: r.title, content: r.content }));
    const x = rows.find((r) => r.kind === 'xieyi');
    const agreement = { title: x?.title ?? '', content: x?.content ?? '' };
    return { faq, faqVersion: digest(faq), agreement, agreementVersion: digest(agreement) };
  };

  /** Writes the built-in texts when the table is empty, so a first save replaces only its own part. */
  async function materialiseTexts(tx: Executor) {
    const [row] = await tx.select({ id: subscribeTexts.id }).from(subscribeTexts).limit(1);
    if (!row) await tx.insert(subscribeTexts).values(SUBSCRIBE_TEXTS.map((t) => ({ ...t })));
  }

  function cleanPlan(input: PlanSaveBody) {
    const title = input.title.trim();
    const pcImg = (input.pcImg ?? '').trim();
    const mobileImg = (input.mobileImg ?? '').trim();
    const intro = (input.intro ?? '').trim();
    if (!title) throw AppError.badParameter(M.titleRequired);
    if (chars(title) > PLAN_LIMITS.title) throw AppError.badParameter(M.titleTooLong);
    if (!Number.isInteger(input.priceFen) || input.priceFen < 1) throw AppError.badParameter(M.price);
    if (input.priceFen > PLAN_LIMITS.maxPriceFen) throw AppError.badParameter(M.priceTooHigh);
    if (pcImg && (!linkShape(pcImg) || pcImg.length > PLAN_LIMITS.url)) throw AppError.badParameter(M.pcImgInvalid);
    if (mobileImg && (!linkShape(mobileImg) || mobileImg.length > PLAN_LIMITS.url)) throw AppError.badParameter(M.mobileImgInvalid);
    if (chars(intro) > PLAN_LIMITS.intro) throw AppError.badParameter(M.introTooLong);
    const seen = new Set<number>();
    for (const id of input.equityIds) {
      if (seen.has(id)) throw AppError.badParameter(M.equityDuplicate(id));
      seen.add(id);
    }
    return { title, priceFen: input.priceFen, pcImg, mobileImg, intro, memberEquityId: input.equityIds.join(',') };
  }

  return {
    /** Every plan (on sale or not) in the readers' order, and the benefits list with its version. */
    async list(memberId: number | undefined): Promise<{ plans: ConsolePlan[] } & BenefitList> {
      await admin(memberId);
      const [plans, benefits] = await Promise.all([
        db.select().from(servicePlans).orderBy(asc(servicePlans.sort), asc(servicePlans.id)),
        benefitRows(db),
      ]);
      return { plans: plans.map(planOf), ...benefitList(benefits) };
    },

    /**
     * Saves a plan at the revision the admin had. The new price is what orders made from now on
     * take; an order already made keeps its own. A save that changes nothing makes no revision.
     */
    async save(memberId: number | undefined, input: PlanSaveBody): Promise<ConsolePlan> {
      const staff = await admin(memberId);
      const fields = cleanPlan(input);
      const at = now();
      const row = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(servicePlans).where(eq(servicePlans.id, input.id)).for('update');
        if (!current) throw AppError.badParameter(M.planNotFound);
        if (current.revision !== input.baseRevision) throw conflict(M.planStale(current.revision), { currentRevision: current.revision });
        if (input.equityIds.length) {
          const known = await tx.select({ id: equityItems.id }).from(equityItems).where(inArray(equityItems.id, input.equityIds));
          const missing = input.equityIds.find((id) => !known.some((k) => k.id === id));
          if (missing !== undefined) throw AppError.badParameter(M.equityUnknown(missing));
        }
        const same =
          current.title === fields.title &&
          current.priceFen === fields.priceFen &&
          current.pcImg === fields.pcImg &&
          current.mobileImg === fields.mobileImg &&
          current.intro === fields.intro &&
          equityIdsOf(current.memberEquityId).join(',') === fields.memberEquityId;
        if (same) return current;
        const [next] = await tx
          .update(servicePlans)
          .set({ ...fields, revision: current.revision + 1, updatedAt: at, updatedBy: staff.id })
          .where(eq(servicePlans.id, current.id))
          .returning();
        await audit(tx, { actor: staff, action: 'save', targetType: 'plan', targetId: current.id, targetLabel: next!.title, before: planAudit(current), after: planAudit(next!), at });
        return next!;
      });
      return planOf(row);
    },

    /**
     * Puts a plan on sale (1) or takes it off (0): the value sent is kept, the last set wins, so
     * it is not part of the revision (an open form is not made stale). Audited when it changes.
     * Orders already made are not touched: one paid for later still gives its membership.
     */
    async setSale(memberId: number | undefined, input: PlanSaleBody): Promise<ConsolePlan> {
      const staff = await admin(memberId);
      const at = now();
      const row = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(servicePlans).where(eq(servicePlans.id, input.id)).for('update');
        if (!current) throw AppError.badParameter(M.planNotFound);
        if ((current.enabled === 1 ? 1 : 0) === input.enabled) return current;
        const [next] = await tx.update(servicePlans).set({ enabled: input.enabled, updatedAt: at, updatedBy: staff.id }).where(eq(servicePlans.id, current.id)).returning();
        await audit(tx, {
          actor: staff,
          action: 'save',
          targetType: 'plan',
          targetId: current.id,
          targetLabel: current.title,
          before: { enabled: current.enabled },
          after: { enabled: input.enabled },
          at,
        });
        return next!;
      });
      return planOf(row);
    },

    /**
     * Saves the whole benefits list in its order at the version the admin had: an item without id
     * is new, one left out is removed (refused while a plan includes it).
     */
    async saveBenefits(memberId: number | undefined, input: BenefitsSaveBody): Promise<BenefitList> {
      const staff = await admin(memberId);
      if (input.items.length > PLAN_LIMITS.benefits) throw AppError.badParameter(M.benefitsTooMany);
      const items = input.items.map((item, i) => {
        const n = i + 1;
        const title = item.title.trim();
        const icon = (item.icon ?? '').trim();
        const infos = (item.infos ?? '').trim();
        if (!title) throw AppError.badParameter(M.benefitTitleRequired(n));
        if (chars(title) > PLAN_LIMITS.benefitTitle) throw AppError.badParameter(M.benefitTitleTooLong(n));
        if (icon && (!linkShape(icon) || icon.length > PLAN_LIMITS.url)) throw AppError.badParameter(M.benefitIconInvalid(n));
        if (chars(infos) > PLAN_LIMITS.benefitInfos) throw AppError.badParameter(M.benefitInfosTooLong(n));
        return { id: item.id, title, icon, infos };
      });
      const at = now();
      const rows = await db.transaction(async (tx) => {
        // One writer of the list at a time; the version is then read under it.
        await tx.execute(sql`lock table ${equityItems} in exclusive mode`);
        const current = await benefitRows(tx as unknown as Db);
        const before = benefitList(current);
        if (before.benefitsVersion !== input.baseVersion) throw conflict(M.benefitsStale, { currentVersion: before.benefitsVersion });
        const have = new Map(current.map((r) => [r.id, r]));
        items.forEach((item, i) => {
          if (item.id !== undefined && !have.has(item.id)) throw AppError.badParameter(M.benefitUnknown(i + 1));
        });
        const kept = new Set(items.map((i) => i.id).filter((id): id is number => id !== undefined));
        const removed = current.filter((r) => !kept.has(r.id));
        if (removed.length) {
          const plans = await tx.select({ title: servicePlans.title, list: servicePlans.memberEquityId }).from(servicePlans).orderBy(asc(servicePlans.sort), asc(servicePlans.id));
          for (const r of removed) {
            const user = plans.find((p) => equityIdsOf(p.list).includes(r.id));
            if (user) throw AppError.badParameter(M.benefitInUse(r.title, user.title));
          }
          await tx.delete(equityItems).where(inArray(equityItems.id, removed.map((r) => r.id)));
        }
        let nextId = Math.max(0, ...current.map((r) => r.id));
        for (const [i, item] of items.entries()) {
          const values = { title: item.title, icon: item.icon, infos: item.infos, sort: i + 1 };
          if (item.id === undefined) await tx.insert(equityItems).values({ id: (nextId += 1), ...values });
          else await tx.update(equityItems).set(values).where(eq(equityItems.id, item.id));
        }
        const after = await benefitRows(tx as unknown as Db);
        const afterList = benefitList(after);
        if (afterList.benefitsVersion !== before.benefitsVersion) {
          await audit(tx, { actor: staff, action: 'save', targetType: 'benefit', targetId: 0, targetLabel: '会员权益', before: { items: before.benefits }, after: { items: afterList.benefits }, at });
        }
        return after;
      });
      return benefitList(rows);
    },

    /** The FAQ and the agreement as readers get them, each with the version to save against. */
    async texts(memberId: number | undefined): Promise<SubscribeTexts> {
      await admin(memberId);
      return textsOf(await textRows(db));
    },

    /** Saves the whole FAQ in its order at the version the admin had (answers are plain text, paragraphs by line). */
    async saveFaq(memberId: number | undefined, input: FaqSaveBody): Promise<SubscribeTexts> {
      const staff = await admin(memberId);
      if (input.items.length > PLAN_LIMITS.faq) throw AppError.badParameter(M.faqTooMany);
      const items = input.items.map((item, i) => {
        const n = i + 1;
        const title = item.title.trim();
        const content = item.content.replace(/\r\n?/g, '\n').trim();
        if (!title) throw AppError.badParameter(M.faqTitleRequired(n));
        if (chars(title) > PLAN_LIMITS.faqTitle) throw AppError.badParameter(M.faqTitleTooLong(n));
        if (!content) throw AppError.badParameter(M.faqContentRequired(n));
        if (chars(content) > PLAN_LIMITS.faqContent) throw AppError.badParameter(M.faqContentTooLong(n));
        return { title, content };
      });
      const at = now();
      return db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${subscribeTexts} in exclusive mode`);
        const before = textsOf(await textRows(tx as unknown as Db));
        if (before.faqVersion !== input.baseVersion) throw conflict(M.faqStale, { currentVersion: before.faqVersion });
        if (digest(items) === before.faqVersion) return before;
        await materialiseTexts(tx as unknown as Db);
        const [top] = await tx.select({ id: sql<number>`coalesce(max(${subscribeTexts.id}), 0)` }).from(subscribeTexts);
        await tx.delete(subscribeTexts).where(eq(subscribeTexts.kind, 'qa'));
        const base = Number(top?.id ?? 0);
        if (items.length) await tx.insert(subscribeTexts).values(items.map((q, i) => ({ id: base + i + 1, kind: 'qa', sort: i + 1, ...q })));
        const after = textsOf(await textRows(tx as unknown as Db));
        await audit(tx, { actor: staff, action: 'save', targetType: 'subscribe_text', targetId: 0, targetLabel: '常见问题', before: { items: before.faq }, after: { items: after.faq }, at });
        return after;
      });
    },

    /** Saves the membership agreement at the version the admin had; its HTML is cleaned as article bodies are. */
    async saveAgreement(memberId: number | undefined, input: AgreementSaveBody): Promise<SubscribeTexts> {
      const staff = await admin(memberId);
      const title = input.title.trim();
      if (!title) throw AppError.badParameter(M.agreementTitleRequired);
      if (chars(title) > PLAN_LIMITS.agreementTitle) throw AppError.badParameter(M.agreementTitleTooLong);
      const content = sanitizeEditorialHtml(input.content);
      if (!content.replace(/<[^>]*>/g, '').trim()) throw AppError.badParameter(M.agreementContentRequired);
      if (chars(content) > PLAN_LIMITS.agreementContent) throw AppError.badParameter(M.agreementContentTooLong);
      const at = now();
      return db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${subscribeTexts} in exclusive mode`);
        const before = textsOf(await textRows(tx as unknown as Db));
        if (before.agreementVersion !== input.baseVersion) throw conflict(M.agreementStale, { currentVersion: before.agreementVersion });
        if (before.agreement.title === title && before.agreement.content === content) return before;
        await materialiseTexts(tx as unknown as Db);
        const [row] = await tx.select({ id: subscribeTexts.id }).from(subscribeTexts).where(eq(subscribeTexts.kind, 'xieyi')).limit(1);
        if (row) await tx.update(subscribeTexts).set({ title, content }).where(eq(subscribeTexts.id, row.id));
        else {
          const [top] = await tx.select({ id: sql<number>`coalesce(max(${subscribeTexts.id}), 0)` }).from(subscribeTexts);
          await tx.insert(subscribeTexts).values({ id: Number(top?.id ?? 0) + 1, kind: 'xieyi', sort: 0, title, content });
        }
        const after = textsOf(await textRows(tx as unknown as Db));
        await audit(tx, { actor: staff, action: 'save', targetType: 'subscribe_text', targetId: row?.id ?? 0, targetLabel: title, before: before.agreement, after: after.agreement, at });
        return after;
      });
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
