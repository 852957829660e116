// The medical glossary (issue 21, items 2 and 3): the seed, the console's routes (editors only,
// audited, optimistic versioning), the readers' compact copy, and search with synonyms both ways,
// ranked below the query as typed, with "did you mean" and no restart after an edit.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { glossaryTerms } from '../src/db/schema/index.js';
import { GLOSSARY } from '../src/db/seed/glossary.js';
import { GlossaryMessages } from '../src/modules/glossary/messages.js';
import { EditorialMessages } from '../src/modules/editorial/messages.js';
import { SynonymIndex, editDistance } from '../src/modules/search/synonyms.js';
import { dataOf, editorCall, refused, staffTokens } from './editorial-helpers.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof staffTokens>>;
const LIST = '/api/article/selectArticleList';

before(async () => {
  ctx = await createTestApp();
  tokens = await staffTokens(ctx);
});
after(() => ctx?.close());

interface Item {
  id: number;
  title: string;
  outtitle?: string;
  permalinks: string;
  highlight?: { title?: string };
}

async function search(searchInfo: string, pageSize = 100) {
  const res = await ctx.post(LIST, { searchInfo, pageNo: 1, pageSize });
  assert.equal(res.body.code, 0, JSON.stringify(res.body).slice(0, 300));
  return res.body.data as { results: Item[]; page: { total: number }; didYouMean?: string };
}

const call = (path: string, body: unknown, token?: string) => editorCall(ctx, path, body, token);

describe('glossary: the seed', () => {
  it('holds at least 300 terms, each with a definition, a disease area and unique forms', async () => {
    assert.ok(GLOSSARY.length >= 300, `${GLOSSARY.length} terms`);
    const rows = await ctx.app.db.select().from(glossaryTerms);
    assert.equal(rows.length, GLOSSARY.length);
    const areas = new Set([1, 2, 3, 4, 7, 8, 9]);
    const owner = new Map<string, string>();
    for (const g of GLOSSARY) {
      assert.ok(g.definition.length >= 6 && g.definition.length <= 300, g.term);
      assert.ok(areas.has(g.classId), g.term);
      assert.ok(g.english, g.term);
      // A form (as written) names one term: an abbreviation expands to one meaning.
      for (const form of [g.term, g.english, ...g.aliases]) {
        assert.ok(!owner.has(form) || owner.get(form) === g.term, `${form}: ${owner.get(form)} and ${g.term}`);
        owner.set(form, g.term);
      }
    }
    for (const want of ['心力衰竭', '心房颤动', '慢性阻塞性肺疾病', '2型糖尿病', '随机对照试验', '风险比', '置信区间', '需治疗人数']) {
      assert.ok(owner.has(want), want);
    }
  });
});

describe('glossary: the readers\' copy', () => {
  it('is compact, carries an entity tag and answers 304 to it', async () => {
    const res = await ctx.get('/api/glossary');
    assert.equal(res.body.code, 0);
    assert.deepEqual(res.body.data.fields, ['id', 'term', 'english', 'aliases', 'definition', 'classId']);
    const heart = res.body.data.terms.find((t: unknown[]) => t[1] === '心力衰竭');
    assert.deepEqual(heart.slice(1, 4), ['心力衰竭', 'heart failure', ['心衰', 'HF']]);
    assert.equal(res.headers['cache-control'], 'public, no-cache');
    const etag = String(res.headers.etag);
    assert.match(etag, /^"g[\w-]+"$/);
    const again = await ctx.get('/api/glossary', { 'if-none-match': etag });
    assert.equal(again.status, 304);
    assert.equal(again.text, '');
  });
});

