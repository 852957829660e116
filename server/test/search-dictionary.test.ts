import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { GLOSSARY } from '../src/db/seed/glossary.js';
import { articles, searchWords } from '../src/db/schema/index.js';
import { bigramPhrase, syncSearchDictionary } from '../src/modules/search/dictionary.js';
import { hasCjk, normalize, parseQuery, toTsquery } from '../src/modules/search/segment.js';
import { SynonymIndex } from '../src/modules/search/synonyms.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp();
});
after(() => ctx?.close());

const WORD = '慢性髓系白血病';

async function quotedSearch(word: string): Promise<number[]> {
  const res = await ctx.post('/api/article/selectArticleList', { pageNo: 1, pageSize: 100, searchInfo: `"${word}"` });
  assert.equal(res.body.code, 0, JSON.stringify(res.body));
  return (res.body.data.results as { id: number }[]).map((r) => r.id);
}

describe('search dictionary: the glossary forms are words', () => {
  it('searches every Chinese run of three or more characters of a glossary form as one lexeme', () => {
    const runs = new Set<string>();
    for (const g of GLOSSARY) for (const form of [g.term, ...g.aliases]) for (const run of normalize(form).match(/[\u4e00-\u9fff]{3,}/g) ?? []) runs.add(run);
    assert.ok(runs.size > 400, `${runs.size} runs`);
    const split = [...runs].filter((run) => {
      const { terms } = parseQuery(`"${run}"`);
      return !(terms.length === 1 && terms[0]!.lexemes.length === 1 && terms[0]!.lexemes[0] === run);
    });
    assert.deepEqual(split, []);
  });

  it("asks for each Chinese form of a synonym group as one lexeme (慢性髓系白血病 was five bigrams, its neighbour's)", () => {
    const index = new SynonymIndex(GLOSSARY.map(({ term, english, aliases }) => ({ term, english, aliases })));
    const expansion = index.expand('CML')!;
    assert.ok(expansion.all.includes(`'${WORD}'`), expansion.all);
    assert.ok(!expansion.all.includes("'性髓'"), expansion.all);
    // A phrase that is no word still reads as its words and bigrams.
    assert.equal(toTsquery(parseQuery('"出血性脑病"')), "('出血性' <2> '性脑' <1> '脑病')");
    assert.ok(GLOSSARY.some((g) => g.aliases.includes('慢粒') && g.term === WORD) && !hasCjk('CML'));
  });

  it('a bigram phrase finds a word in a vector written with or without it', () => {
    assert.equal(bigramPhrase('心衰竭'), "('心衰' <1> '衰竭')");
  });
});

describe('search dictionary: vectors written before a word was added', () => {
  it('are indexed again at migration, and the word is found in them', async () => {
    const { db } = ctx.app;
    const [target] = await db
      .select({ id: articles.id, content: articles.content })
      .from(articles)
      .where(and(eq(articles.status, 1), eq(articles.accessLevel, 'public')))
      .orderBy(desc(articles.postdate))
      .limit(1);
    await db.update(articles).set({ content: `${target!.content}<p>${WORD}患者的长期随访</p>` }).where(eq(articles.id, target!.id));
    const holding = (await quotedSearch(WORD)).sort();
    assert.ok(holding.includes(target!.id));

    // What a database indexed by a build without the word holds: its vectors lack the lexeme, and
    // search_words lacks the word. The query asks for the lexeme, so those articles are not found.
    await db.execute(sql`update articles set search_vector = ts_delete(search_vector, ${WORD}::text) where search_vector @@ ${`'${WORD}'`}::tsquery`);
    await db.delete(searchWords).where(eq(searchWords.word, WORD));
    assert.deepEqual(await quotedSearch(WORD), []);
    const before = await db.select({ id: articles.id }).from(articles).where(isNull(articles.searchVector));
    assert.equal(before.length, 0);

    assert.deepEqual(await syncSearchDictionary(db), [WORD]);
    // Only the rows that hold the word lost their vectors; the word is recorded.
    const cleared = (await db.select({ id: articles.id }).from(articles).where(isNull(articles.searchVector))).map((r) => r.id).sort();
    assert.deepEqual(cleared, holding);
    assert.equal((await db.select().from(searchWords).where(eq(searchWords.word, WORD))).length, 1);
    // The next search indexes them again and finds them.
    assert.deepEqual((await quotedSearch(WORD)).sort(), holding);
    assert.deepEqual(await syncSearchDictionary(db), []);
  });
});
