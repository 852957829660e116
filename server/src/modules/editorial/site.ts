// The site furniture in the editorial console (issue 20, item 1): the home and classroom banners,
// adverts by position with a publish switch and start and end times, the hot reads and the module
// switches that getModularSwitch reads. Editors and admins only; every change is one transaction
// with its audit entry. Saves carry the revision the editor had (banners and adverts: a revision
// number; the hot reads list: a version derived from its content), so two editors never silently
// overwrite each other (10409). A switch is set, not toggled: the value sent is the value kept.
//
// Readers' calls (getBanner, selectAdvertList, selectHotReadList, getModularSwitch) and the first
// view the server draws (plugins/firstView.ts asks those same routes) read these tables on every
// request; nothing on the way keeps a copy, so a change shows at the next request
// (docs/decisions.md "Site furniture").
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { adverts, articles, banners, conferences, hotReads, lessons, moduleSwitches } from '../../db/schema/index.js';
import { parseShanghaiDateTime, shanghaiDateTime } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { atLeast, type Staff } from './access.js';
import { EditorialMessages } from './messages.js';
import { audit, conflict, forbidden, type EditorialService } from './service.js';
import {
  BANNER_LABELS,
  HOT_READ_LABELS,
  SITE_LIMITS,
  SITE_SWITCHES,
  SWITCH_LABELS,
  SiteMessages as M,
  type BannerCode,
  type HotReadType,
  type SiteSwitch,
} from './siteMessages.js';
import type {
  AdvertAdminListBody,
  AdvertDeleteBody,
  AdvertReorderBody,
  AdvertSaveBody,
  BannerSaveBody,
  HotReadCandidatesBody,
  HotReadSaveBody,
  SiteAdvert,
  SiteBanner,
  SiteHotRead,
  SiteHotReads,
  SwitchSetBody,
} from './siteSchemas.js';

/** Who may change the site furniture: editors and admins. */
export const siteAccess = {
  read: (staff: Staff) => (atLeast(staff, 'editor') ? undefined : EditorialMessages.editorOnly),
  write: (staff: Staff) => (atLeast(staff, 'editor') ? undefined : EditorialMessages.editorOnly),
};

type AdvertRow = typeof adverts.$inferSelect;
type Picture = { pic: string; title: string; intro: string; url: string };

/** A site path (one leading slash) or an http(s) address. */
const linkShape = (v: string) => /^(\/(?!\/)\S*|https?:\/\/[^\s/?#]+\S*)$/.test(v);

function parsePictures(text: string): Picture[] {
  try {
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list)) return [];
    return list
      .filter((p): p is Record<string, unknown> => !!p && typeof p === 'object')
      .map((p) => ({ pic: String(p.pic ?? ''), title: String(p.title ?? ''), intro: String(p.intro ?? ''), url: String(p.url ?? '') }));
  } catch {
    return [];
  }
}

function firstImage(imgUrl: string): string {
  try {
    const list: unknown = JSON.parse(imgUrl);
    const url = Array.isArray(list) ? (list[0] as { url?: unknown } | undefined)?.url : undefined;
    return typeof url === 'string' ? url : '';
  } catch {
    return '';
  }
}

/** The hot reads list's version: a digest of its items in order (any add, removal or move changes it). */
const hotReadVersion = (items: { relationType: number; relationId: number }[]) =>
  createHash('sha256')
    .update(JSON.stringify(items.map((i) => [i.relationType, i.relationId])))
    .digest('base64url')
    .slice(0, 22);

