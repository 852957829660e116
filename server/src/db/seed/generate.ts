// Deterministic demo content: the same seed date gives the same rows. Dates are counted back from
// the seed date so the demo always looks current.
import { shanghaiDate } from '../../lib/dates.js';
import { authorLine } from '../../modules/editorial/jats.js';
import { articleBody, type BodyKind, type BodyTopic } from './body.js';
import { englishAbstract, englishBlocks, type EnglishSource } from './english.js';
import {
  CASE_PRESENTATIONS,
  CATALYST_TOPICS,
  CLASS_TERMS,
  CN_GIVEN,
  CN_GIVEN_PINYIN,
  CN_SURNAMES,
  CN_SURNAMES_PINYIN,
  COI_TEXTS,
  COMPARATORS,
  DEGREES,
  DESIGNS,
  EVIDENCE_TOPICS,
  LESSON_TOPICS,
  PATIENTS,
  REVIEW_TOPICS,
  WESTERN_FIRST,
  WESTERN_LAST,
  WESTERN_MIDDLE,
  WRITING_TOPICS,
  type ClassTerms,
  type Term,
} from './terms.js';

export const DAY_MS = 86_400_000;
export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** mulberry32: a small seeded PRNG, so the demo data is reproducible. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof createRandom>;

export interface SeedArticle {
  sourceId: number;
  filterId: number | null;
  typeId: number | null;
  classIds: number[];
  permalinks: string;
  title: string;
  outtitle: string;
  author: string;
  pcauthor: string;
  /** The English original's author line (journal sources), '' when there is none. */
  enAuthors: string;
  /** The English original beside the Chinese (the newest journal issues): abstract, body, commentary. */
  enAbstract?: string;
  enBody?: string;
  enWantsay?: string;
  intro: string;
  content: string;
  wantsay: string;
  haswantsay: number;
  wantsayTitle: string;
  coi: string;
  keyword: string;
  aboutcontent: string;
  appendix: string;
  thank: string;
  postdate: Date;
  pubdate: string;
  thumb: string;
  videoUrl: string;
  outlink: string;
  accessLevel: 'public' | 'login' | 'member';
  readCount: number;
  /** Index of related articles in the generated list (resolved to ids after insert). */
  related: number[];
}

export const DEMO_NOTE = '<p class="qy-demo-note">本文为千言演示站点生成的示例内容，仅用于展示功能，不构成医学建议。</p>';

/**
 * Invisible markers in the gated parts (body, commentary after the <hr>, video URL), unique per
 * article, so tests can prove they never reach a reader who may not see them.
 */
export const paidMarkers = (permalinks: string) => ({
  body: `PAID-BODY-${permalinks}`,
  commentary: `PAID-REST-${permalinks}`,
  enBody: `PAID-EN-BODY-${permalinks}`,
  enCommentary: `PAID-EN-REST-${permalinks}`,
});

// The commentary's free-part marker as editors write it, in its several spellings.
export const HR_SPELLINGS = ['<hr>', '<hr/>', '<hr />', '<HR>'];

/** Midnight (Asia/Shanghai) of the seed date, as an instant. */
export function shanghaiMidnight(now: Date): number {
  const local = now.getTime() + SHANGHAI_OFFSET_MS;
  return local - (local % DAY_MS) - SHANGHAI_OFFSET_MS;
}

/** `daysAgo` days before the seed date at hh:mm Shanghai; optionally moved back to a Thursday. */
export function postInstant(midnight: number, daysAgo: number, hour: number, minute: number, thursday: boolean): Date {
  let day = midnight - daysAgo * DAY_MS;
  if (thursday) {
    const weekday = new Date(day + SHANGHAI_OFFSET_MS).getUTCDay(); // 4 = Thursday
    day -= ((weekday - 4 + 7) % 7) * DAY_MS;
  }
  return new Date(day + hour * 3_600_000 + minute * 60_000);
}

/**
 * Author lines: `author` in the journal's style "Name, M.D., Name, Ph.D." (the client keeps "M.D."
 * with the name before it) when `degrees`, else the names alone; `pcauthor` the names alone;
 * `enAuthor` the line as the English original writes it (Chinese names in pinyin, given name first).
 */
