// The medical glossary in the editorial console (issue 21, item 2): editors (and admins) list, add,
// change and delete terms; every change is one transaction with its audit entry (target glossary,
// action save or delete, the term before and after). A save names the revision it was based on, so
// two editors never silently overwrite each other (10409). The change raises the content version
// (migration 0017): search and readers' copies follow it at once (store.ts).
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { articleClasses, glossaryTerms, type GlossaryRow } from '../../db/schema/index.js';
import { shanghaiDateTime } from '../../lib/dates.js';
import { uniqueViolation } from '../../lib/dbErrors.js';
import { AppError } from '../../lib/errors.js';
import { pageOf, paging } from '../../lib/lists.js';
import { atLeast, type Staff } from '../editorial/access.js';
import { EditorialMessages } from '../editorial/messages.js';
import { audit, conflict, forbidden, type EditorialService } from '../editorial/service.js';
import { GlossaryMessages as M } from './messages.js';
import type { GlossaryDeleteBody, GlossaryListBody, GlossarySaveBody, GlossaryTerm } from './schemas.js';
import { glossaryStore } from './store.js';

/** Who may keep the glossary: editors and admins. */
export const glossaryAccess = {
  read: (staff: Staff) => (atLeast(staff, 'editor') ? undefined : EditorialMessages.editorOnly),
  write: (staff: Staff) => (atLeast(staff, 'editor') ? undefined : EditorialMessages.editorOnly),
};

/** What the audit trail keeps of a term. */
const auditState = (r: GlossaryRow) => ({
  term: r.term,
  english: r.english,
  aliases: r.aliases,
  definition: r.definition,
  classId: r.classId,
  revision: r.revision,
});

/** Trimmed aliases, without empties, repeats or the term itself. */
function cleanAliases(term: string, english: string, aliases: string[]): string[] {
  const seen = new Set([term.toLowerCase(), english.toLowerCase()]);
  const out: string[] = [];
  for (const a of aliases.map((x) => x.trim())) {
    if (!a || seen.has(a.toLowerCase())) continue;
    seen.add(a.toLowerCase());
    out.push(a);
  }
  return out;
}