export function createSiteService(deps: { db: Db; now: () => Date; editorial: EditorialService }) {
  const { db, now, editorial } = deps;

  async function editor(memberId: number | undefined, rule: (staff: Staff) => string | undefined): Promise<Staff> {
    const staff = await editorial.requireStaff(memberId, 'editor');
    const refusal = rule(staff);
    if (refusal) throw forbidden(refusal);
    return staff;
  }

  const bannerOf = (row: typeof banners.$inferSelect): SiteBanner => ({
    id: row.id,
    code: row.code,
    label: BANNER_LABELS[row.code as BannerCode] ?? row.code,
    pictures: parsePictures(row.content),
    revision: row.revision,
    updatedAtShanghai: shanghaiDateTime(row.updatedAt),
  });

  /** A code's banner row, made (empty) when it has none yet. */
  async function bannerRow(executor: Db, code: BannerCode, lock: boolean) {
    await executor.insert(banners).values({ code, content: '[]' }).onConflictDoNothing({ target: banners.code });
    const query = executor.select().from(banners).where(eq(banners.code, code));
    const [row] = lock ? await query.for('update') : await query;
    return row!;
  }

  /** The pictures as sent, trimmed and checked; the message names the picture (第N张). */
  function cleanPictures(input: BannerSaveBody['pictures']): Picture[] {
    if (input.length > SITE_LIMITS.banners) throw AppError.badParameter(M.tooManyBanners);
    return input.map((p, i) => {
      const n = i + 1;
      const pic = p.pic.trim();
      const title = (p.title ?? '').trim();
      const intro = (p.intro ?? '').trim();
      const url = (p.url ?? '').trim();
      if (!pic) throw AppError.badParameter(M.bannerPicRequired(n));
      if (!linkShape(pic) || pic.length > SITE_LIMITS.url) throw AppError.badParameter(M.bannerPicInvalid(n));
      if ([...title].length > SITE_LIMITS.bannerTitle) throw AppError.badParameter(M.bannerTitleTooLong(n));
      if ([...intro].length > SITE_LIMITS.bannerIntro) throw AppError.badParameter(M.bannerIntroTooLong(n));
      if (url && (!linkShape(url) || url.length > SITE_LIMITS.url)) throw AppError.badParameter(M.bannerUrlInvalid(n));
      return { pic, title, intro, url };
    });
  }

  const advertOf = (r: AdvertRow): SiteAdvert => {
    const at = now();
    return {
      id: r.id,
      name: r.name,
      adUrl: r.adUrl,
      img: firstImage(r.imgUrl),
      advertPosition: r.advertPosition,
      ifPublish: r.ifPublish === 1 ? 1 : 0,
      startAt: r.startAt ? shanghaiDateTime(r.startAt) : '',
      endAt: r.endAt ? shanghaiDateTime(r.endAt) : '',
      sort: r.sort,
      live: r.ifPublish === 1 && (!r.startAt || r.startAt <= at) && (!r.endAt || r.endAt > at),
      revision: r.revision,
      updatedAtShanghai: shanghaiDateTime(r.updatedAt),
    };
  };

  /** What the audit trail keeps of an advert. */
  const advertAudit = (r: AdvertRow) => ({
    name: r.name,
    adUrl: r.adUrl,
    img: firstImage(r.imgUrl),
    advertPosition: r.advertPosition,
    ifPublish: r.ifPublish,
    startAt: r.startAt?.toISOString() ?? null,
    endAt: r.endAt?.toISOString() ?? null,
    revision: r.revision,
  });

  function cleanAdvert(input: AdvertSaveBody) {
    const name = input.name.trim();
    const img = input.img.trim();
    const adUrl = (input.adUrl ?? '').trim();
    if (!name) throw AppError.badParameter(M.advertNameRequired);
    if ([...name].length > SITE_LIMITS.advertName) throw AppError.badParameter(M.advertNameTooLong);
    if (!img) throw AppError.badParameter(M.advertImageRequired);
    if (!linkShape(img) || img.length > SITE_LIMITS.url) throw AppError.badParameter(M.advertImageInvalid);
    if (adUrl && (!linkShape(adUrl) || adUrl.length > SITE_LIMITS.url)) throw AppError.badParameter(M.advertUrlInvalid);
    const time = (text: string | undefined, message: string) => {
      if (!text?.trim()) return null;
      const parsed = parseShanghaiDateTime(text);
      if (!parsed) throw AppError.badParameter(message);
      return parsed;
    };
    const startAt = time(input.startAt, M.startInvalid);
    const endAt = time(input.endAt, M.endInvalid);
    if (startAt && endAt && endAt < startAt) throw AppError.badParameter(M.endBeforeStart);
    return { name, adUrl, imgUrl: JSON.stringify([{ url: img }]), advertPosition: input.advertPosition, ifPublish: input.ifPublish, startAt, endAt };
  }

  /** The titles and reader visibility of hot read targets. */
  async function describeTargets(items: { relationType: number; relationId: number }[]): Promise<SiteHotRead[]> {
    const ids = (type: number) => items.filter((i) => i.relationType === type).map((i) => i.relationId);
    const [lessonRows, conferenceRows, articleRows] = await Promise.all([
      ids(10).length
        ? db.select({ id: lessons.lessonResId, title: lessons.title, status: lessons.status }).from(lessons).where(inArray(lessons.lessonResId, ids(10)))
        : [],
      ids(20).length + ids(30).length
        ? db.select({ id: conferences.id, title: conferences.title, status: conferences.status }).from(conferences).where(inArray(conferences.id, [...ids(20), ...ids(30)]))
        : [],
      ids(40).length
        ? db.select({ id: articles.id, title: articles.title, status: articles.status, permalinks: articles.permalinks }).from(articles).where(inArray(articles.id, ids(40)))
        : [],
    ]);
    return items.map((i) => {
      const typeLabel = HOT_READ_LABELS[i.relationType as HotReadType] ?? String(i.relationType);
      const base = { relationType: i.relationType, relationId: i.relationId, typeLabel };
      if (i.relationType === 10) {
        const rows = lessonRows.filter((r) => r.id === i.relationId);
        const shown = rows.find((r) => r.status === 1);
        return { ...base, title: (shown ?? rows[0])?.title ?? '', permalinks: '', shown: !!shown };
      }
      if (i.relationType === 20 || i.relationType === 30) {
        const c = conferenceRows.find((r) => r.id === i.relationId);
        // A notice is an upcoming conference (status 2), a review a past one (status 1), as readers get them.
        return { ...base, title: c?.title ?? '', permalinks: '', shown: !!c && c.status === (i.relationType === 20 ? 2 : 1) };
      }
      const a = articleRows.find((r) => r.id === i.relationId);
      return { ...base, title: a?.title ?? '', permalinks: a?.permalinks ?? '', shown: a?.status === 1 };
    });
  }

  async function hotReadItems(executor: Db) {
    return executor
      .select({ relationType: hotReads.relationType, relationId: hotReads.relationId })
      .from(hotReads)
      .orderBy(asc(hotReads.sort), asc(hotReads.id));
  }

  async function switchValues(): Promise<Map<string, number>> {
    const rows = await db.select().from(moduleSwitches).where(inArray(moduleSwitches.moduleName, [...SITE_SWITCHES]));
    return new Map(rows.map((r) => [r.moduleName, r.switchValue === 1 ? 1 : 0]));
  }

  return {
    // ---- banners ----

    /** A code's banner pictures in order, with the revision to save against. */
    async banner(memberId: number | undefined, code: BannerCode): Promise<SiteBanner> {
      await editor(memberId, siteAccess.read);
      return bannerOf(await bannerRow(db, code, false));
    },

    /**
     * Saves a code's whole list (adds, edits, removals and moves are each a save of the list) at
     * the revision the editor had; a list that changes nothing makes no revision and no entry.
     */
    async saveBanner(memberId: number | undefined, input: BannerSaveBody): Promise<SiteBanner> {
      const staff = await editor(memberId, siteAccess.write);
      const pictures = cleanPictures(input.pictures);
      const at = now();
      const row = await db.transaction(async (tx) => {
        const current = await bannerRow(tx as unknown as Db, input.code, true);
        if (current.revision !== input.baseRevision) throw conflict(M.bannerStale(current.revision), { currentRevision: current.revision });
        const before = parsePictures(current.content);
        if (JSON.stringify(before) === JSON.stringify(pictures)) return current;
        const [next] = await tx
          .update(banners)
          .set({ content: JSON.stringify(pictures), revision: current.revision + 1, updatedAt: at, updatedBy: staff.id })
          .where(eq(banners.id, current.id))
          .returning();
        await audit(tx, {
          actor: staff,
          action: 'save',
          targetType: 'banner',
          targetId: current.id,
          targetLabel: BANNER_LABELS[input.code],
          before: { pictures: before, revision: current.revision },
          after: { pictures, revision: next!.revision },
          at,
        });
        return next!;
      });
      return bannerOf(row);
    },

    // ---- adverts ----

    /** Every advert (of a position), published or not, in position and sort order. */
    async adverts(memberId: number | undefined, query: AdvertAdminListBody): Promise<{ results: SiteAdvert[] }> {
      await editor(memberId, siteAccess.read);
      const rows = await db
        .select()
        .from(adverts)
        .where(query.advertPosition ? eq(adverts.advertPosition, query.advertPosition) : undefined)
        .orderBy(asc(adverts.advertPosition), asc(adverts.sort), asc(adverts.id));
      return { results: rows.map(advertOf) };
    },

    /** Adds an advert (no id; last of its position) or changes one at the revision the editor had. */
    async saveAdvert(memberId: number | undefined, input: AdvertSaveBody): Promise<SiteAdvert> {
      const staff = await editor(memberId, siteAccess.write);
      const fields = cleanAdvert(input);
      const at = now();
      const row = await db.transaction(async (tx) => {
        if (input.id === undefined) {
          const [last] = await tx.select({ sort: max(adverts.sort) }).from(adverts).where(eq(adverts.advertPosition, fields.advertPosition));
          const [created] = await tx
            .insert(adverts)
            .values({ ...fields, sort: Math.min(32767, Number(last?.sort ?? 0) + 1), updatedAt: at, updatedBy: staff.id })
            .returning();
          await audit(tx, { actor: staff, action: 'save', targetType: 'advert', targetId: created!.id, targetLabel: created!.name, before: null, after: advertAudit(created!), at });
          return created!;
        }
        if (input.baseRevision === undefined) throw AppError.badParameter(M.revisionRequired);
        const [current] = await tx.select().from(adverts).where(eq(adverts.id, input.id)).for('update');
        if (!current) throw AppError.badParameter(M.advertNotFound);
        if (current.revision !== input.baseRevision) throw conflict(M.advertStale(current.revision), { currentRevision: current.revision });
        const same =
          current.name === fields.name &&
          current.adUrl === fields.adUrl &&
          firstImage(current.imgUrl) === firstImage(fields.imgUrl) &&
          current.advertPosition === fields.advertPosition &&
          current.ifPublish === fields.ifPublish &&
          (current.startAt?.getTime() ?? null) === (fields.startAt?.getTime() ?? null) &&
          (current.endAt?.getTime() ?? null) === (fields.endAt?.getTime() ?? null);
        if (same) return current;
        let sort = current.sort;
        if (current.advertPosition !== fields.advertPosition) {
          const [last] = await tx.select({ sort: max(adverts.sort) }).from(adverts).where(eq(adverts.advertPosition, fields.advertPosition));
          sort = Math.min(32767, Number(last?.sort ?? 0) + 1);
        }
        const [next] = await tx
          .update(adverts)
          .set({ ...fields, sort, revision: current.revision + 1, updatedAt: at, updatedBy: staff.id })
          .where(eq(adverts.id, current.id))
          .returning();
        await audit(tx, { actor: staff, action: 'save', targetType: 'advert', targetId: current.id, targetLabel: next!.name, before: advertAudit(current), after: advertAudit(next!), at });
        return next!;
      });
      return advertOf(row);
    },

    /** Deletes an advert the editor saw at baseRevision; the entry keeps the whole advert. */
    async deleteAdvert(memberId: number | undefined, input: AdvertDeleteBody): Promise<{ id: number }> {
      const staff = await editor(memberId, siteAccess.write);
      const at = now();
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(adverts).where(eq(adverts.id, input.id)).for('update');
        if (!current) throw AppError.badParameter(M.advertNotFound);
        if (current.revision !== input.baseRevision) throw conflict(M.advertStale(current.revision), { currentRevision: current.revision });
        await tx.delete(adverts).where(eq(adverts.id, current.id));
        await audit(tx, { actor: staff, action: 'delete', targetType: 'advert', targetId: current.id, targetLabel: current.name, before: advertAudit(current), after: null, at });
      });
      return { id: input.id };
    },

    /**
     * Puts a position's adverts in a new order. `ids` must be exactly the position's adverts (an
     * advert added or removed meanwhile refuses it, 10409); the order is not part of an advert's
     * revision, so an editor's open form is not made stale by a move. The last order sent wins.
     */
    async reorderAdverts(memberId: number | undefined, input: AdvertReorderBody): Promise<{ results: SiteAdvert[] }> {
      const staff = await editor(memberId, siteAccess.write);
      const at = now();
      const rows = await db.transaction(async (tx) => {
        const current = await tx
          .select()
          .from(adverts)
          .where(eq(adverts.advertPosition, input.advertPosition))
          .orderBy(asc(adverts.sort), asc(adverts.id))
          .for('update');
        const have = current.map((r) => r.id);
        if (new Set(input.ids).size !== input.ids.length || input.ids.length !== have.length || input.ids.some((id) => !have.includes(id))) {
          throw conflict(M.advertOrderChanged, { ids: have });
        }
        if (input.ids.every((id, i) => have[i] === id)) return current;
        for (const [i, id] of input.ids.entries()) await tx.update(adverts).set({ sort: i + 1 }).where(eq(adverts.id, id));
        await audit(tx, {
          actor: staff,
          action: 'reorder',
          targetType: 'advert',
          targetId: 0,
          targetLabel: input.advertPosition,
          before: { ids: have },
          after: { ids: input.ids },
          at,
        });
        return tx.select().from(adverts).where(eq(adverts.advertPosition, input.advertPosition)).orderBy(asc(adverts.sort), asc(adverts.id));
      });
      return { results: rows.map(advertOf) };
    },

    // ---- hot reads ----

    /** The hot reads in order, each with its title and whether readers see it, and the list's version. */
    async hotReads(memberId: number | undefined): Promise<SiteHotReads> {
      await editor(memberId, siteAccess.read);
      const items = await hotReadItems(db);
      return { items: await describeTargets(items), version: hotReadVersion(items) };
    },

    /**
     * Saves the whole list in its order at the version the editor had. Every target must exist and
     * be one readers can open (a published article or lesson, an upcoming conference for a notice,
     * a past one for a review); the message names the first that is not.
     */
    async saveHotReads(memberId: number | undefined, input: HotReadSaveBody): Promise<SiteHotReads> {
      const staff = await editor(memberId, siteAccess.write);
      if (input.items.length > SITE_LIMITS.hotReads) throw AppError.badParameter(M.hotReadTooMany);
      const seen = new Set<string>();
      for (const i of input.items) {
        const key = `${i.relationType}:${i.relationId}`;
        if (seen.has(key)) throw AppError.badParameter(M.hotReadDuplicate(HOT_READ_LABELS[i.relationType], i.relationId));
        seen.add(key);
      }
      const described = await describeTargets(input.items);
      const missing = described.find((d) => !d.shown);
      if (missing) throw AppError.badParameter(M.hotReadUnknown(missing.typeLabel, missing.relationId));
      const at = now();
      const items = input.items.map((i) => ({ relationType: i.relationType, relationId: i.relationId }));
      await db.transaction(async (tx) => {
        // One writer of the list at a time (readers are not blocked); the version is then read under it.
        await tx.execute(sql`lock table ${hotReads} in exclusive mode`);
        const current = await hotReadItems(tx as unknown as Db);
        if (hotReadVersion(current) !== input.baseVersion) throw conflict(M.hotReadStale, { currentVersion: hotReadVersion(current) });
        if (hotReadVersion(current) === hotReadVersion(items)) return;
        await tx.delete(hotReads);
        if (items.length) {
          await tx.insert(hotReads).values(
            items.map((i, n) => ({ relationType: i.relationType, relationId: i.relationId, permalinks: described[n]!.permalinks || null, sort: n + 1 })),
          );
        }
        await audit(tx, { actor: staff, action: 'save', targetType: 'hot_read', targetId: 0, targetLabel: '热读', before: { items: current }, after: { items }, at });
      });
      return { items: described, version: hotReadVersion(items) };
    },

    /** What may be picked as a hot read of a type: the newest 20 readers can open, by part of the title. */
    async hotReadCandidates(memberId: number | undefined, query: HotReadCandidatesBody): Promise<{ results: SiteHotRead[] }> {
      await editor(memberId, siteAccess.read);
      const keyword = query.keyword?.trim();
      const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const byTitle = (column: Parameters<typeof ilike>[0]): SQL | undefined => (like ? ilike(column, like) : undefined);
      let ids: number[];
      if (query.relationType === 40) {
        const rows = await db
          .select({ id: articles.id })
          .from(articles)
          .where(and(eq(articles.status, 1), byTitle(articles.title)))
          .orderBy(desc(articles.postdate), desc(articles.id))
          .limit(20);
        ids = rows.map((r) => r.id);
      } else if (query.relationType === 10) {
        const rows = await db
          .selectDistinct({ id: lessons.lessonResId, date: lessons.publishdate })
          .from(lessons)
          .where(and(eq(lessons.status, 1), byTitle(lessons.title)))
          .orderBy(desc(lessons.publishdate), desc(lessons.lessonResId))
          .limit(20);
        ids = [...new Set(rows.map((r) => r.id))];
      } else {
        const rows = await db
          .select({ id: conferences.id })
          .from(conferences)
          .where(and(eq(conferences.status, query.relationType === 20 ? 2 : 1), eq(conferences.editorialState, 'published'), byTitle(conferences.title)))
          .orderBy(desc(conferences.beginTime), desc(conferences.id))
          .limit(20);
        ids = rows.map((r) => r.id);
      }
      return { results: await describeTargets(ids.map((relationId) => ({ relationType: query.relationType, relationId }))) };
    },

    // ---- module switches ----

    /** The switches the console sets (advert, hot_read); a module without a row reads off, as readers get it. */
    async switches(memberId: number | undefined) {
      await editor(memberId, siteAccess.read);
      const values = await switchValues();
      return { results: SITE_SWITCHES.map((m) => ({ moduleName: m, label: SWITCH_LABELS[m], switchValue: values.get(m) ?? 0 })) };
    },

    /** Sets a switch to the value sent (the last value set wins); audited when it changes. */
    async setSwitch(memberId: number | undefined, input: SwitchSetBody) {
      const staff = await editor(memberId, siteAccess.write);
      const at = now();
      const moduleName: SiteSwitch = input.moduleName;
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(moduleSwitches).where(eq(moduleSwitches.moduleName, moduleName)).for('update');
        const before = current?.switchValue === 1 ? 1 : 0;
        if (current && current.switchValue === input.switchValue) return;
        await tx
          .insert(moduleSwitches)
          .values({ moduleName, switchValue: input.switchValue })
          .onConflictDoUpdate({ target: moduleSwitches.moduleName, set: { switchValue: input.switchValue } });
        await audit(tx, {
          actor: staff,
          action: 'save',
          targetType: 'module_switch',
          targetId: 0,
          targetLabel: moduleName,
          before: current ? { switchValue: before } : null,
          after: { switchValue: input.switchValue },
          at,
        });
      });
      return { moduleName, label: SWITCH_LABELS[moduleName], switchValue: input.switchValue };
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