export function authors(rnd: Random, count: number, westernShare: number, degrees = true): { author: string; pcauthor: string; enAuthor: string } {
  const full: string[] = [];
  const names: string[] = [];
  const english: string[] = [];
  for (let i = 0; i < count; i++) {
    let name: string;
    let inEnglish: string;
    if (rnd.chance(westernShare)) {
      name = inEnglish = `${rnd.pick(WESTERN_FIRST)} ${rnd.pick(WESTERN_MIDDLE)} ${rnd.pick(WESTERN_LAST)}`;
    } else {
      const surname = rnd.pick(CN_SURNAMES);
      const given = rnd.pick(CN_GIVEN);
      name = surname + given;
      inEnglish = `${CN_GIVEN_PINYIN[given]} ${CN_SURNAMES_PINYIN[surname]}`;
    }
    const degree = degrees ? rnd.pick(DEGREES) : '';
    names.push(name);
    full.push(degree ? `${name}, ${degree}` : name);
    english.push(degree ? `${inEnglish}, ${degree}` : inEnglish);
  }
  return { author: full.join(', '), pcauthor: names.join(', '), enAuthor: authorLine(english) };
}

/** Sources that translate a journal's articles: their English original is the journal's (issue 21). */
const WITH_ENGLISH_ORIGINAL = new Set([5, 10, 11]);

export const paragraphs = (...texts: string[]) => texts.map((t) => `<p>${t}</p>`).join('');

/** Capitalised words of an English title in sentence case (names and symbols kept), as references write them. */
const KEEP_CASE = new Set(['Alzheimer', 'Xa', 'Bayesian', 'Cox', 'Kaplan', 'Meier']);
function sentenceCase(title: string): string {
  const s = title.replace(/\b([A-Z])([a-z]+)\b/g, (m, a: string, b: string) => (KEEP_CASE.has(m) ? m : a.toLowerCase() + b));
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The English terms of an article's topic (what its references are about). */
export interface EnglishTopic {
  disease: string;
  intervention: string;
  outcome: string;
  comparator: string;
}

const REFERENCE_TITLES: ((t: EnglishTopic) => string)[] = [
  (t) => `${t.intervention} versus ${t.comparator} in ${t.disease}`,
  (t) => `${t.intervention} and ${t.outcome} in patients with ${t.disease}: a randomized trial`,
  (t) => `Long-term outcomes of ${t.intervention} in ${t.disease}`,
  (t) => `${t.outcome} in ${t.disease}: a population-based cohort study`,
  (t) => `Guideline for the management of ${t.disease}`,
  (t) => `Cost-effectiveness of ${t.intervention} for ${t.disease}`,
  (t) => `Mechanisms and treatment of ${t.disease}: a review`,
  (t) => `Subgroup analyses of ${t.outcome} in trials of ${t.disease}`,
];
// Journals of the house (fictitious, so no citation points at a real journal's page).
const REFERENCE_JOURNALS = ['Qianyan Med J', 'Qianyan Clin Res', 'Qianyan Evid Based Med', 'Qianyan Rev Med', 'Qianyan J Public Health'];
const INITIALS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'R', 'S', 'T'];

/**
 * A numbered reference list in the journal's citation style (Vancouver): up to three authors then
 * "et al.", the title in sentence case, the journal, year;volume:pages with the last page shortened.
 */
export function references(rnd: Random, topic: EnglishTopic, count: number): string {
  const items: string[] = [];
  for (let i = 0; i < count; i++) {
    const names = Array.from({ length: rnd.int(1, 3) }, () => `${rnd.pick(WESTERN_LAST)} ${rnd.pick(INITIALS)}${rnd.chance(0.3) ? rnd.pick(INITIALS) : ''}`);
    const etAl = names.length === 3 && rnd.chance(0.7) ? ', et al' : '';
    const first = rnd.int(100, 2400);
    const last = first + rnd.int(2, 14);
    const a = String(first);
    const b = String(last);
    let k = 0;
    while (k < a.length - 1 && a.length === b.length && a[k] === b[k]) k++;
    const title = sentenceCase(rnd.pick(REFERENCE_TITLES)(topic));
    items.push(
      `<li>${names.join(', ')}${etAl}. ${title}. ${rnd.pick(REFERENCE_JOURNALS)} ${rnd.int(2008, 2025)};${rnd.int(10, 390)}:${a}-${b.slice(k)}.</li>`,
    );
  }
  return `<ol>${items.join('')}</ol>`;
}

/** How many references each kind of body cites. */
const REFERENCE_COUNTS: Record<BodyKind, readonly [number, number]> = {
  original: [18, 40],
  review: [45, 90],
  case: [8, 20],
  perspective: [3, 8],
  commentary: [3, 6],
  digest: [1, 3],
  catalyst: [6, 15],
  evidence: [5, 12],
  writing: [4, 10],
  audio: [1, 3],
  animation: [1, 2],
};

