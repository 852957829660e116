// Deterministic demo content: the same seed date gives the same rows. Dates are counted back from
// the seed date so the demo always looks current.
import { shanghaiDate } from '../../lib/dates.js';
import {
  CASE_PRESENTATIONS,
  CATALYST_TOPICS,
  CLASS_TERMS,
  CN_GIVEN,
  CN_SURNAMES,
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

export function authors(rnd: Random, count: number, westernShare: number): { author: string; pcauthor: string } {
  const full: string[] = [];
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    if (rnd.chance(westernShare)) {
      const name = `${rnd.pick(WESTERN_FIRST)} ${rnd.pick(WESTERN_MIDDLE)} ${rnd.pick(WESTERN_LAST)}`;
      names.push(name);
      // The journal's style: "Name, M.D., Name, Ph.D." (the client keeps "M.D." with the name before it).
      full.push(`${name}, ${rnd.pick(DEGREES)}`);
    } else {
      const name = rnd.pick(CN_SURNAMES) + rnd.pick(CN_GIVEN);
      names.push(name);
      full.push(name);
    }
  }
  return { author: full.join(', '), pcauthor: names.join(', ') };
}

export const paragraphs = (...texts: string[]) => texts.map((t) => `<p>${t}</p>`).join('');

export function references(rnd: Random, topic: string): string {
  const n = rnd.int(3, 6);
  const items: string[] = [];
  for (let i = 1; i <= n; i++) {
    items.push(
      `<li>${rnd.pick(WESTERN_LAST)} ${rnd.pick(['A', 'B', 'C', 'D', 'E'])}, ${rnd.pick(WESTERN_LAST)} ${rnd.pick(['F', 'G', 'H', 'J', 'K'])}, et al. ${topic}: study report ${i}. Demo J Med ${rnd.int(2015, 2025)};${rnd.int(10, 99)}:${rnd.int(100, 999)}-${rnd.int(1000, 1999)}.</li>`,
    );
  }
  return `<ol>${items.join('')}</ol>`;
}

export interface Draft {
  title: string;
  outtitle: string;
  intro: string;
  body: string;
  keyword: string;
}

export function trialDraft(rnd: Random, t: ClassTerms): Draft {
  const dz = rnd.pick(t.diseases);
  const iv = rnd.pick(t.interventions);
  const oc = rnd.pick(t.outcomes);
  const cmp = rnd.pick(COMPARATORS);
  const design = rnd.pick(DESIGNS);
  const n = rnd.int(12, 160) * 10;
  const title = rnd.pick([
    `${iv[0]}治疗${dz[0]}的随机试验`,
    `${iv[0]}与${cmp[0]}用于${dz[0]}患者的比较`,
    `${iv[0]}对${dz[0]}患者${oc[0]}的影响`,
  ]);
  return {
    title,
    outtitle: `${iv[1]} versus ${cmp[1]} in ${dz[1]}`,
    intro:
      `背景：${dz[0]}患者的${oc[0]}仍是临床关注的问题，${iv[0]}能否带来改善尚不明确。` +
      `方法：我们开展了一项${design}，纳入${n}例${dz[0]}患者，随机分配接受${iv[0]}或${cmp[0]}，主要终点为${oc[0]}。` +
      `结果与结论：两组主要终点、次要终点和安全性的比较见全文。`,
    body: paragraphs(
      `研究背景。${dz[0]}的治疗在过去十年中不断进步，但${oc[0]}仍然常见。本研究旨在评估${iv[0]}相对于${cmp[0]}的获益与风险。`,
      `研究方法。${design}在多个国家和地区的研究中心进行。患者按1:1比例随机分组，研究者和患者均不知晓分组情况（开放标签研究除外）。`,
      `统计分析。主要分析采用意向治疗原则；缺失数据采用多重插补处理，并进行了预先设定的敏感性分析。`,
      `讨论。本研究的结果需要结合人群特征、随访时间和不良事件综合解读，推广到其他人群时应当谨慎。`,
    ),
    keyword: `${dz[0]}；${iv[0]}；${oc[0]}`,
  };
}

