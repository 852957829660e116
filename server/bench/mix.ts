// Request mixes of the API benchmark, generated from a fixed seed so every run sends the same ones.
import { corpusCounts, corpusPermalinks } from '../src/db/seed/corpus.js';
import { createRandom, type Random } from '../src/db/seed/generate.js';
import { FILTERS } from '../src/db/seed/reference.js';

export { createRandom };

export interface MixItem {
  body: string;
  token?: string;
}

export interface Mix {
  path: string;
  items: MixItem[];
  /** Picks an item index for the next request. */
  pick(rnd: Random): number;
  describe: string;
}

/** Zipf (s = 1) over ranks 0..n-1: a few hot bodies, a long tail of rare ones, as real traffic. */
function zipf(n: number): (rnd: Random) => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cumulative[i] = sum += 1 / (i + 1);
  return (rnd) => {
    const x = rnd.next() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
const weighted = <T>(rnd: Random, items: [T, number][]): T => {
  let x = rnd.next() * items.reduce((a, [, w]) => a + w, 0);
  for (const [item, w] of items) if ((x -= w) < 0) return item;
  return items[items.length - 1]![0];
};

/**
 * selectArticleList bodies as the list pages send them: source tabs, filter tabs, disease areas,
 * date ranges (a year, a month, the last 30 days), the three orders, first pages and deep pages.
 * 20 000 distinct bodies ranked so that plain first pages are the most requested; a fifth of the
 * requests carry a logged-in reader's token.
 */
export function articleMix(tokens: string[], now = new Date()): Mix {
  const rnd = createRandom(4242);
  const scored: { body: Record<string, unknown>; score: number }[] = [];
  for (let i = 0; i < 20_000; i++) {
    const body: Record<string, unknown> = {};
    const sources = weighted<number[]>(rnd, [
      [[], 15],
      [[5], 25],
      [[6], 15],
      [[10], 8],
      [[11], 8],
      [[5, 6], 5],
      [[7], 5],
      [[8], 4],
      [[9], 5],
      [[1], 10],
    ]);
    let complexity = 0;
    if (sources.length) body.sourceIds = sources.length === 1 ? sources : sources.join(',');
    const filters = FILTERS.filter((f) => sources.length === 1 && f.sourceId === sources[0]);
    if (filters.length && rnd.chance(0.3)) {
      body.articleFilterIds = [rnd.pick(filters).id];
      complexity++;
    }
    if (sources[0] === 9 && rnd.chance(0.4)) body.articleTypeIds = [rnd.int(1, 4)];
    if (sources[0] === 5 && rnd.chance(0.1)) body.haswantsay = 1;
    if (rnd.chance(0.3)) {
      body.articleClassIds = [rnd.pick([4, 2, 3, 7, 8, 1, 9])];
      complexity++;
    }
    if (rnd.chance(0.2)) {
      const kind = rnd.int(0, 2);
      const end = new Date(now.getTime() - rnd.int(0, 3_900) * 86_400_000);
      const days = kind === 0 ? 365 : kind === 1 ? 30 : rnd.int(7, 120);
      body.startDate = ymd(new Date(end.getTime() - days * 86_400_000));
      body.endDate = ymd(end);
      complexity += 2;
    }
    body.sortType = weighted(rnd, [
      [0, 70],
      [1, 10],
      [2, 20],
    ]);
    const page = weighted(rnd, [
      ['first', 60],
      ['near', 25],
      ['deep', 15],
    ]);
    body.pageNo = page === 'first' ? 1 : page === 'near' ? rnd.int(2, 5) : rnd.int(6, 100);
    complexity += page === 'first' ? 0 : page === 'near' ? 1 : 3;
    body.pageSize = rnd.chance(0.9) ? 20 : 10;
    scored.push({ body, score: complexity + rnd.next() * 2 });
  }
  scored.sort((a, b) => a.score - b.score);
  const items = scored.map(({ body }, i) => ({
    body: JSON.stringify(body),
    token: i % 5 === 4 ? tokens[i % tokens.length] : undefined,
  }));
  return {
    path: '/api/article/selectArticleList',
    items,
    pick: zipf(items.length),
    describe: '20 000 bodies, Zipf-ranked (plain first pages hottest), 20 % logged in',
  };
}

/** getArticleDetail of random corpus articles of every source (5 000), a fifth logged in. */
export function detailMix(articles: number, tokens: string[]): Mix {
  const rnd = createRandom(4343);
  const counts = [...corpusCounts(articles)];
  const items: MixItem[] = [];
  for (let i = 0; i < 5_000; i++) {
    const [sourceId, count] = weighted(
      rnd,
      counts.map((c) => [c, c[1]]),
    );
    items.push({
      body: JSON.stringify({ permalinks: corpusPermalinks(sourceId, rnd.int(0, count - 1)) }),
      token: i % 5 === 4 ? tokens[i % tokens.length] : undefined,
    });
  }
  return { path: '/api/article/getArticleDetail', items, pick: (r) => r.int(0, items.length - 1), describe: '5 000 random articles, uniform, 20 % logged in' };
}

/**
 * The same detail bodies, every one sent as one reader (`token`) or, without a token, as a visitor:
 * a member's detail against a visitor's in one run (issue 22, item 3).
 */
export function detailMixAs(mix: Mix, token: string | undefined, who: string): Mix {
  return { ...mix, items: mix.items.map((item) => ({ body: item.body, token })), describe: `the detail bodies, all as ${who}` };
}

/**
 * The list bodies again, each sent once in a shuffled order and with pageSize 19 (a size the main
 * mix never sends), so no page is in the server's cache (totals of the same filters and rows of
 * the same articles may be): the cost of a page miss.
 */
export function coldArticleMix(mix: Mix): Mix {
  const rnd = createRandom(4444);
  const items = mix.items.map((item) => ({ ...item, body: JSON.stringify({ ...JSON.parse(item.body), pageSize: 19 }) }));
  for (let i = items.length - 1; i > 0; i--) {
    const j = rnd.int(0, i);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  let next = 0;
  return { path: mix.path, items, pick: () => next++ % items.length, describe: 'the list bodies, each once, no page cached' };
}