export interface Draft {
  title: string;
  outtitle: string;
  intro: string;
  keyword: string;
  /** The shape of the body. */
  kind: BodyKind;
  /** What the body's sentences are filled with. */
  topic: BodyTopic;
  english: EnglishTopic;
}

export const termsOf = (classId: number) => CLASS_TERMS.find((t) => t.classId === classId)!;

/**
 * The title (Chinese, and the English title translating it, made from the same template), intro,
 * keywords, kind of body and topic of one article of a source. Every draft draws the same topic
 * terms first (disease, intervention, outcome, comparator, design, size), then its own.
 */
export function sourceDraft(
  rnd: Random,
  sourceId: number,
  filterId: number | null,
  t: ClassTerms,
  writingTopic: [string, string, number],
): { draft: Draft; typeId: number | null } {
  const dz = rnd.pick(t.diseases);
  const iv = rnd.pick(t.interventions);
  const oc = rnd.pick(t.outcomes);
  const cmp = rnd.pick(COMPARATORS);
  const design = rnd.pick(DESIGNS);
  const n = rnd.int(12, 160) * 10;
  const topic: BodyTopic = { disease: dz[0], intervention: iv[0], outcome: oc[0], comparator: cmp[0], design, patients: n };
  const english: EnglishTopic = { disease: dz[1], intervention: iv[1], outcome: oc[1], comparator: cmp[1] };
  const make = (kind: BodyKind, title: Term, intro: string, keyword: string): Draft => ({
    title: title[0],
    outtitle: title[1].charAt(0).toUpperCase() + title[1].slice(1),
    intro,
    keyword,
    kind,
    topic,
    english,
  });
  let typeId: number | null = null;
  let draft: Draft;

  if (sourceId === 5 && filterId === 3) {
    const title = rnd.pick<(() => Term)>([
      () => [`${iv[0]}治疗${dz[0]}的随机试验`, `A Randomized Trial of ${iv[1]} for ${dz[1]}`],
      () => [`${iv[0]}与${cmp[0]}用于${dz[0]}患者的比较`, `${iv[1]} versus ${cmp[1]} in Patients with ${dz[1]}`],
      () => [`${iv[0]}对${dz[0]}患者${oc[0]}的影响`, `Effect of ${iv[1]} on ${oc[1]} in ${dz[1]}`],
    ])();
    const hr = `0.${rnd.int(55, 92)}`;
    draft = make(
      'original',
      title,
      `背景：${dz[0]}患者的${oc[0]}仍是临床关注的问题，${iv[0]}能否带来改善尚不明确。` +
        `方法：我们开展了一项${design}，纳入${n}例${dz[0]}患者，随机分配接受${iv[0]}或${cmp[0]}，主要终点为${oc[0]}。` +
        `结果：中位随访${rnd.int(12, 48)}个月，${iv[0]}组主要终点风险低于${cmp[0]}组（风险比，${hr}）；严重不良事件发生率相似。` +
        `结论：在${dz[0]}患者中，${iv[0]}降低了${oc[0]}的风险。`,
      `${dz[0]}；${iv[0]}；${oc[0]}`,
    );
  } else if (sourceId === 5 && filterId === 1) {
    const rt = rnd.pick(REVIEW_TOPICS);
    draft = make(
      'review',
      [`${dz[0]}：${rt[0]}`, `${dz[1]} — ${rt[1]}`],
      `本文综述了${dz[0]}在${rt[0].replace(/的/, '')}方面的主要证据，介绍了近年来的临床研究和指南推荐，并讨论了尚待解决的问题。`,
      `${dz[0]}；综述`,
    );
  } else if (sourceId === 5 && filterId === 2) {
    const presentation = rnd.pick(CASE_PRESENTATIONS);
    const patient = rnd.pick(PATIENTS);
    draft = make(
      'case',
      [`${patient[0]}因${presentation[0]}就诊`, `Case Record: ${patient[1]} with ${presentation[1]}`],
      `${patient[0]}因${presentation[0]}入院。本文介绍诊断思路、鉴别诊断和最终诊断，最终诊断为${dz[0]}。`,
      `${dz[0]}；病例`,
    );
  } else if (sourceId === 5) {
    const title = rnd.pick<(() => Term)>([
      () => [`${iv[0]}的前景与挑战`, `${iv[1]} — Promise and Challenges`],
      () => [`如何看待${dz[0]}治疗的新证据`, `How to Weigh New Evidence on Treating ${dz[1]}`],
      () => [`${dz[0]}诊疗中的公平与可及`, `Equity and Access in the Care of ${dz[1]}`],
    ])();
    draft = make(
      'perspective',
      title,
      `新的研究结果为${dz[0]}的治疗带来了新的选择，也带来了费用、可及性和长期安全性方面的问题。作者从临床和卫生政策角度进行了讨论。`,
      `${dz[0]}；评论`,
    );
  } else if (sourceId === 6) {
    const title: Term =
      filterId === 6
        ? [`${dz[0]}诊疗指南要点`, `Key Points of the Guidelines on ${dz[1]}`]
        : filterId === 7
          ? [`${iv[0]}研究对临床实践的启示`, `What Research on ${iv[1]} Means for Clinical Practice`]
          : filterId === 8
            ? [`${dz[0]}治疗中改变实践的证据`, `Practice-Changing Evidence in the Treatment of ${dz[1]}`]
            : filterId === 15
              ? [`${dz[0]}研究的新兴领域`, `Emerging Areas of Research in ${dz[1]}`]
              : [`${dz[0]}：一周文献速览`, `${dz[1]}: The Week's Literature in Brief`];
    draft = make('digest', title, `本文摘要介绍了一项关于${dz[0]}的重要研究，重点关注${iv[0]}与${oc[0]}，并附编辑部点评。`, `${dz[0]}；文摘`);
  } else if (sourceId === 10) {
    const ct = rnd.pick(CATALYST_TOPICS);
    draft = make('catalyst', ct, `本文介绍了一家医疗机构在“${ct[0]}”方面的做法、遇到的困难和可推广的经验。`, '医疗服务；质量改进');
  } else if (sourceId === 11) {
    const et = rnd.pick(EVIDENCE_TOPICS);
    draft = make(
      'evidence',
      [`${et[0]}——以${dz[0]}研究为例`, `${et[1]} The Example of ${dz[1]}`.replace(/([^?])\sThe Example/, '$1: The Example')],
      `以${dz[0]}领域的研究为例，本文解释了${et[0].replace(/^如何/, '')}相关的方法学问题，帮助读者评价证据。`,
      `循证医学；${dz[0]}`,
    );
  } else if (sourceId === 7) {
    draft = make(
      'animation',
      [`动画解读：${iv[0]}与${dz[0]}`, `Animation: ${iv[1]} and ${dz[1]}`],
      `这段动画用几分钟讲清一项关于${dz[0]}的研究：研究问题、设计、主要结果和局限性。`,
      `${dz[0]}；动画`,
    );
  } else if (sourceId === 8) {
    draft = make(
      'audio',
      [`音频：${dz[0]}研究中的${oc[0]}`, `Audio: ${oc[1]} in Research on ${dz[1]}`],
      `本期音频节目由编辑与临床医生对谈，讨论${dz[0]}研究中${oc[0]}的意义。`,
      `${dz[0]}；音频`,
    );
  } else if (sourceId === 1) {
    const title = rnd.pick<(() => Term)>([
      () => [`专家述评：${iv[0]}改变了${dz[0]}的治疗格局吗`, `Expert Commentary: Has ${iv[1]} Changed the Treatment of ${dz[1]}?`],
      () => [`专家述评：如何解读${dz[0]}领域的最新试验`, `Expert Commentary: Reading the Latest Trials in ${dz[1]}`],
      () => [`专家述评：${iv[0]}与${cmp[0]}，临床医生该如何选择`, `Expert Commentary: ${iv[1]} or ${cmp[1]} — How Should Clinicians Choose?`],
    ])();
    draft = make(
      'commentary',
      title,
      `本期专家述评围绕${dz[0]}的近期研究，讨论${iv[0]}的证据强度、适用人群和对我国临床实践的启示。`,
      `${dz[0]}；述评`,
    );
  } else {
    typeId = writingTopic[2];
    draft = make(
      'writing',
      [writingTopic[0], writingTopic[1]],
      `临床研究写作系列：${writingTopic[0]}。本文结合常见问题给出可操作的建议和示例。`,
      '临床研究；论文写作',
    );
  }
  return { draft, typeId };
}