export function reviewDraft(rnd: Random, t: ClassTerms): Draft {
  const dz = rnd.pick(t.diseases);
  const topic = rnd.pick(REVIEW_TOPICS);
  return {
    title: `${dz[0]}：${topic[0]}`,
    outtitle: `${dz[1]} — ${topic[1]}`,
    intro: `本文综述了${dz[0]}在${topic[0].replace(/的/, '')}方面的主要证据，介绍了近年来的临床研究和指南推荐，并讨论了尚待解决的问题。`,
    body: paragraphs(
      `${dz[0]}是常见而复杂的临床问题，其负担在不同人群中差异明显。`,
      `近年来多项研究改变了对${dz[0]}的认识，本文按照临床问题的顺序梳理相关证据。`,
      `在实践中，医生需要结合患者意愿、合并症和可及性制定个体化方案。`,
    ),
    keyword: `${dz[0]}；综述`,
  };
}

export function caseDraft(rnd: Random, t: ClassTerms): Draft {
  const dz = rnd.pick(t.diseases);
  const presentation = rnd.pick(CASE_PRESENTATIONS);
  const patient = rnd.pick(PATIENTS);
  return {
    title: `${patient}因${presentation[0]}就诊`,
    outtitle: `Case Record: ${presentation[1]}`,
    intro: `${patient}因${presentation[0]}入院。本文介绍诊断思路、鉴别诊断和最终诊断，最终诊断为${dz[0]}。`,
    body: paragraphs(
      `病例介绍。${patient}因${presentation[0]}就诊，既往史、用药史和家族史见下文。`,
      `鉴别诊断。结合症状、体征和辅助检查，需要考虑感染、免疫、肿瘤和心血管等多种原因。`,
      `最终诊断：${dz[0]}。讨论部分总结了该病例对临床实践的提示。`,
    ),
    keyword: `${dz[0]}；病例`,
  };
}

export function perspectiveDraft(rnd: Random, t: ClassTerms): Draft {
  const dz = rnd.pick(t.diseases);
  const iv = rnd.pick(t.interventions);
  return {
    title: rnd.pick([`${iv[0]}的前景与挑战`, `如何看待${dz[0]}治疗的新证据`, `${dz[0]}诊疗中的公平与可及`]),
    outtitle: `Perspective on ${dz[1]}`,
    intro: `新的研究结果为${dz[0]}的治疗带来了新的选择，也带来了费用、可及性和长期安全性方面的问题。作者从临床和卫生政策角度进行了讨论。`,
    body: paragraphs(
      `新证据出现后，临床医生往往需要在证据尚不完整时做出决定。`,
      `作者认为，推广${iv[0]}之前需要回答三个问题：谁最可能获益，如何监测风险，以及由谁承担费用。`,
    ),
    keyword: `${dz[0]}；评论`,
  };
}

export function digestDraft(rnd: Random, t: ClassTerms, filterId: number): Draft {
  const dz = rnd.pick(t.diseases);
  const iv = rnd.pick(t.interventions);
  const oc = rnd.pick(t.outcomes);
  const title =
    filterId === 6
      ? `${dz[0]}诊疗指南要点`
      : filterId === 7
        ? `${iv[0]}研究对临床实践的启示`
        : filterId === 8
          ? `${dz[0]}治疗中改变实践的证据`
          : filterId === 15
            ? `${dz[0]}研究的新兴领域`
            : `${dz[0]}：一周文献速览`;
  return {
    title,
    outtitle: `Digest: ${dz[1]}`,
    intro: `本文摘要介绍了一项关于${dz[0]}的重要研究，重点关注${iv[0]}与${oc[0]}，并附编辑部点评。`,
    body: paragraphs(
      `研究要点。该研究关注${dz[0]}患者的${oc[0]}。`,
      `编辑点评。研究结果对临床实践有参考价值，但需注意研究人群与我国患者的差异。`,
    ),
    keyword: `${dz[0]}；文摘`,
  };
}

export const termsOf = (classId: number) => CLASS_TERMS.find((t) => t.classId === classId)!;

/**
 * The title, intro, body and keywords of one article of a source (journal drafts by filter). The
 * order of the random draws is part of the seed's output: keep it.
 */
