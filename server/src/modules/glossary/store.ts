// The glossary as the reader's side and search read it (issue 21, items 2 and 3): the rows, their
// synonym index for search and the compact reply of GET /api/glossary, loaded once per content
// version. Every change of glossary_terms raises the content version in its own transaction
// (migration 0017), so an edit reaches search and readers at once on every instance, without a
// restart, exactly as an article edit reaches the lists.
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contentVersion, glossaryTerms } from '../../db/schema/index.js';
import { ok } from '../../lib/envelope.js';
import { SynonymIndex } from '../search/synonyms.js';

/** A term as readers get it: [id, term, english, aliases, definition, classId] (compact, see GET /api/glossary). */
export type ReaderTerm = [id: number, term: string, english: string, aliases: string[], definition: string, classId: number];

export interface GlossarySnapshot {
  /** The content version it was read at. */
  version: number;
  synonyms: SynonymIndex;
  /** The JSON envelope of GET /api/glossary, and its entity tag. */
  readerJson: string;
  etag: string;
}

export interface GlossaryStore {
  /** The glossary of `version` (the caller's content version), or of the current one. */
  snapshot(version?: number): Promise<GlossarySnapshot>;
}

const stores = new WeakMap<Db, GlossaryStore>();

/** The one store of a database handle (search, the reader route and the console share it). */
export function glossaryStore(db: Db): GlossaryStore {
  let store = stores.get(db);
  if (!store) {
    store = createGlossaryStore(db);
    stores.set(db, store);
  }
  return store;
}

function createGlossaryStore(db: Db): GlossaryStore {
  let newest: { version: number; value: Promise<GlossarySnapshot> } | undefined;

  const readVersion = async () => {
    const [row] = await db.select({ version: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1));
    return Number(row?.version ?? 0);
  };

  async function load(version: number): Promise<GlossarySnapshot> {
    const rows = await db.select().from(glossaryTerms).orderBy(asc(glossaryTerms.id));
    const terms: ReaderTerm[] = rows.map((r) => [r.id, r.term, r.english, r.aliases, r.definition, r.classId]);
    const readerJson = JSON.stringify(ok({ fields: ['id', 'term', 'english', 'aliases', 'definition', 'classId'], terms }));
    return {
      version,
      synonyms: new SynonymIndex(rows),
      readerJson,
      etag: `"g${createHash('sha256').update(readerJson).digest('base64url').slice(0, 22)}"`,
    };
  }

  return {
    async snapshot(version?: number) {
      const v = version ?? (await readVersion());
      // A caller that read an older version than the one kept gets the kept (newer) glossary.
      if (newest && newest.version >= v) return newest.value;
      const entry = { version: v, value: load(v) };
      newest = entry;
      entry.value.catch(() => {
        if (newest === entry) newest = undefined;
      });
      return entry.value;
    },
  };
}