export interface SourcePlan {
  sourceId: number;
  /** Articles of a source outside the weekly issues (the weekly ones are counted by DEMO_ISSUES). */
  count: number;
  prefix: string;
  filters: number[];
  westernShare: number;
  authorCount: [number, number];
  /** Authors are named with their degrees (the journal's style), not the name alone. */
  degrees: boolean;
  weekly: boolean;
  access: [number, number, number]; // shares of public, login, member
}

export const SOURCE_PLANS: SourcePlan[] = [
  { sourceId: 5, count: 0, prefix: 'QYJ', filters: [1, 2, 3, 3, 3, 4, 5], westernShare: 0.75, authorCount: [1, 8], degrees: true, weekly: true, access: [0.25, 0.3, 0.45] },
  { sourceId: 6, count: 0, prefix: 'QYD', filters: [6, 7, 8, 15, 16], westernShare: 0.2, authorCount: [1, 3], degrees: false, weekly: true, access: [0.5, 0.5, 0] },
  { sourceId: 10, count: 35, prefix: 'QYC', filters: [19, 20, 21, 22], westernShare: 0.7, authorCount: [1, 5], degrees: true, weekly: false, access: [0.3, 0.3, 0.4] },
  { sourceId: 11, count: 35, prefix: 'QYE', filters: [23, 24, 25, 26, 27], westernShare: 0.7, authorCount: [1, 6], degrees: true, weekly: false, access: [0.3, 0.3, 0.4] },
  { sourceId: 7, count: 0, prefix: 'QYA', filters: [], westernShare: 0, authorCount: [1, 2], degrees: false, weekly: true, access: [0.35, 0.3, 0.35] },
  { sourceId: 8, count: 15, prefix: 'QYP', filters: [], westernShare: 0, authorCount: [1, 2], degrees: false, weekly: false, access: [0, 1, 0] },
  { sourceId: 9, count: 15, prefix: 'QYW', filters: [], westernShare: 0, authorCount: [1, 3], degrees: false, weekly: false, access: [0.3, 0.2, 0.5] },
];