export function sourceDraft(
  rnd: Random,
  sourceId: number,
  filterId: number | null,
  t: ClassTerms,
  writingTopic: [string, string, number],
): { draft: Draft; typeId: number | null } {
  let typeId: number | null = null;
  let draft: Draft;

  if (sourceId === 5) {
    draft =
      filterId === 1
        ? reviewDraft(rnd, t)
        : filterId === 2
          ? caseDraft(rnd, t)
          : filterId === 3
            ? trialDraft(rnd, t)
            : perspectiveDraft(rnd, t);
  } else if (sourceId === 6) {
    draft = digestDraft(rnd, t, filterId!);
  } else if (sourceId === 10) {
    const topic = rnd.pick(CATALYST_TOPICS);
    draft = {
      title: topic[0],
      outtitle: topic[1],
      intro: `本文介绍了一家医疗机构在“${topic[0]}”方面的做法、遇到的困难和可推广的经验。`,
      body: paragraphs('项目背景与目标。', '实施过程与关键措施。', '效果评估、成本与经验教训。'),
      keyword: '医疗服务；质量改进',
    };
  } else if (sourceId === 11) {
    const topic = rnd.pick(EVIDENCE_TOPICS);
    const dz = rnd.pick(t.diseases);
    draft = {
      title: `${topic[0]}——以${dz[0]}研究为例`,
      outtitle: `${topic[1]}: ${dz[1]}`,
      intro: `以${dz[0]}领域的研究为例，本文解释了${topic[0].replace(/^如何/, '')}相关的方法学问题，帮助读者评价证据。`,
      body: paragraphs('问题的提出。', '方法学解释。', '对阅读和应用证据的建议。'),
      keyword: `循证医学；${dz[0]}`,
    };
  } else if (sourceId === 7) {
    const dz = rnd.pick(t.diseases);
    const iv = rnd.pick(t.interventions);
    draft = {
      title: `动画解读：${iv[0]}与${dz[0]}`,
      outtitle: `Animation: ${iv[1]} in ${dz[1]}`,
      intro: `这段动画用几分钟讲清一项关于${dz[0]}的研究：研究问题、设计、主要结果和局限性。`,
      body: paragraphs(`动画脚本：${dz[0]}的疾病负担与研究问题；${iv[0]}的作用机制；研究设计与结果解读。`),
      keyword: `${dz[0]}；动画`,
    };
  } else if (sourceId === 8) {
    const dz = rnd.pick(t.diseases);
    const oc = rnd.pick(t.outcomes);
    draft = {
      title: `音频：${dz[0]}研究中的${oc[0]}`,
      outtitle: `Audio: ${dz[1]}`,
      intro: `本期音频节目由编辑与临床医生对谈，讨论${dz[0]}研究中${oc[0]}的意义。`,
      body: paragraphs('节目文字稿（节选）。'),
      keyword: `${dz[0]}；音频`,
    };
  } else {
    const topic = writingTopic;
    typeId = topic[2];
    draft = {
      title: topic[0],
      outtitle: topic[1],
      intro: `临床研究写作系列：${topic[0]}。本文结合常见问题给出可操作的建议和示例。`,
      body: paragraphs('常见问题。', '写作建议与示例。', '自查要点。'),
      keyword: '临床研究；论文写作',
    };
  }
  return { draft, typeId };
}

export interface SourcePlan {
  sourceId: number;
  count: number;
  prefix: string;
  filters: number[];
  westernShare: number;
  authorCount: [number, number];
  weekly: boolean;
  access: [number, number, number]; // shares of public, login, member
}

export const SOURCE_PLANS: SourcePlan[] = [
  { sourceId: 5, count: 110, prefix: 'QYJ', filters: [1, 2, 3, 3, 3, 4, 5], westernShare: 0.75, authorCount: [1, 8], weekly: true, access: [0.25, 0.3, 0.45] },
  { sourceId: 6, count: 70, prefix: 'QYD', filters: [6, 7, 8, 15, 16], westernShare: 0.2, authorCount: [1, 3], weekly: true, access: [0.5, 0.5, 0] },
  { sourceId: 10, count: 35, prefix: 'QYC', filters: [19, 20, 21, 22], westernShare: 0.7, authorCount: [1, 5], weekly: false, access: [0.3, 0.3, 0.4] },
  { sourceId: 11, count: 35, prefix: 'QYE', filters: [23, 24, 25, 26, 27], westernShare: 0.7, authorCount: [1, 6], weekly: false, access: [0.3, 0.3, 0.4] },
  { sourceId: 7, count: 20, prefix: 'QYA', filters: [], westernShare: 0, authorCount: [1, 2], weekly: true, access: [0.35, 0.3, 0.35] },
  { sourceId: 8, count: 15, prefix: 'QYP', filters: [], westernShare: 0, authorCount: [1, 2], weekly: false, access: [0, 1, 0] },
  { sourceId: 9, count: 15, prefix: 'QYW', filters: [], westernShare: 0, authorCount: [1, 3], weekly: false, access: [0.3, 0.2, 0.5] },
];