describe('glossary: the console', () => {
  it('refuses visitors, readers and contributors, and nothing changes', async () => {
    const body = { term: '测试术语甲', definition: '测试。', classId: 1 };
    refused(await call('/glossary/save', body), 10002, /./);
    refused(await call('/glossary/save', body, tokens.reader), 10403, EditorialMessages.notStaff);
    refused(await call('/glossary/save', body, tokens.contributor), 10403, EditorialMessages.editorOnly);
    refused(await call('/glossary/list', {}, tokens.contributor), 10403, EditorialMessages.editorOnly);
    const [row] = await ctx.app.db.select().from(glossaryTerms).where(eq(glossaryTerms.term, '测试术语甲'));
    assert.equal(row, undefined);
  });

  it('lists terms to editors, filtered by any form and by area', async () => {
    const page = dataOf(await call('/glossary/list', { keyword: 'copd' }, tokens.editor));
    assert.deepEqual(
      page.results.map((t: { term: string }) => t.term),
      ['慢性阻塞性肺疾病', '慢阻肺急性加重'],
    );
    assert.equal(page.results[0].className, '呼吸');
    const area = dataOf(await call('/glossary/list', { classId: 7, pageSize: 100 }, tokens.admin));
    assert.ok(area.results.length > 20 && area.results.every((t: { classId: number }) => t.classId === 7));
    refused(await call('/glossary/list', { classId: 'x' }, tokens.editor), 10001, GlossaryMessages.classInvalid);
  });

  it('adds, changes and deletes a term, each audited; a stale revision and a taken term are refused', async () => {
    const created = dataOf(
      await call('/glossary/save', { term: ' 测试综合征 ', english: 'test syndrome', aliases: ['TSX', ' ', 'tsx', '测试征'], definition: '用于测试的综合征。', classId: 1 }, tokens.editor),
    );
    assert.equal(created.term, '测试综合征');
    assert.deepEqual(created.aliases, ['TSX', '测试征']);
    assert.equal(created.revision, 1);
    refused(await call('/glossary/save', { term: '测试综合征', definition: '重复。', classId: 1 }, tokens.editor), 10001, GlossaryMessages.termTaken('测试综合征'));
    refused(await call('/glossary/save', { term: '测试综合征乙', definition: '区域错误。', classId: 999 }, tokens.editor), 10001, GlossaryMessages.classInvalid);
    refused(await call('/glossary/save', { term: '   ', definition: '空。', classId: 1 }, tokens.editor), 10001, GlossaryMessages.termRequired);

    const changed = dataOf(
      await call('/glossary/save', { id: created.id, baseRevision: 1, term: '测试综合征', english: 'test syndrome', aliases: ['TSX'], definition: '改过的释义。', classId: 1 }, tokens.admin),
    );
    assert.equal(changed.revision, 2);
    const stale = await call('/glossary/save', { id: created.id, baseRevision: 1, term: '测试综合征', definition: '旧版本上的修改。', classId: 1 }, tokens.editor);
    refused(stale, 10409, GlossaryMessages.stale(2));
    refused(await call('/glossary/delete', { id: created.id, baseRevision: 1 }, tokens.editor), 10409, GlossaryMessages.stale(2));
    dataOf(await call('/glossary/delete', { id: created.id, baseRevision: 2 }, tokens.editor));
    refused(await call('/glossary/delete', { id: created.id, baseRevision: 2 }, tokens.editor), 10001, GlossaryMessages.notFound);

    const trail = dataOf(await call('/audit/list', { targetType: 'glossary', targetId: created.id, pageSize: 50 }, tokens.admin));
    const entries = [...trail.results].reverse() as { action: string; actorName: string; before: any; after: any; targetLabel: string }[];
    assert.deepEqual(
      entries.map((e) => [e.action, e.actorName]),
      [
        ['save', 'demo_editor'],
        ['save', 'demo_admin'],
        ['delete', 'demo_editor'],
      ],
    );
    assert.equal(entries[0]!.before, null);
    assert.equal(entries[1]!.before.definition, '用于测试的综合征。');
    assert.equal(entries[1]!.after.definition, '改过的释义。');
    assert.equal(entries[2]!.after, null);
    assert.ok(entries.every((e) => e.targetLabel === '测试综合征'));
  });
});