/**
 * The demo's weekly issues: this many Thursdays back from the seed date, each with 4–6 journal
 * items (an original article first, then reviews, case records, perspectives and more originals),
 * 2–4 digest items and 0–2 animations: 6 to 12 items, as a real week of the journal carries.
 */
/** How many of the newest weekly issues have the English originals of their journal articles. */
export const ENGLISH_WEEKS = 4;

export const DEMO_ISSUES = { weeks: 56, journal: [4, 6], digest: [2, 4], animations: [0, 2] } as const;

/**
 * The cover pictures of server/assets/covers, by what they belong to (each names its kind: 动画解读,
 * 音频节目, 编辑课堂, 临床研究与实践, 音频课程, 学术会议), and how many of each there are.
 */
export const COVERS = { animation: 3, audio: 3, 'course-video': 3, 'course-text': 3, 'course-audio': 2, conference: 3 } as const;
export type CoverKind = keyof typeof COVERS;
/** The k-th cover (cycling) of a kind. */
export const coverOf = (kind: CoverKind, k: number) => `/api/static/covers/${kind}-${(k % COVERS[kind]) + 1}.svg`;
/** An article's cover: animations and audio items have one, the other sources none. */
export const articleCover = (sourceId: number, k: number) =>
  sourceId === 7 ? coverOf('animation', k) : sourceId === 8 ? coverOf('audio', k) : '';

/** Where an article goes and what the caller decided about it; composeArticle draws the rest. */
export interface ArticleSlot {
  plan: Pick<SourcePlan, 'sourceId' | 'westernShare' | 'authorCount' | 'degrees' | 'access'>;
  filterId: number | null;
  classIds: number[];
  permalinks: string;
  /** Position among the source's articles (picks the commentary's <hr> spelling and the cover). */
  j: number;
  writingTopic: [string, string, number];
  postdate: Date;
  pubdate: string;
  /** The journal article carries an editor's commentary whatever the draw. */
  withCommentary?: boolean;
  /** The article has an English original, block-aligned with its body and commentary (english.ts). */
  withEnglish?: boolean;
  /** Read counts: floor(u^power × scale). */
  readCount: [number, number];
  videoUrl: (accessLevel: SeedArticle['accessLevel']) => string;
}