/** About four years of articles across the sources (300 in all). */
export function generateArticles(now: Date): SeedArticle[] {
  const rnd = createRandom(20_260_101);
  const midnight = shanghaiMidnight(now);
  const out: SeedArticle[] = [];
  const classWeights = [4, 4, 2, 2, 2, 3, 3, 7, 8, 1, 9, 9];

  for (const plan of SOURCE_PLANS) {
    const spacing = Math.max(1, Math.floor(1400 / plan.count));
    for (let j = 0; j < plan.count; j++) {
      const primary = rnd.pick(classWeights);
      const classIds = [primary];
      if (rnd.chance(0.25)) {
        const second = rnd.pick(classWeights);
        if (second !== primary) classIds.push(second);
      }
      const t = termsOf(primary);
      const filterId = plan.filters.length ? rnd.pick(plan.filters) : null;
      const { draft, typeId } = sourceDraft(rnd, plan.sourceId, filterId, t, WRITING_TOPICS[j % WRITING_TOPICS.length]!);

      const daysAgo = 1 + j * spacing + rnd.int(0, spacing - 1);
      const postdate = postInstant(midnight, daysAgo, rnd.int(8, 20), rnd.pick([0, 15, 30, 45]), plan.weekly);
      const pubdate = shanghaiDate(new Date(postdate.getTime() - rnd.int(0, 14) * DAY_MS));
      const [pPublic, pLogin] = plan.access;
      const roll = rnd.next();
      const accessLevel = roll < pPublic ? 'public' : roll < pPublic + pLogin ? 'login' : 'member';
      const by = authors(rnd, rnd.int(plan.authorCount[0], plan.authorCount[1]), plan.westernShare);
      const hasWantsay = plan.sourceId === 5 && rnd.chance(0.35);
      const coverNo = (out.length % 6) + 1;
      const permalinks = `${plan.prefix}${String(j + 1).padStart(4, '0')}`;
      const markers = paidMarkers(permalinks);

      out.push({
        sourceId: plan.sourceId,
        filterId,
        typeId,
        classIds,
        permalinks,
        title: draft.title,
        outtitle: draft.outtitle.charAt(0).toUpperCase() + draft.outtitle.slice(1),
        author: by.author,
        pcauthor: by.pcauthor,
        intro: draft.intro,
        content: `${draft.body}<!-- ${markers.body} -->${DEMO_NOTE}`,
        wantsay: hasWantsay
          ? paragraphs(`编辑述评：这项研究回答了一个重要的临床问题。`) +
            HR_SPELLINGS[j % HR_SPELLINGS.length] +
            paragraphs('述评全文：研究的优势、局限性，以及对我国临床实践的意义。', '我们建议读者关注亚组结果和长期随访数据。') +
            `<!-- ${markers.commentary} -->`
          : '',
        haswantsay: hasWantsay ? 1 : 0,
        wantsayTitle: hasWantsay ? `述评：${draft.title}` : '',
        coi: rnd.pick(COI_TEXTS),
        keyword: draft.keyword,
        aboutcontent: references(rnd, draft.outtitle),
        appendix: '',
        thank: '',
        postdate,
        pubdate,
        thumb: [7, 8].includes(plan.sourceId) ? `/api/static/covers/cover-${coverNo}.svg` : '',
        // Animations play the demo MP4s and audio items the demo MP3s (made by
        // scripts/make-demo-media.mjs); every ninth journal article has a (placeholder) video. Each
        // URL is made unique per article by the query so a leak of it can be detected.
        videoUrl: demoArticleMedia(plan.sourceId, j, accessLevel, permalinks),
        // The demo's articles are written for it: there is no original to link (原文 shows for real ones).
        outlink: '',
        accessLevel,
        readCount: Math.floor(rnd.next() ** 2 * 8000) + rnd.int(0, 60),
        related: [],
      });
    }
  }

  // Related articles: up to three others sharing the primary class.
  out.forEach((a, i) => {
    const peers = out
      .map((b, k) => ({ b, k }))
      .filter(({ b, k }) => k !== i && b.classIds[0] === a.classIds[0]);
    const count = Math.min(3, peers.length);
    for (let r = 0; r < count; r++) a.related.push(peers[(i * 7 + r * 13) % peers.length]!.k);
    a.related = [...new Set(a.related)];
  });
  return out;
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
    const cover = `[{"url":"/api/static/covers/cover-${(i % 6) + 1}.svg"}]`;
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