export function createGlossaryService(deps: { db: Db; now: () => Date; editorial: EditorialService }) {
  const { db, now, editorial } = deps;

  async function editor(memberId: number | undefined, rule: (staff: Staff) => string | undefined): Promise<Staff> {
    const staff = await editorial.requireStaff(memberId, 'editor');
    const refusal = rule(staff);
    if (refusal) throw forbidden(refusal);
    return staff;
  }

  async function classNames(): Promise<Map<number, string>> {
    const rows = await db.select({ id: articleClasses.id, name: articleClasses.classname }).from(articleClasses);
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  const itemOf = (r: GlossaryRow, names: Map<number, string>): GlossaryTerm => ({
    id: r.id,
    term: r.term,
    english: r.english,
    aliases: r.aliases,
    definition: r.definition,
    classId: r.classId,
    className: names.get(r.classId) ?? '',
    revision: r.revision,
    updatedAtShanghai: shanghaiDateTime(r.updatedAt),
  });

  return {
    /** Terms in the order of their disease area and id, filtered by a keyword (any form) and an area. */
    async list(memberId: number | undefined, query: GlossaryListBody) {
      await editor(memberId, glossaryAccess.read);
      const { pageNo, pageSize, offset } = paging(query.pageNo, query.pageSize);
      const conditions: SQL[] = [];
      const keyword = query.keyword?.trim();
      if (keyword) {
        const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(
            ilike(glossaryTerms.term, like),
            ilike(glossaryTerms.english, like),
            sql`exists (select 1 from unnest(${glossaryTerms.aliases}) a where a ilike ${like})`,
          )!,
        );
      }
      if (query.classId !== undefined) conditions.push(eq(glossaryTerms.classId, query.classId));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [counted], names] = await Promise.all([
        db.select().from(glossaryTerms).where(where).orderBy(asc(glossaryTerms.classId), asc(glossaryTerms.id)).limit(pageSize).offset(offset),
        db.select({ n: count() }).from(glossaryTerms).where(where),
        classNames(),
      ]);
      return { results: rows.map((r) => itemOf(r, names)), page: pageOf(Number(counted?.n ?? 0), pageNo, pageSize) };
    },

    /**
     * Adds a term (no id) or changes one (id and the baseRevision the editor had); audited. The
     * term must be unique; the disease area must exist.
     */
    async save(memberId: number | undefined, input: GlossarySaveBody): Promise<GlossaryTerm> {
      const staff = await editor(memberId, glossaryAccess.write);
      const term = input.term.trim();
      const english = (input.english ?? '').trim();
      const definition = input.definition.trim();
      if (!term) throw AppError.badParameter(M.termRequired);
      if (!definition) throw AppError.badParameter(M.definitionRequired);
      const names = await classNames();
      if (!names.has(input.classId)) throw AppError.badParameter(M.classInvalid);
      const aliases = cleanAliases(term, english, input.aliases ?? []);
      const at = now();
      try {
        const row = await db.transaction(async (tx) => {
          if (input.id === undefined) {
            const [created] = await tx
              .insert(glossaryTerms)
              .values({ term, english, aliases, definition, classId: input.classId, createdAt: at, updatedAt: at, updatedBy: staff.id })
              .returning();
            await audit(tx, { actor: staff, action: 'save', targetType: 'glossary', targetId: created!.id, targetLabel: term, before: null, after: auditState(created!), at });
            return created!;
          }
          if (input.baseRevision === undefined) throw AppError.badParameter(M.revisionRequired);
          const [current] = await tx.select().from(glossaryTerms).where(eq(glossaryTerms.id, input.id)).for('update');
          if (!current) throw AppError.badParameter(M.notFound);
          if (current.revision !== input.baseRevision) throw conflict(M.stale(current.revision), { currentRevision: current.revision });
          const same =
            current.term === term &&
            current.english === english &&
            current.definition === definition &&
            current.classId === input.classId &&
            JSON.stringify(current.aliases) === JSON.stringify(aliases);
          if (same) return current;
          const [next] = await tx
            .update(glossaryTerms)
            .set({ term, english, aliases, definition, classId: input.classId, revision: current.revision + 1, updatedAt: at, updatedBy: staff.id })
            .where(eq(glossaryTerms.id, current.id))
            .returning();
          await audit(tx, { actor: staff, action: 'save', targetType: 'glossary', targetId: current.id, targetLabel: term, before: auditState(current), after: auditState(next!), at });
          return next!;
        });
        return itemOf(row, names);
      } catch (err) {
        if (uniqueViolation(err) !== undefined) throw AppError.badParameter(M.termTaken(term));
        throw err;
      }
    },

    /** Deletes a term the editor saw at baseRevision; audited (the entry keeps the whole term). */
    async remove(memberId: number | undefined, input: GlossaryDeleteBody): Promise<{ id: number }> {
      const staff = await editor(memberId, glossaryAccess.write);
      const at = now();
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(glossaryTerms).where(eq(glossaryTerms.id, input.id)).for('update');
        if (!current) throw AppError.badParameter(M.notFound);
        if (current.revision !== input.baseRevision) throw conflict(M.stale(current.revision), { currentRevision: current.revision });
        await tx.delete(glossaryTerms).where(eq(glossaryTerms.id, current.id));
        await audit(tx, { actor: staff, action: 'delete', targetType: 'glossary', targetId: current.id, targetLabel: current.term, before: auditState(current), after: null, at });
      });
      return { id: input.id };
    },

    /** The reader's glossary (GET /api/glossary): the prepared reply and its entity tag. */
    async reader(): Promise<{ json: string; etag: string }> {
      const snapshot = await glossaryStore(db).snapshot();
      return { json: snapshot.readerJson, etag: snapshot.etag };
    },
  };
}

export type GlossaryService = ReturnType<typeof createGlossaryService>;