describe('search: synonyms from the glossary', () => {
  const titled = (results: Item[], text: string) => results.filter((r) => r.title.includes(text));

  it('finds 心力衰竭 for 心衰, HF and heart failure, and 心衰 for 心力衰竭 (both ways)', async () => {
    const full = await search('心力衰竭');
    const want = titled(full.results, '心力衰竭');
    assert.ok(want.length >= 5);
    for (const q of ['心衰', 'HF', 'hf', 'heart failure']) {
      const { results } = await search(q);
      const ids = new Set(results.map((r) => r.id));
      for (const w of want) assert.ok(ids.has(w.id), `${q} misses ${w.title}`);
    }
    // The other way: the articles whose title says 心衰 come up for 心力衰竭 too.
    const short = titled((await search('心衰')).results, '心衰');
    assert.ok(short.length > 0);
    const ids = new Set(full.results.map((r) => r.id));
    for (const s of short) assert.ok(ids.has(s.id), s.title);
  });

  it('knows 房颤 = AF, 慢阻肺 = COPD and 2型糖尿病 = T2DM', async () => {
    for (const [abbreviation, term] of [
      ['AF', '心房颤动'],
      ['COPD', '慢性阻塞性肺疾病'],
      ['慢阻肺', '慢性阻塞性肺疾病'],
      ['T2DM', '2型糖尿病'],
    ] as const) {
      const { results } = await search(abbreviation);
      const expected = titled((await search(term)).results, term);
      assert.ok(expected.length > 0, term);
      const top = new Set(results.slice(0, expected.length + 10).map((r) => r.id));
      for (const e of expected) assert.ok(top.has(e.id), `${abbreviation}: ${e.title}`);
      // The synonym's words are marked in the title.
      assert.ok(results.some((r) => r.highlight?.title?.includes('<em>')), abbreviation);
    }
  });

  it('ranks a match only through a synonym below the matches of the query as typed in the same field', async () => {
    // 心衰 is in a few titles as written; the titles saying 心力衰竭 follow them, before any body match.
    const { results } = await search('心衰');
    const exactTitle = results.findIndex((r) => !r.title.includes('心衰'));
    assert.ok(exactTitle > 0, 'titles with 心衰 come first');
    for (const r of results.slice(0, exactTitle)) assert.ok(r.title.includes('心衰'), r.title);
    const synonymTitles = results.slice(exactTitle).findIndex((r) => !r.title.includes('心力衰竭') && !r.title.includes('心衰'));
    const heartFailureTitles = titled(results, '心力衰竭').filter((r) => !r.title.includes('心衰'));
    assert.ok(synonymTitles >= heartFailureTitles.length, 'then every title with 心力衰竭');
  });

  it('answers "did you mean" for a misspelled English term, and only then', async () => {
    assert.equal((await search('hart failure')).didYouMean, 'heart failure');
    assert.equal((await search('atrial fibrilation')).didYouMean, 'atrial fibrillation');
    assert.equal((await search('COPF')).didYouMean, 'COPD');
    for (const q of ['heart failure', 'COPD', '心衰', 'qy-217', 'xyzzy', 'HF']) {
      assert.equal((await search(q)).didYouMean, undefined, q);
    }
  });

  it('follows an edit of the glossary at once, without a restart', async () => {
    // No term knows QYTESTX yet: nothing found.
    assert.equal((await search('QYTESTX')).page.total, 0);
    const created = dataOf(
      await call('/glossary/save', { term: '心房颤动测试', english: '', aliases: ['QYTESTX'], definition: '测试用。', classId: 4 }, tokens.editor),
    );
    assert.equal((await search('QYTESTX')).page.total, 0, 'a new term alone names no article');
    // Add the alias to 心房颤动 itself: the search finds the atrial fibrillation articles.
    const [af] = await ctx.app.db.select().from(glossaryTerms).where(eq(glossaryTerms.term, '心房颤动'));
    assert.ok(af);
    dataOf(
      await call(
        '/glossary/save',
        { id: af.id, baseRevision: af.revision, term: af.term, english: af.english, aliases: [...af.aliases, 'QYAFX'], definition: af.definition, classId: af.classId },
        tokens.editor,
      ),
    );
    const found = await search('QYAFX');
    assert.ok(found.page.total > 0);
    assert.ok(titled(found.results, '心房颤动').length > 0);
    // The readers' copy changed too (new entity tag).
    const copy = await ctx.get('/api/glossary');
    assert.ok(copy.body.data.terms.some((t: unknown[]) => (t[3] as string[]).includes('QYAFX')));
    // Deleting the alias again: the search forgets it.
    const [now] = await ctx.app.db.select().from(glossaryTerms).where(eq(glossaryTerms.id, af.id));
    dataOf(await call('/glossary/save', { id: af.id, baseRevision: now!.revision, term: af.term, english: af.english, aliases: af.aliases, definition: af.definition, classId: af.classId }, tokens.editor));
    assert.equal((await search('QYAFX')).page.total, 0);
    dataOf(await call('/glossary/delete', { id: created.id, baseRevision: created.revision }, tokens.editor));
  });
});

describe('search: the synonym index', () => {
  const index = new SynonymIndex([
    { term: '心力衰竭', english: 'heart failure', aliases: ['心衰', 'HF'] },
    { term: '比值比', english: 'odds ratio', aliases: ['OR'] },
    { term: '2型糖尿病', english: 'type 2 diabetes', aliases: ['T2DM'] },
    { term: '糖尿病', english: 'diabetes mellitus', aliases: ['DM'] },
  ]);

  it('expands the longest form, Latin forms as whole words, an English word that is an abbreviation only in capitals', () => {
    assert.deepEqual(index.expand('2型糖尿病')?.spans.map((s) => s.form), ['2型糖尿病']);
    assert.deepEqual(index.expand('心衰 治疗')?.spans.map((s) => s.form), ['心衰']);
    assert.equal(index.expand('hfx'), undefined);
    assert.equal(index.expand('aspirin or placebo'), undefined);
    // A hyphen or dot joins a Latin token as the segmenter reads it: HF is not in HF-2 or 1.HF.
    assert.equal(index.expand('HF-2'), undefined);
    assert.equal(index.expand('1.HF'), undefined);
    assert.deepEqual(index.expand('HF-')?.spans.map((s) => s.form), ['hf']);
    assert.deepEqual(index.expand('HF 2')?.spans.map((s) => s.form), ['hf']);
    assert.deepEqual(index.expand('OR')?.spans.map((s) => s.form), ['or']);
    assert.match(index.expand('HF')!.all, /'心力衰竭'|'心力' <1> '力衰'/);
    assert.equal(index.expand('肺癌'), undefined);
    // A quoted phrase asks for exactly its words; the rest of the query is still expanded.
    assert.equal(index.expand('"心衰"'), undefined);
    assert.deepEqual(index.expand('"心衰" HF')?.spans.map((s) => s.form), ['hf']);
    assert.match(index.expand('"心衰" HF')!.all, /^'心衰' & \(/);
  });

  it('measures edits with transpositions', () => {
    assert.equal(editDistance('haert', 'heart'), 1);
    assert.equal(editDistance('hart failure', 'heart failure'), 1);
    assert.equal(editDistance('copd', 'asthma', 1), 2);
  });
});