/** One article (demo and scale corpus alike): draft, body, access, authors, commentary, references. */
export function composeArticle(rnd: Random, s: ArticleSlot): Omit<SeedArticle, 'related'> {
  const { sourceId } = s.plan;
  const { draft, typeId } = sourceDraft(rnd, sourceId, s.filterId, termsOf(s.classIds[0]!), s.writingTopic);
  const body = articleBody(rnd, draft.kind, draft.topic);
  const [pPublic, pLogin] = s.plan.access;
  const roll = rnd.next();
  const accessLevel = roll < pPublic ? 'public' : roll < pPublic + pLogin ? 'login' : 'member';
  const by = authors(rnd, rnd.int(s.plan.authorCount[0], s.plan.authorCount[1]), s.plan.westernShare, s.plan.degrees);
  const hasWantsay = sourceId === 5 && (rnd.chance(0.35) || s.withCommentary === true);
  const markers = paidMarkers(s.permalinks);
  let wantsay = '';
  if (hasWantsay) {
    // The free part is the commentary's first paragraph; the rest follows the editors' <hr>.
    const text = articleBody(rnd, 'commentary', draft.topic);
    const cut = text.indexOf('</p>') + 4;
    wantsay = `${text.slice(0, cut)}${HR_SPELLINGS[s.j % HR_SPELLINGS.length]}${text.slice(cut)}<!-- ${markers.commentary} -->`;
  }
  const [minRefs, maxRefs] = REFERENCE_COUNTS[draft.kind];
  // Drawn from its own PRNG: the English changes nothing else the seed writes.
  const english = s.withEnglish ? englishOriginalOf({ permalinks: s.permalinks, kind: draft.kind, topic: draft.topic, english: draft.english }, body, wantsay) : {};
  return {
    sourceId,
    filterId: s.filterId,
    typeId,
    classIds: s.classIds,
    permalinks: s.permalinks,
    title: draft.title,
    outtitle: draft.outtitle,
    author: by.author,
    pcauthor: by.pcauthor,
    enAuthors: WITH_ENGLISH_ORIGINAL.has(sourceId) ? by.enAuthor : '',
    intro: draft.intro,
    content: `${body}<!-- ${markers.body} -->${DEMO_NOTE}`,
    wantsay,
    haswantsay: hasWantsay ? 1 : 0,
    wantsayTitle: hasWantsay ? `述评：${draft.title}` : '',
    coi: rnd.pick(COI_TEXTS),
    keyword: draft.keyword,
    aboutcontent: references(rnd, draft.english, rnd.int(minRefs, maxRefs)),
    appendix: '',
    thank: '',
    postdate: s.postdate,
    pubdate: s.pubdate,
    thumb: articleCover(sourceId, s.j),
    videoUrl: s.videoUrl(accessLevel),
    // The demo's articles are written for it: there is no original to link (原文 shows for real ones).
    outlink: '',
    accessLevel,
    readCount: Math.floor(rnd.next() ** s.readCount[0] * s.readCount[1]) + rnd.int(0, 60),
    ...english,
  };
}

/** The English abstract, body and commentary of an article (english.ts), with their own paid markers. */
function englishOriginalOf(src: EnglishSource, body: string, wantsay: string) {
  const markers = paidMarkers(src.permalinks);
  const bodyMarker = (c: string) => (c.includes(markers.body) ? `<!-- ${markers.enBody} -->` : null);
  const restMarker = (c: string) => (c.includes(markers.commentary) ? `<!-- ${markers.enCommentary} -->` : null);
  return {
    enAbstract: englishAbstract(src),
    enBody: englishBlocks(`${body}<!-- ${markers.body} -->${DEMO_NOTE}`, src, 'body', bodyMarker),
    enWantsay: wantsay ? englishBlocks(wantsay, { ...src, kind: 'commentary' }, 'commentary', restMarker) : '',
  };
}

const CLASS_WEIGHTS = [4, 4, 2, 2, 2, 3, 3, 7, 8, 1, 9, 9];

function drawClasses(rnd: Random, primary: number): number[] {
  const classIds = [primary];
  if (rnd.chance(0.25)) {
    const second = rnd.pick(CLASS_WEIGHTS);
    if (second !== primary) classIds.push(second);
  }
  return classIds;
}
export { CLASS_WEIGHTS, drawClasses };

/**
 * The demo's articles: DEMO_ISSUES weekly issues of journal, digest and animation items, and about
 * four years of the other sources (SOURCE_PLANS counts). QYJ0001 is the newest journal article.
 */
