import type { Db } from '../client.js';
import { conferences, lessons } from '../schema/index.js';
import { lessonVector } from '../../modules/search/vectors.js';
import { coverOf, DAY_MS, DEMO_NOTE, generateLessons, shanghaiMidnight, type SeedLesson } from './generate.js';

/**
 * The course and conference seed (spec §3 Lesson, Conference): editorial-course video series with
 * their chapters, image-text clinical research and practice courses, audio lessons, a few courses on
 * an outside platform, and conferences upcoming and past. Media are the project's own small demo
 * files (made by scripts/make-demo-media.mjs), all in the protected store (server/media, signed URLs
 * only: every lesson needs a login, and so does watching a conference); each media URL carries the
 * lesson's id in its query, so a leak of one to a reader who may not watch can be detected.
 */

const HOUR_MS = 3_600_000;
const media = (url: string, fileType: 'video' | 'audio' | 'image') => JSON.stringify([{ url, fileType }]);

/**
 * Outside-chain courses: given by lesson position (top-level order) and the platform's URL. Real,
 * public teaching pages, so the demo's outside chains lead somewhere that exists.
 */
const OUTSIDE_CHAINS: Record<number, string> = {
  9: 'https://www.cebm.ox.ac.uk/resources/ebm-tools',
  19: 'https://www.who.int/clinical-trials-registry-platform',
};

const SPEAKERS = ['王立群 教授', '陈思敏 主任医师', '刘海峰 副主任医师', '赵雅琳 教授', '孙志远 研究员', '何静 主治医师'];

function courseContent(l: SeedLesson, kind: 'video' | 'audio' | 'text', k: number): string {
  const speaker = SPEAKERS[k % SPEAKERS.length]!;
  const what =
    kind === 'video'
      ? '本讲以视频形式讲解'
      : kind === 'audio'
        ? '本讲以音频形式讲解，适合通勤或查房间隙收听'
        : '本课程以图文形式展开，配有示例与练习';
  return [
    `<h3>课程简介</h3><p>${l.title}——${l.subhead}。${what}，结合近年发表的代表性研究，梳理关键概念、常见误区与临床决策要点。</p>`,
    `<h3>学习目标</h3><ol><li>理解本主题的核心概念与证据来源</li><li>能够评价相关研究的设计与局限</li><li>将结论审慎地应用于具体患者</li></ol>`,
    `<h3>讲者</h3><p>${speaker}，长期从事临床与教学工作，参与多项多中心临床研究。</p>`,
    DEMO_NOTE,
  ].join('');
}

const REFERENCES =
  '<ol><li>Guyatt G, et al. Users\u2019 Guides to the Medical Literature. 3rd ed. McGraw-Hill; 2015.</li>' +
  '<li>Schulz KF, Altman DG, Moher D. CONSORT 2010 Statement. BMJ 2010;340:c332.</li></ol>';

/** The lessons of the seed: the generated topics, with media, contents and outside chains by kind. */
export function generateCourses(now: Date) {
  const generated = generateLessons(now);
  let top = -1;
  return generated.map((l, i) => {
    if (l.parentResId === null) top++;
    const isSeries = l.parentResId === null && (l.subjectSerType === 2 || l.subjectSerType === 5);
    const audio = l.subjectType === 1 || l.subjectType === 4;
    const video = !audio && (l.subjectSerType === 1 || (l.parentResId !== null && l.subjectSerType === 1));
    const kind = audio ? 'audio' : video ? 'video' : 'text';
    let lessonMedia = '[]';
    if (!isSeries && audio) lessonMedia = media(`/api/media/audio-${(i % 3) + 1}.mp3?lesson=${l.lessonResId}`, 'audio');
    else if (!isSeries && video) lessonMedia = media(`/api/media/lesson-${(i % 2) + 1}.mp4?lesson=${l.lessonResId}`, 'video');
    return {
      ...l,
      media: lessonMedia,
      content: courseContent(l, kind, i),
      aboutcontent: REFERENCES,
      outsideChain: l.parentResId === null ? (OUTSIDE_CHAINS[top] ?? '') : '',
    };
  });
}

