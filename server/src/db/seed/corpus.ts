// The scale corpus of `npm run seed -- --articles N` (benchmarks, load tests): N articles over the
// last 11 calendar years with weekly issues, every source, class, filter and type, the access-level
// mix, and readers with favourites, reading records and past free reads. Deterministic for a given
// seed date and N. Its articles are composed exactly as the demo's (generate.ts composeArticle, with
// bodies of real length and shape from body.ts); only the volume, dates and relations differ.
import { shanghaiDate } from '../../lib/dates.js';
import {
  CLASS_WEIGHTS,
  composeArticle,
  createRandom,
  DAY_MS,
  demoArticleMedia,
  drawClasses,
  postInstant,
  SHANGHAI_OFFSET_MS,
  shanghaiMidnight,
  SOURCE_PLANS,
  type SeedArticle,
  type SourcePlan,
} from './generate.js';
import { WRITING_TOPICS } from './terms.js';

/** Below this, some filter or article type would be missing from the corpus. */
export const MIN_CORPUS_ARTICLES = 100;

export interface CorpusArticle extends Omit<SeedArticle, 'related'> {
  /** Shanghai date (YYYY-MM-DD) of the weekly issue the article belongs to, if any. */
  weeklyDate: string | null;
  /** Indexes of related articles in the corpus, all smaller than the article's own index. */
  related: number[];
}

export interface CorpusIssue {
  title: string;
  thedate: string;
}

/** A source's plan in the corpus: the demo plan's shape, with a share of the corpus instead of a count. */
interface CorpusPlan extends Omit<SourcePlan, 'count'> {
  share: number;
}

const fromDefault = (sourceId: number) => {
  const { count: _count, ...plan } = SOURCE_PLANS.find((s) => s.sourceId === sourceId)!;
  return plan;
};

// Generation order matters for relations: an article relates to earlier ones only, so media
// (7, 8) come before the journal, and the expert commentaries (1) come last, after the journal.
const CORPUS_PLANS: CorpusPlan[] = [
  { ...fromDefault(7), share: 0.07 },
  { ...fromDefault(8), share: 0.05 },
  { ...fromDefault(9), share: 0.05 },
  { ...fromDefault(10), share: 0.1 },
  { ...fromDefault(11), share: 0.1 },
  { ...fromDefault(6), share: 0.22 },
  { ...fromDefault(5), share: 0.33 },
  { sourceId: 1, share: 0.08, prefix: 'QYS', filters: [], westernShare: 0.1, authorCount: [1, 2], degrees: true, weekly: false, access: [0.2, 0.3, 0.5] },
];

/** The permalinks of the j-th (0-based) corpus article of a source, e.g. QYJ000001. */
export function corpusPermalinks(sourceId: number, j: number): string {
  const plan = CORPUS_PLANS.find((p) => p.sourceId === sourceId);
  if (!plan) throw new RangeError(`no corpus source ${sourceId}`);
  return `${plan.prefix}${String(j + 1).padStart(6, '0')}`;
}

const CLASS_IDS = [4, 2, 3, 7, 8, 1, 9];
const WRITING_TYPES = [1, 2, 3, 4];

/** How many articles each source gets out of n (shares rounded down, the rest to the journal). */
export function corpusCounts(n: number): Map<number, number> {
  if (!Number.isInteger(n) || n < MIN_CORPUS_ARTICLES) {
    throw new RangeError(`--articles needs a whole number of at least ${MIN_CORPUS_ARTICLES}`);
  }
  const counts = new Map(CORPUS_PLANS.map((p) => [p.sourceId, Math.floor(n * p.share)]));
  const rest = n - [...counts.values()].reduce((a, b) => a + b, 0);
  counts.set(5, counts.get(5)! + rest);
  return counts;
}

/** Midnight (Shanghai) of 1 January ten years before the seed date's year: 11 calendar years. */
function corpusStart(now: Date): number {
  const year = Number(shanghaiDate(now).slice(0, 4)) - 10;
  return Date.UTC(year, 0, 1) - SHANGHAI_OFFSET_MS;
}

/** One weekly issue per Thursday from the corpus start to the day before the seed date. */
export function corpusIssues(now: Date): CorpusIssue[] {
  const midnight = shanghaiMidnight(now);
  const issues: CorpusIssue[] = [];
  let day = corpusStart(now);
  while (new Date(day + SHANGHAI_OFFSET_MS).getUTCDay() !== 4) day += DAY_MS;
  let year = '';
  let number = 0;
  for (; day < midnight; day += 7 * DAY_MS) {
    const thedate = shanghaiDate(new Date(day));
    if (thedate.slice(0, 4) !== year) {
      year = thedate.slice(0, 4);
      number = 0;
    }
    number++;
    issues.push({ title: `${year}年第${number}期`, thedate });
  }
  return issues;
}