export function generateArticles(now: Date): SeedArticle[] {
  const rnd = createRandom(20_260_101);
  const midnight = shanghaiMidnight(now);
  const out: SeedArticle[] = [];
  const plans = new Map(SOURCE_PLANS.map((p) => [p.sourceId, p]));
  const next = new Map(SOURCE_PLANS.map((p) => [p.sourceId, 0]));

  const add = (sourceId: number, filterId: number | null, postdate: Date, withCommentary = false, withEnglish = false) => {
    const plan = plans.get(sourceId)!;
    const j = next.get(sourceId)!;
    next.set(sourceId, j + 1);
    const permalinks = `${plan.prefix}${String(j + 1).padStart(4, '0')}`;
    const article = composeArticle(rnd, {
      plan,
      filterId,
      classIds: drawClasses(rnd, rnd.pick(CLASS_WEIGHTS)),
      permalinks,
      j,
      writingTopic: WRITING_TOPICS[j % WRITING_TOPICS.length]!,
      postdate,
      pubdate: shanghaiDate(new Date(postdate.getTime() - rnd.int(0, 14) * DAY_MS)),
      withCommentary,
      withEnglish,
      readCount: [2, 8000],
      // Animations play the demo MP4s and audio items the demo MP3s (made by
      // scripts/make-demo-media.mjs); every ninth journal article has a (placeholder) video.
      videoUrl: (accessLevel) => demoArticleMedia(sourceId, j, accessLevel, permalinks),
    });
    out.push({ ...article, related: [] });
  };

  // The weekly issues, newest first: every item of a week is posted on its Thursday.
  const journalOrder = () => [3, rnd.pick([1, 2]), 4, 3, rnd.pick([5, 4, 3]), rnd.pick([1, 2, 3])];
  for (let week = 0; week < DEMO_ISSUES.weeks; week++) {
    const at = () => postInstant(midnight, 1 + week * 7, rnd.int(8, 20), rnd.pick([0, 15, 30, 45]), true);
    const journal = journalOrder().slice(0, rnd.int(DEMO_ISSUES.journal[0], DEMO_ISSUES.journal[1]));
    // The journal articles of the newest ENGLISH_WEEKS issues have their English original.
    journal.forEach((filterId, k) => add(5, filterId, at(), k === 0, week < ENGLISH_WEEKS));
    const digests = rnd.int(DEMO_ISSUES.digest[0], DEMO_ISSUES.digest[1]);
    for (let k = 0; k < digests; k++) add(6, rnd.pick(plans.get(6)!.filters), at());
    const animations = rnd.int(DEMO_ISSUES.animations[0], DEMO_ISSUES.animations[1]);
    for (let k = 0; k < animations; k++) add(7, null, at());
  }
  // The other sources over about four years.
  for (const plan of SOURCE_PLANS.filter((p) => !p.weekly)) {
    const spacing = Math.max(1, Math.floor(1400 / plan.count));
    for (let j = 0; j < plan.count; j++) {
      const daysAgo = 1 + j * spacing + rnd.int(0, spacing - 1);
      add(plan.sourceId, plan.filters.length ? rnd.pick(plan.filters) : null, postInstant(midnight, daysAgo, rnd.int(8, 20), rnd.pick([0, 15, 30, 45]), false));
    }
  }

  distinctTitles(out);

  // Related articles: up to three others sharing the primary class.
  const byClass = new Map<number, number[]>();
  out.forEach((a, k) => byClass.set(a.classIds[0]!, [...(byClass.get(a.classIds[0]!) ?? []), k]));
  out.forEach((a, i) => {
    const peers = byClass.get(a.classIds[0]!)!.filter((k) => k !== i);
    const count = Math.min(3, peers.length);
    for (let r = 0; r < count; r++) a.related.push(peers[(i * 7 + r * 13) % peers.length]!);
    a.related = [...new Set(a.related)];
  });
  return out;
}

/** What sets a later article with the same topic apart: the follow-ups a journal publishes. */
const FOLLOW_UPS: [string, string][] = [
  ['：长期随访结果', ': Long-Term Follow-up'],
  ['：亚组分析', ': Subgroup Analyses'],
  ['：真实世界证据', ': Real-World Evidence'],
  ['：二次分析', ': A Secondary Analysis'],
  ['：研究更新', ': An Update'],
];
const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * No two demo articles share a title, as no two articles of a journal do: a weekly roundup that comes
 * back (一周文献速览) carries its date, another article on a topic already covered becomes one of its
 * follow-ups (in both languages), and the commentary's title follows. The random draws are untouched.
 */
function distinctTitles(articles: SeedArticle[]) {
  const taken = new Set<string>();
  const seen = new Map<string, number>();
  for (const a of articles) {
    const first = a.title;
    const n = seen.get(first) ?? 0;
    seen.set(first, n + 1);
    if (n === 0 && !taken.has(first)) {
      taken.add(first);
      continue;
    }
    const [, m, d] = shanghaiDate(a.postdate).split('-').map(Number) as [number, number, number];
    const dated: [string, string] = [`（${m}月${d}日）`, ` (${MONTHS_EN[m - 1]} ${d})`];
    const options: [string, string][] = a.title.includes('一周文献速览') ? [dated] : [...FOLLOW_UPS.slice((n - 1) % FOLLOW_UPS.length), dated];
    const [zh, en] = options.find(([z]) => !taken.has(first + z)) ?? dated;
    const wasWantsay = a.wantsayTitle === `述评：${first}`;
    a.title = first + zh;
    a.outtitle = a.outtitle + en;
    if (wasWantsay) a.wantsayTitle = `述评：${a.title}`;
    taken.add(a.title);
  }
}

