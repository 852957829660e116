import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, ne } from 'drizzle-orm';
import { articles, members } from '../src/db/schema/index.js';
import { TOP_BLOCKS } from '../src/db/seed/english.js';
import { paidMarkers } from '../src/db/seed/generate.js';
import { freeCommentary } from '../src/modules/content/service.js';
import { createTestApp, type TestContext } from './helpers.js';

// Bilingual reading (docs/decisions.md "Bilingual reading"): the English original of the detail
// reply is gated exactly as the Chinese beside it.

let ctx: TestContext;
let readerToken: string;
let memberToken: string;
type ArticleRow = typeof articles.$inferSelect;
let withEnglish: ArticleRow[];
/** Seeded articles with an English original and an English commentary, one per access level. */
const byLevel: Partial<Record<ArticleRow['accessLevel'], ArticleRow>> = {};

before(async () => {
  ctx = await createTestApp();
  [readerToken, memberToken] = await Promise.all([ctx.login('demo_reader'), ctx.login('demo_member')]);
  const all = await ctx.app.db.select().from(articles).where(ne(articles.enBody, '')).orderBy(asc(articles.id));
  withEnglish = all;
  for (const level of ['public', 'login', 'member'] as const) byLevel[level] = all.find((a) => a.accessLevel === level && a.enWantsay !== '');
  assert.ok(byLevel.member && (byLevel.public || byLevel.login), 'the seed has English commentaries at the member level and a free one');
});
after(() => ctx?.close());

const detail = async (permalinks: string, token?: string) => (await ctx.post('/api/article/getArticleDetail', { permalinks }, token)).body.data;
/** Top-level blocks of editorial HTML, comments left out. */
const blocks = (html: string) => [...html.matchAll(TOP_BLOCKS)].map((m) => m[0]).filter((b) => !b.startsWith('<!--'));

/** No paid text of the article, Chinese or English, anywhere in the reply. */
function assertNoPaidText(data: unknown, row: ArticleRow) {
  const json = JSON.stringify(data);
  const markers = paidMarkers(row.permalinks);
  for (const marker of Object.values(markers)) assert.ok(!json.includes(marker), `${marker} is not sent`);
  // Nor any paragraph of the English body or of the commentary's paid part (whole paragraphs: the
  // seeded ones share sentences).
  for (const block of blocks(row.enBody).filter((b) => b.startsWith('<p>'))) assert.ok(!json.includes(block), 'no English body paragraph');
  const paidRest = row.enWantsay.slice(freeCommentary(row.enWantsay).length);
  for (const block of blocks(paidRest).filter((b) => b.startsWith('<p>'))) assert.ok(!json.includes(block), 'no paid English commentary');
}