/** The corpus, one article at a time (100 000 articles are not held in memory at once). */
export function* generateCorpus(now: Date, n: number): Generator<CorpusArticle> {
  const counts = corpusCounts(n);
  const rnd = createRandom(20_260_303);
  const midnight = shanghaiMidnight(now);
  const spanDays = Math.floor((midnight - corpusStart(now)) / DAY_MS);
  // Earlier articles by primary class: all, and the media items (7, 8) and journal items (5) apart.
  const byClass = new Map<number, number[]>(CLASS_IDS.map((c) => [c, []]));
  const mediaByClass = new Map<number, number[]>(CLASS_IDS.map((c) => [c, []]));
  const journalByClass = new Map<number, number[]>(CLASS_IDS.map((c) => [c, []]));
  const writingTopics = new Map(WRITING_TYPES.map((type) => [type, WRITING_TOPICS.filter((w) => w[2] === type)]));
  let index = 0;

  for (const plan of CORPUS_PLANS) {
    const count = counts.get(plan.sourceId)!;
    const step = (spanDays - 8) / count;
    for (let j = 0; j < count; j++) {
      const primary = j < CLASS_IDS.length ? CLASS_IDS[j]! : rnd.pick(CLASS_WEIGHTS);
      const classIds = drawClasses(rnd, primary);
      const filterId = plan.filters.length ? plan.filters[j % plan.filters.length]! : null;
      const type = WRITING_TYPES[j % WRITING_TYPES.length]!;
      const topics = writingTopics.get(type)!;
      const daysAgo = 1 + Math.floor(j * step) + rnd.int(0, Math.max(0, Math.floor(step) - 1));
      const postdate = postInstant(midnight, daysAgo, rnd.int(8, 20), rnd.pick([0, 15, 30, 45]), plan.weekly);
      const permalinks = corpusPermalinks(plan.sourceId, j);
      const article = composeArticle(rnd, {
        plan,
        filterId,
        classIds,
        permalinks,
        j,
        writingTopic: topics[Math.floor(j / WRITING_TYPES.length) % topics.length]!,
        postdate,
        pubdate: shanghaiDate(new Date(postdate.getTime() - rnd.int(0, 14) * DAY_MS)),
        readCount: [3, 20_000],
        videoUrl: (accessLevel) =>
          plan.sourceId === 8 || plan.sourceId === 5 ? demoArticleMedia(plan.sourceId, j, accessLevel, permalinks) : '',
      });

      const related: number[] = [];
      const pickFrom = (pool: number[], k: number) => {
        for (let r = 0; r < k && pool.length > 0; r++) related.push(pool[rnd.int(0, pool.length - 1)]!);
      };
      if (plan.sourceId === 1) {
        // Some commentaries discuss more than ten articles (the page then shows five and "more").
        pickFrom(journalByClass.get(primary)!, rnd.chance(0.2) ? rnd.int(11, 16) : rnd.int(2, 8));
      } else {
        if (plan.sourceId === 5 && rnd.chance(0.3)) pickFrom(mediaByClass.get(primary)!, rnd.int(1, 2));
        pickFrom(byClass.get(primary)!, rnd.int(0, 3));
      }

      yield { ...article, related: [...new Set(related)], weeklyDate: plan.weekly ? shanghaiDate(postdate) : null };

      byClass.get(primary)!.push(index);
      if (plan.sourceId === 7 || plan.sourceId === 8) mediaByClass.get(primary)!.push(index);
      if (plan.sourceId === 5) journalByClass.get(primary)!.push(index);
      index++;
    }
  }
}

export interface CorpusReader {
  username: string;
  mobile: string;
  email: string;
  truename: string;
  identity: string;
  roleid: number;
}

/** Readers besides the demo accounts, so favourites and reading records have realistic volume. */
export function corpusReaders(n: number): CorpusReader[] {
  const rnd = createRandom(20_260_404);
  const count = Math.max(10, Math.floor(n / 200));
  const roles = [
    { identity: '执业医师', roleid: 1 },
    { identity: '医学生', roleid: 5 },
    { identity: '其他', roleid: 0 },
    { identity: '', roleid: 0 },
  ];
  return Array.from({ length: count }, (_, i) => {
    const role = rnd.pick(roles);
    const no = String(i + 1).padStart(6, '0');
    return {
      username: `reader${no}`,
      mobile: `139${String(i + 1).padStart(8, '0')}`,
      email: `reader${no}@example.com`,
      truename: role.identity ? `读者${no}` : '',
      ...role,
    };
  });
}

export interface MemberActivity {
  /** Corpus article indexes with the time of collecting. */
  favourites: { index: number; at: Date }[];
  /** Corpus article indexes with the time of the last read. */
  reads: { index: number; at: Date }[];
}

/**
 * Favourites and reading records of one member: `favourites` and `reads` distinct articles out of
 * n, collected or read at some time within the last two years.
 */
export function memberActivity(seed: number, now: Date, n: number, favourites: number, reads: number): MemberActivity {
  const rnd = createRandom(seed);
  const pick = (k: number) => {
    const seen = new Set<number>();
    const out: { index: number; at: Date }[] = [];
    while (out.length < Math.min(k, n)) {
      const index = rnd.int(0, n - 1);
      if (seen.has(index)) continue;
      seen.add(index);
      out.push({ index, at: new Date(now.getTime() - rnd.int(60, 730 * 86_400) * 1000) });
    }
    return out;
  };
  return { favourites: pick(favourites), reads: pick(reads) };
}
