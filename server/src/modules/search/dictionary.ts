// The segmenter's added words and the vectors written with them (docs/decisions.md "Search"). A
// vector holds every dictionary word of three or more characters its text contains (segment.ts
// longWords), and a query asks for such a word as one lexeme: a word added to the dictionary is only
// found in a row indexed after it was added. search_words lists the words this database's vectors
// were written with; right after the migrations, under their lock, the rows holding a word of the
// build missing there lose their vectors (indexed again before the next search reads them,
// service.ts freshArticles), and the word is recorded.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { searchWords } from '../../db/schema/index.js';
import { dictionaryWords, hasOnlyCjk, toTsquery } from './segment.js';

/** Words whose rows are looked up in one statement (a disjunction of their phrases). */
const WORDS_PER_STATEMENT = 40;

/**
 * A word as every vector holds it, whatever the dictionary: its bigrams at consecutive positions
 * (segment.ts analyzeRun writes every bigram of a Chinese run).
 */
export function bigramPhrase(word: string): string {
  const lexemes = [...word].slice(0, -1).map((c, i) => c + word[i + 1]);
  return toTsquery({ terms: [{ text: word, lexemes, gaps: lexemes.slice(1).map(() => 1) }] });
}

/**
 * Brings the vectors up to the build's dictionary: the rows holding an added word are marked for
 * indexing again (vectors null) and the word is recorded, in one transaction. A word the build no
 * longer adds is forgotten (the lexemes old vectors keep for it are never asked for unless jieba
 * itself has the word, and then they are right). Returns the words added.
 */
export async function syncSearchDictionary(db: Db): Promise<string[]> {
  const words = dictionaryWords();
  const known = new Set((await db.select({ word: searchWords.word }).from(searchWords)).map((r) => r.word));
  const added = words.filter((w) => !known.has(w));
  const current = new Set(words);
  const dropped = [...known].filter((w) => !current.has(w));
  if (added.length === 0 && dropped.length === 0) return [];
  await db.transaction(async (tx) => {
    const indexed = await tx.execute(
      sql`select exists (select 1 from articles where search_vector is not null) or exists (select 1 from lessons where search_vector is not null) as any`,
    );
    if ((indexed as unknown as { rows: { any: boolean }[] }).rows[0]?.any) {
      // Only a Chinese run's words are indexed as words (longWords); one with a Latin letter or digit never is.
      const runs = added.filter((w) => w.length >= 3 && hasOnlyCjk(w));
      for (let i = 0; i < runs.length; i += WORDS_PER_STATEMENT) {
        const holding = runs
          .slice(i, i + WORDS_PER_STATEMENT)
          .map(bigramPhrase)
          .join(' | ');
        await tx.execute(
          sql`update articles set search_title = null, search_head = null, search_vector = null where search_vector @@ ${holding}::tsquery`,
        );
        await tx.execute(sql`update lessons set search_vector = null where search_vector @@ ${holding}::tsquery`);
      }
    }
    if (dropped.length) await tx.execute(sql`delete from search_words where word = any(${dropped}::text[])`);
    if (added.length) await tx.insert(searchWords).values(added.map((word) => ({ word }))).onConflictDoNothing();
  });
  return added;
}