describe('bilingual reading: the English original in the detail reply', () => {
  it('seeds English originals for the newest journal issues, block-aligned with the Chinese', () => {
    assert.ok(withEnglish.length >= 12, `${withEnglish.length} articles with an English original`);
    for (const row of withEnglish) {
      assert.equal(row.sourceId, 5);
      assert.ok(row.enAbstract.length > 40 && row.enAuthors.length > 0, row.permalinks);
      const zh = blocks(row.content);
      const en = blocks(row.enBody);
      assert.equal(en.length, zh.length, `${row.permalinks}: one English block for each Chinese one`);
      // The same kind of block at each position (h2 with h2, table with table …).
      en.forEach((b, i) => assert.equal(/^<(\w+)/.exec(b)![1], /^<(\w+)/.exec(zh[i]!)![1], `${row.permalinks} block ${i}`));
      assert.ok(!/[\u4e00-\u9fff]/.test(row.enBody + row.enAbstract + row.enWantsay), `${row.permalinks}: the English has no Chinese`);
      if (row.wantsay) {
        assert.equal(blocks(row.enWantsay).length, blocks(row.wantsay).length, `${row.permalinks}: the commentary aligns`);
        // The free part is the same number of blocks in both languages.
        assert.equal(blocks(freeCommentary(row.enWantsay)).length, blocks(freeCommentary(row.wantsay)).length);
        assert.ok(freeCommentary(row.enWantsay).length > 0);
      } else assert.equal(row.enWantsay, '');
    }
    const latestIssue = Math.max(...withEnglish.map((a) => a.weeklyIssueId ?? 0));
    assert.ok(latestIssue > 0, 'the English originals belong to weekly issues');
  });

  it('gives a member the whole English original', async () => {
    const row = byLevel.member!;
    const data = await detail(row.permalinks, memberToken);
    assert.equal(data.contentLocked, false);
    assert.equal(data.hasEnglish, 1);
    assert.equal(data.enBody, row.enBody);
    assert.equal(data.enWantsay, row.enWantsay);
    assert.equal(data.enWantsayTruncated, false);
    assert.equal(data.enAbstract, row.enAbstract);
    assert.equal(data.enAuthors, row.enAuthors);
    assert.ok(data.enBody.includes(paidMarkers(row.permalinks).enBody));
  });

  it('gives a logged-in non-member the free part only, in English as in Chinese', async () => {
    const row = byLevel.member!;
    const data = await detail(row.permalinks, readerToken);
    assert.equal(data.contentLocked, true);
    assert.equal(data.content, '');
    assert.equal(data.enBody, '');
    assert.equal(data.hasEnglish, 1, 'the switch is still offered');
    assert.equal(data.enAbstract, row.enAbstract, 'the abstract is free in both languages');
    assert.equal(data.wantsay, freeCommentary(row.wantsay));
    assert.equal(data.enWantsay, freeCommentary(row.enWantsay));
    assert.ok(data.enWantsay.length > 0 && !/<hr/i.test(data.enWantsay));
    assert.equal(data.enWantsayTruncated, true);
    assertNoPaidText(data, row);
  });

  it('gives a visitor nothing more where the Chinese is gated the same way', async () => {
    for (const row of [byLevel.member!, byLevel.login].filter(Boolean) as ArticleRow[]) {
      const data = await detail(row.permalinks);
      assert.equal(data.contentLocked, true, row.accessLevel);
      assert.equal(data.enBody, '');
      assert.equal(data.enWantsay, freeCommentary(row.enWantsay));
      assertNoPaidText(data, row);
    }
    // Every article with an English original, on the three detail calls: locked means no English body.
    for (const row of withEnglish.filter((a) => a.accessLevel !== 'public')) {
      for (const path of ['/api/article/getArticleDetail', '/api/article/getArticle', '/api/article/getArticleDetail2']) {
        const data = (await ctx.post(path, { permalinks: row.permalinks })).body.data;
        assert.equal(data.enBody, '', `${path} ${row.permalinks}`);
        assert.ok(!JSON.stringify(data).includes(paidMarkers(row.permalinks).enCommentary));
      }
    }
  });

  it('gives everyone a public article in both languages', async () => {
    const row = withEnglish.find((a) => a.accessLevel === 'public')!;
    const data = await detail(row.permalinks);
    assert.equal(data.enBody, row.enBody);
    assert.equal(data.enWantsay, row.enWantsay);
  });

  it('unlocks the English with the Chinese when the month’s free read is used', async () => {
    const row = byLevel.member!;
    const [m] = await ctx.app.db.insert(members).values({ username: 'bi_reader', passwordHash: 'not-a-login-account' }).returning({ id: members.id });
    const { token } = await ctx.app.sessions.issue(m!.id);
    assert.equal((await detail(row.permalinks, token)).enBody, '');
    const claimed = (await ctx.get(`/index.php?c=program&m=articleUseMonthChance&sf=pc&id=${row.id}&token=${token}`)).body;
    assert.equal(String(claimed.result), '1', claimed.msg);
    const data = await detail(row.permalinks, token);
    assert.equal(data.enBody, row.enBody);
    assert.equal(data.enWantsay, row.enWantsay);
  });

  it('says there is no English original for an article without one', async () => {
    const [row] = await ctx.app.db.select().from(articles).where(ne(articles.sourceId, 5)).limit(1);
    const data = await detail(row!.permalinks, memberToken);
    assert.equal(data.hasEnglish, 0);
    assert.equal(data.enBody, '');
    assert.equal(data.enWantsayTruncated, false);
  });
});