/**
 * An article's demo media (ARCHITECTURE §3.3): a free item's file is public (server/assets/media at
 * /api/static/media/); a gated item's lives in the protected store (server/media), stored as its
 * /api/media/ path and signed when a reply hands it to a reader who may see the item.
 */
export function demoArticleMedia(sourceId: number, j: number, accessLevel: SeedArticle['accessLevel'], permalinks: string): string {
  const free = accessLevel === 'public';
  if (sourceId === 7) return free ? `/api/static/media/animation-1.mp4?v=${permalinks}` : `/api/media/animation-2.mp4?v=${permalinks}`;
  if (sourceId === 8) return free ? `/api/static/media/demo-tone.wav?v=${permalinks}` : `/api/media/audio-${(j % 3) + 1}.mp3?v=${permalinks}`;
  if (sourceId === 5 && j % 9 === 0) {
    return free ? `/api/static/media/demo-tone.wav?video=${permalinks}` : `/api/media/journal-video.wav?video=${permalinks}`;
  }
  return '';
}

export interface SeedLesson {
  lessonResId: number;
  parentResId: number | null;
  title: string;
  subhead: string;
  subjectSerType: number;
  subjectType: number;
  ifViewAuth: number;
  memberOnly: number;
  classIds: number[];
  coverPc: string;
  coverMobile: string;
  media: string;
  content: string;
  publishdate: Date;
  createdAt: Date;
  sort: number;
  viewCount: number;
}

/** 30 top-level lessons and the chapters of the series among them. */
export function generateLessons(now: Date): SeedLesson[] {
  const rnd = createRandom(20_260_202);
  const midnight = shanghaiMidnight(now);
  const serTypes = [1, 4, 1, 2, 4, 3, 1, 5, 4, 1];
  const out: SeedLesson[] = [];
  let nextResId = 10_001;

  LESSON_TOPICS.forEach((topic, i) => {
    const subjectSerType = serTypes[i % serTypes.length]!;
    const imageText = subjectSerType === 4 || subjectSerType === 5;
    const audio = subjectSerType === 1 && i % 5 === 0;
    // Conferences (3), audio lessons, image-text courses (临床研究与实践) and video courses (编辑课堂).
    const coverKind: CoverKind = subjectSerType === 3 ? 'conference' : audio ? 'course-audio' : imageText ? 'course-text' : 'course-video';
    const cover = `[{"url":"${coverOf(coverKind, i)}"}]`;
    const publishdate = postInstant(midnight, 1 + i * 18 + rnd.int(0, 9), rnd.int(9, 18), 0, false);
    const parent: SeedLesson = {
      lessonResId: nextResId++,
      parentResId: null,
      title: topic.title,
      subhead: topic.subhead,
      subjectSerType,
      subjectType: imageText ? 3 : audio ? 1 : 2,
      ifViewAuth: i % 3 === 0 ? 1 : 2,
      memberOnly: i % 4 === 1 ? 1 : 0,
      classIds: topic.classIds,
      coverPc: cover,
      coverMobile: cover,
      // Every lesson needs a login at least, so its media is always in the protected store.
      media: audio ? '[{"url":"/api/media/audio-1.mp3","fileType":"audio"}]' : '[]',
      content: paragraphs(`${topic.title}：${topic.subhead}。`, '课程要点、讲者介绍与参考资料。') + DEMO_NOTE,
      publishdate,
      createdAt: new Date(publishdate.getTime() - DAY_MS),
      sort: i < 3 ? 10 - i : 0,
      viewCount: rnd.int(30, 5000),
    };
    out.push(parent);
    if (subjectSerType === 2 || subjectSerType === 5) {
      ['概念与背景', '关键证据', '临床应用'].forEach((chapter, k) => {
        out.push({
          ...parent,
          lessonResId: nextResId++,
          parentResId: parent.lessonResId,
          title: `${topic.title}（第${k + 1}讲）`,
          subhead: chapter,
          subjectSerType: subjectSerType === 2 ? 1 : 4,
          publishdate: new Date(publishdate.getTime() + (k + 1) * DAY_MS),
          createdAt: publishdate,
          sort: 0,
          viewCount: rnd.int(10, 2000),
        });
      });
    }
  });
  return out;
}