/** Conferences: three upcoming (notices, lessAdvStatus 2) and three past (reviews, 1). */
export function generateConferences(now: Date) {
  const midnight = shanghaiMidnight(now);
  // A Shanghai wall-clock time `days` from today's midnight.
  const at = (days: number, hour: number, minute = 0) => new Date(midnight + days * DAY_MS + hour * HOUR_MS + minute * 60_000);
  const cover = (n: number) => coverOf('conference', n - 1);
  const body = (intro: string, agenda: string[]) =>
    `<p>${intro}</p><h3>会议议程</h3><ul>${agenda.map((a) => `<li>${a}</li>`).join('')}</ul>${DEMO_NOTE}`;
  return [
    {
      title: '2026 心血管循证医学高峰论坛',
      subhead: '从大型临床试验到指南更新',
      sponsor: '千言医学教育中心',
      imgPc: cover(1),
      classIds: [4],
      beginTime: at(12, 9, 0),
      endTime: at(12, 17, 30),
      content: body('论坛邀请心血管领域专家解读近一年发表的重要临床试验，并讨论其对国内指南与临床实践的影响。', [
        '09:00 开幕致辞',
        '09:30 心力衰竭新药试验解读',
        '14:00 高血压管理的证据更新',
        '16:30 圆桌讨论',
      ]),
      media: '[]',
      status: 2,
    },
    {
      title: '肿瘤免疫治疗临床研究设计研讨会',
      subhead: '终点选择、生物标志物与真实世界证据',
      sponsor: '千言医学教育中心 · 肿瘤学术委员会',
      imgPc: cover(2),
      classIds: [2],
      beginTime: at(26, 13, 30),
      endTime: at(26, 18, 0),
      content: body('研讨会聚焦免疫治疗研究中的设计难点，适合参与临床试验的研究者与临床医生。', [
        '13:30 免疫治疗试验的终点选择',
        '15:00 生物标志物驱动的研究设计',
        '16:30 真实世界证据的适用边界',
      ]),
      media: '[]',
      status: 2,
    },
    {
      title: '糖尿病综合管理线上公开课',
      subhead: '新型降糖药物的合理使用',
      sponsor: '千言医学教育中心',
      imgPc: cover(3),
      classIds: [3],
      beginTime: at(47, 19, 0),
      endTime: at(47, 21, 0),
      content: body('面向基层医生的公开课，结合病例讨论新型降糖药物的适应证与安全性。', ['19:00 病例导入', '19:30 药物选择与联合用药', '20:30 答疑']),
      media: '[]',
      status: 2,
    },
    {
      title: '呼吸系统感染诊治进展研讨会（回顾）',
      subhead: '社区获得性肺炎的抗菌药物选择',
      sponsor: '千言医学教育中心 · 呼吸学术委员会',
      imgPc: cover(4),
      classIds: [7, 9],
      beginTime: at(-21, 9, 0),
      endTime: at(-21, 12, 0),
      content: body('本次研讨会回顾了社区获得性肺炎的病原学变化与抗菌药物选择原则，以下为会议精彩片段。', [
        '病原学流行趋势',
        '经验性治疗方案',
        '疗程与降阶梯',
      ]),
      media: media('/api/media/lesson-2.mp4?conference=review-1', 'video'),
      status: 1,
    },
    {
      title: '妇产与儿科临床研究方法学工作坊（回顾）',
      subhead: '小样本研究与伦理考量',
      sponsor: '千言医学教育中心',
      imgPc: cover(5),
      classIds: [8],
      beginTime: at(-63, 14, 0),
      endTime: at(-63, 17, 30),
      content: body('工作坊讨论了妇产科与儿科研究中样本量受限时的设计策略，以及知情同意的特殊要求。', [
        '小样本研究的统计策略',
        '儿童受试者的知情同意',
        '案例分享',
      ]),
      media: media(cover(5), 'image'),
      status: 1,
    },
    {
      title: '临床研究论文写作训练营（回顾）',
      subhead: '从研究问题到投稿',
      sponsor: '千言医学教育中心 · 编辑部',
      imgPc: cover(6),
      classIds: [1],
      beginTime: at(-118, 9, 0),
      endTime: at(-117, 17, 0),
      content: body('训练营由期刊编辑与资深研究者授课，覆盖论文结构、统计报告与回复审稿意见。', [
        '第一天：研究问题与论文结构',
        '第二天：统计报告与投稿实务',
      ]),
      media: media('/api/media/lesson-1.mp4?conference=review-3', 'video'),
      status: 1,
    },
  ];
}

/** Inserts the lessons (series before their chapters) and the conferences; existing rows are kept. */
export async function seedCourses(db: Db, now: Date): Promise<void> {
  const generated = generateCourses(now);
  const row = ({ parentResId: _p, ...l }: (typeof generated)[number], parentId: number | null) => ({
    ...l,
    parentId,
    searchVector: lessonVector(l),
  });
  await db
    .insert(lessons)
    .values(generated.filter((l) => l.parentResId === null).map((l) => row(l, null)))
    .onConflictDoNothing({ target: lessons.lessonResId });
  const parents = new Map(
    (await db.select({ id: lessons.id, resId: lessons.lessonResId }).from(lessons)).map((r) => [r.resId, r.id]),
  );
  const children = generated.filter((l) => l.parentResId !== null);
  if (children.length > 0) {
    await db
      .insert(lessons)
      .values(children.map((l) => row(l, parents.get(l.parentResId!) ?? null)))
      .onConflictDoNothing({ target: lessons.lessonResId });
  }
  const [existing] = await db.select({ id: conferences.id }).from(conferences).limit(1);
  if (!existing) await db.insert(conferences).values(generateConferences(now));
}
