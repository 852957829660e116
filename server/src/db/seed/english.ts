// The English originals of demo articles (bilingual reading, docs/decisions.md "Bilingual
// reading"): for each top-level block of the Chinese body or commentary (heading, paragraph, table,
// figure, the commentary's <hr>) one English block of the same kind at the same position, so the
// two texts pair block by block as a translator aligns them. Headings, table labels and figure
// captions are the Chinese ones in English; paragraphs are sentences written for this project about
// the article's own topic (its English disease, intervention, outcome and comparator). The English
// draws from its own PRNG, seeded by the permalinks, so adding it changes no other seeded row.
import type { BodyKind, BodyTopic } from './body.js';
import type { EnglishTopic } from './generate.js';

/** Headings of the body plans (body.ts PLANS) in English. */
const HEADINGS: Record<string, string> = {
  背景: 'Background',
  方法: 'Methods',
  试验设计与监督: 'Trial Design and Oversight',
  患者: 'Patients',
  随机分组与干预: 'Randomization and Intervention',
  终点: 'End Points',
  统计分析: 'Statistical Analysis',
  结果: 'Results',
  患者特征: 'Patient Characteristics',
  主要终点: 'Primary End Point',
  次要终点: 'Secondary End Points',
  安全性: 'Safety',
  讨论: 'Discussion',
  引言: 'Introduction',
  流行病学与疾病负担: 'Epidemiology and Burden of Disease',
  发病机制: 'Pathogenesis',
  临床表现与诊断: 'Clinical Presentation and Diagnosis',
  治疗: 'Treatment',
  特殊人群: 'Special Populations',
  尚待解决的问题: 'Unresolved Questions',
  结论: 'Conclusions',
  病例介绍: 'Presentation of Case',
  鉴别诊断: 'Differential Diagnosis',
  诊断性检查: 'Diagnostic Testing',
  研究背景: 'Background',
  研究方法: 'Methods',
  主要结果: 'Key Results',
  编辑点评: "Editors' Comment",
  项目背景与目标: 'Background and Aims',
  实施过程与关键措施: 'Implementation and Key Measures',
  效果评估: 'Evaluation',
  经验与教训: 'Lessons Learned',
  问题的提出: 'The Question',
  方法学解释: 'The Method Explained',
  对阅读和应用证据的建议: 'Reading and Applying the Evidence',
  常见问题: 'Common Problems',
  写作建议与示例: 'Advice and Examples',
  自查要点: 'A Checklist',
  节目文字稿: 'Transcript',
  动画脚本: 'Animation Script',
};

type Group = 'background' | 'methods' | 'results' | 'safety' | 'discussion' | 'review' | 'case' | 'commentary' | 'general';

/** Which sentences a section's paragraphs take, by its heading. */
const GROUP_OF: Record<string, Group> = {
  Background: 'background',
  Introduction: 'background',
  'Epidemiology and Burden of Disease': 'review',
  Pathogenesis: 'review',
  'Clinical Presentation and Diagnosis': 'review',
  Treatment: 'review',
  'Special Populations': 'review',
  'Trial Design and Oversight': 'methods',
  Patients: 'methods',
  'Randomization and Intervention': 'methods',
  'End Points': 'methods',
  'Statistical Analysis': 'methods',
  Methods: 'methods',
  'Patient Characteristics': 'results',
  'Primary End Point': 'results',
  'Secondary End Points': 'results',
  'Key Results': 'results',
  Safety: 'safety',
  Discussion: 'discussion',
  'Unresolved Questions': 'discussion',
  Conclusions: 'discussion',
  "Editors' Comment": 'commentary',
  'Presentation of Case': 'case',
  'Differential Diagnosis': 'case',
  'Diagnostic Testing': 'case',
};

// {D} disease, {I} intervention, {O} outcome, {C} comparator, {N} patients, {P} a percentage,
// {R} a hazard ratio with its interval, {Y} a year.
const SENTENCES: Record<Group, string[]> = {
  background: [
    '{D} remains a leading cause of illness and of health care costs, and many patients still have poor outcomes despite current therapy.',
    'Earlier studies suggested that {I} might lower the risk of {O}, but they were small and their follow-up was short.',
    'Guidelines have so far recommended {C} as the standard approach, largely because evidence for the alternatives was limited.',
    'Whether the benefit seen in selected patients extends to the broader population treated in practice has been uncertain.',
    'We therefore designed a trial to compare {I} with {C} in patients with {D} who were at increased risk of {O}.',
    'Clinicians have asked for direct comparisons rather than inferences drawn across trials with different designs.',
  ],
  methods: [
    'Patients were randomly assigned in a 1:1 ratio to receive {I} or {C}, with stratification according to site and baseline risk.',
    'Adults with an established diagnosis of {D} were eligible if they had at least one additional risk factor for {O}.',
    'The primary end point was {O}, assessed by a committee whose members were unaware of the trial-group assignments.',
    'An independent data and safety monitoring board reviewed unblinded data at prespecified intervals.',
    'We estimated that {N} patients would provide the trial with 90% power to detect a relative reduction of 20% in the primary end point.',
    'Analyses followed the intention-to-treat principle, and hazard ratios were estimated with Cox proportional-hazards models.',
    'The protocol was approved by the ethics committee at each site, and all patients provided written informed consent.',
  ],
  results: [
    'A total of {N} patients underwent randomization, and the characteristics at baseline were similar in the two groups.',
    'The primary end point occurred in {P} of the patients in the {I} group and in {P} of those in the {C} group (hazard ratio, {R}).',
    'The effect was consistent across prespecified subgroups, including those defined according to age, sex and kidney function.',
    'Results for the secondary end points were directionally consistent with those for the primary end point.',
    'Adherence to the assigned treatment exceeded 85% in both groups during the first year.',
    'The median follow-up was {M} months, and fewer than 2% of the patients were lost to follow-up.',
  ],
  safety: [
    'Serious adverse events were reported in {P} of the patients in the {I} group and in {P} of those in the {C} group.',
    'Adverse events leading to discontinuation of the assigned treatment were uncommon and were balanced between the groups.',
    'No new safety signals were identified during the trial, and laboratory values remained stable.',
    'Events of special interest were adjudicated by an independent committee.',
  ],
  discussion: [
    'In this trial involving patients with {D}, {I} led to a lower risk of {O} than {C}.',
    'The benefit appeared early and persisted throughout follow-up, which suggests a durable effect.',
    'Our findings are consistent with those of earlier smaller studies and extend them to a broader population.',
    'The trial has limitations: most patients were enrolled at referral centers, and the follow-up was too short to assess rare harms.',
    'Cost and access will shape how widely {I} can be used, and these questions deserve study in their own right.',
    'These results support the use of {I} in patients with {D} similar to those enrolled in this trial.',
  ],
  review: [
    'The incidence of {D} has risen over the past two decades, in part because the population is ageing.',
    'Current understanding of {D} emphasizes the interplay of inflammation, metabolic stress and tissue remodeling.',
    'Diagnosis rests on the clinical presentation together with targeted laboratory testing and imaging.',
    'Randomized trials have shown that {I} reduces the risk of {O}, although the size of the effect varies across populations.',
    'In older adults and in patients with kidney disease, doses should be adjusted and monitoring intensified.',
    'For patients who cannot receive {I}, {C} remains a reasonable alternative.',
  ],
  case: [
    'A patient with a history of {D} presented to the emergency department with worsening symptoms over several days.',
    'On examination, the vital signs were notable for tachycardia, and the laboratory results are shown in the table.',
    'The differential diagnosis included an exacerbation of {D}, infection and an adverse drug reaction.',
    'Further testing was performed to distinguish among these possibilities.',
    'Treatment with {I} was started, and the patient improved over the following days.',
    'This case illustrates how a careful history can narrow a broad differential diagnosis.',
  ],
  commentary: [
    'This trial answers a question that clinicians caring for patients with {D} have asked for years.',
    'The reduction in {O} with {I} is clinically meaningful, and the trial was large enough to make chance an unlikely explanation.',
    'Readers should note that the comparison was with {C}, which may not reflect practice in every hospital.',
    'The patients enrolled were younger and had fewer coexisting conditions than many of those we treat.',
    'Before the findings change practice widely, we need data on cost, long-term safety and adherence outside a trial.',
    'For now, {I} is a reasonable option for patients with {D} who resemble those in the trial.',
  ],
  general: [
    'This piece considers what recent evidence on {D} means for everyday practice.',
    'Several studies have compared {I} with {C}, with consistent results for {O}.',
    'Applying the evidence requires attention to the patients who were studied and to those who were not.',
    'Clinicians should discuss the expected benefits and harms with patients before starting {I}.',
    'The remaining uncertainties are best addressed in well-designed pragmatic trials.',
  ],
};

/** Table captions and labels (body.ts tables) in English; {D}, {I}, {O}, {C} are the topic. */
const TABLE_PHRASES: [RegExp, string][] = [
  [/^表(\d+)\. 患者基线特征$/, 'Table $1. Baseline Characteristics of the Patients'],
  [/^表(\d+)\. 主要终点、次要终点与安全性$/, 'Table $1. Primary and Secondary End Points and Safety'],
  [/^表(\d+)\. .*的主要随机对照试验$/, 'Table $1. Major Randomized Trials in {D}'],
  [/^表(\d+)\. 实验室检查结果$/, 'Table $1. Laboratory Data'],
  [/^表(\d+)\. 项目实施前后的关键指标$/, 'Table $1. Key Measures before and after the Program'],
  [/^特征$/, 'Characteristic'],
  [/^终点$/, 'End Point'],
  [/^指标$/, 'Measure'],
  [/^试验$/, 'Trial'],
  [/^发表年份$/, 'Year'],
  [/^患者数$/, 'Patients'],
  [/^比较$/, 'Comparison'],
  [/^主要结果$/, 'Main Result'],
  [/^参考范围$/, 'Reference Range'],
  [/^入院时$/, 'On Admission'],
  [/^入院第3天$/, 'Hospital Day 3'],
  [/^实施前$/, 'Before'],
  [/^实施后$/, 'After'],
  [/^相对变化$/, 'Relative Change'],
  [/^风险比（95% CI）$/, 'Hazard Ratio (95% CI)'],
  [/组（N=(\d+)）$/, ' group (N=$1)'],
  [/组，例（%）$/, ' group, no. (%)'],
  [/^年龄（岁），均值±标准差$/, 'Age (yr), mean ± SD'],
  [/^女性，例（%）$/, 'Female sex, no. (%)'],
  [/^体重指数，均值±标准差$/, 'Body-mass index, mean ± SD'],
  [/^高血压，例（%）$/, 'Hypertension, no. (%)'],
  [/^糖尿病，例（%）$/, 'Diabetes, no. (%)'],
  [/^.*病程（年），中位数（四分位距）$/, 'Duration of {D} (yr), median (IQR)'],
  [/^eGFR（ml\/min\/1\.73 m²），均值±标准差$/, 'eGFR (ml/min/1.73 m²), mean ± SD'],
  [/^主要终点：.*$/, 'Primary end point: {O}'],
  [/^全因死亡$/, 'Death from any cause'],
  [/^因.*住院$/, 'Hospitalization for {D}'],
  [/^严重不良事件$/, 'Serious adverse event'],
  [/^导致停药的不良事件$/, 'Adverse event leading to discontinuation'],
  [/^血红蛋白（g\/L）$/, 'Hemoglobin (g/liter)'],
  [/^白细胞计数（×10⁹\/L）$/, 'White-cell count (×10⁹/liter)'],
  [/^血小板计数（×10⁹\/L）$/, 'Platelet count (×10⁹/liter)'],
  [/^C反应蛋白（mg\/L）$/, 'C-reactive protein (mg/liter)'],
  [/^肌酐（μmol\/L）$/, 'Creatinine (μmol/liter)'],
  [/^丙氨酸转氨酶（U\/L）$/, 'Alanine aminotransferase (U/liter)'],
  [/^乳酸（mmol\/L）$/, 'Lactate (mmol/liter)'],
  [/^平均住院日(.*)天$/, 'Mean length of stay$1 days'],
  [/^30天再入院率$/, '30-day readmission rate'],
  [/^候诊时间$/, 'Waiting time'],
  [/^每例次直接费用$/, 'Direct cost per case'],
  [/^.*对比.*$/, '{I} vs. {C}'],
  [/^.*联合.*$/, '{I} plus standard care'],
  [/^.*：风险比 /, '{O}: hazard ratio '],
  [/天$/, ' days'],
  [/分钟$/, ' min'],
  [/千元$/, ' thousand yuan'],
];

/** Figure captions (body.ts PLANS) by picture, in English. */
const FIGURE_CAPTIONS: [string, string, string][] = [
  ['cumulative-incidence', 'Cumulative Incidence of {O} in the {I} and {C} Groups', 'Cumulative incidence curves for {O}'],
  ['forest-plot', 'Hazard Ratios for the Primary End Point in Prespecified Subgroups', 'Forest plot of subgroup analyses of {O}'],
  ['patient-flow', 'Diagnosis and Evaluation of {D}', 'Flow chart of the diagnosis of {D}'],
  ['bar-chart', 'Changes in Key Laboratory Values during Hospitalization', 'Changes in laboratory values in a case of {D}'],
];

const DEMO_NOTE_EN =
  '<p class="qy-demo-note">This text was generated for the Qianyan demonstration site to show its features; it is not medical advice.</p>';

/** mulberry32, seeded by a string (the permalinks). */
function randomOf(seed: string) {
  let a = 2166136261;
  for (const ch of seed) a = Math.imul(a ^ ch.charCodeAt(0), 16777619);
  return {
    next() {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
    int(min: number, max: number) {
      return min + Math.floor(this.next() * (max - min + 1));
    },
  };
}
type Rng = ReturnType<typeof randomOf>;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// Names that keep their capital inside a sentence.
const PROPER = /^(Parkinson|Alzheimer|Crohn|Hodgkin|Cushing|Graves|Kawasaki|Down|Turner|Barrett|Guillain|Barré|Sjögren)/;
/** A term of the title-case glossary as it reads inside a sentence: "Placebo" → "placebo", acronyms kept. */
const inSentence = (term: string) => term.replace(/\b[A-Z][a-z]+\b/g, (w) => (PROPER.test(w) ? w : w.toLowerCase()));

function filler(en: EnglishTopic, patients: number, rng: Rng) {
  return (template: string, sentenceStart = true) => {
    let out = template
      .replace(/\{D\}/g, inSentence(en.disease))
      .replace(/\{I\}/g, inSentence(en.intervention))
      .replace(/\{O\}/g, inSentence(en.outcome))
      .replace(/\{C\}/g, inSentence(en.comparator))
      .replace(/\{N\}/g, patients.toLocaleString('en-US'))
      .replace(/\{M\}/g, () => String(rng.int(12, 48)))
      .replace(/\{P\}/g, () => `${rng.int(3, 40)}.${rng.int(0, 9)}%`)
      .replace(/\{R\}/g, () => {
        const hr = rng.int(60, 92) / 100;
        return `${hr.toFixed(2)}; 95% confidence interval, ${(hr - 0.12).toFixed(2)} to ${(hr + 0.09).toFixed(2)}`;
      });
    if (sentenceStart) out = capital(out);
    return out;
  };
}

/** The top-level blocks of editorial HTML (headings, paragraphs, tables, figures, <hr>, comments). */
export const TOP_BLOCKS = /<(h[1-6]|p|table|figure|ul|ol|blockquote)\b[^>]*>[\s\S]*?<\/\1>|<hr\b[^>]*>|<!--[\s\S]*?-->/gi;

export interface EnglishSource {
  permalinks: string;
  kind: BodyKind;
  topic: BodyTopic;
  english: EnglishTopic;
}

/**
 * The English of one Chinese text (body or commentary): block by block, the same kinds at the same
 * positions; a paid-text marker comment becomes `marker`, other comments are dropped.
 */
export function englishBlocks(zh: string, src: EnglishSource, salt: string, marker: (comment: string) => string | null): string {
  const rng = randomOf(`${src.permalinks}:${salt}`);
  const fill = filler(src.english, src.topic.patients, rng);
  let group: Group = src.kind === 'commentary' ? 'commentary' : src.kind === 'case' ? 'case' : src.kind === 'review' ? 'review' : 'general';
  let out = '';
  for (const match of zh.matchAll(TOP_BLOCKS)) {
    const block = match[0];
    const tag = (match[1] ?? '').toLowerCase();
    if (block.startsWith('<!--')) {
      const kept = marker(block);
      if (kept) out += kept;
    } else if (/^<hr/i.test(block)) {
      out += block;
    } else if (tag === 'h2' || tag === 'h3') {
      const text = block.replace(/<[^>]*>/g, '');
      const heading = HEADINGS[text] ?? 'Notes';
      group = GROUP_OF[heading] ?? group;
      out += `<${tag}>${heading}</${tag}>`;
    } else if (tag === 'p' && /qy-demo-note/.test(block)) {
      out += DEMO_NOTE_EN;
    } else if (tag === 'p') {
      const bank = SENTENCES[group];
      const count = Math.min(bank.length, rng.int(3, 5));
      // Distinct sentences of the bank, in a drawn order.
      const order = bank.map((_, i) => i).sort(() => rng.next() - 0.5);
      const sentences = order.slice(0, count).map((i) => fill(bank[i]!));
      out += `<p>${sentences.join(' ')}</p>`;
    } else if (tag === 'table') {
      out += block.replace(/<(caption|th|td)>([\s\S]*?)<\/\1>/g, (_m, cell: string, text: string) => `<${cell}>${tableText(text, src.topic, fill)}</${cell}>`);
    } else if (tag === 'figure') {
      const src2 = /src="([^"]*)"/.exec(block)?.[1] ?? '';
      const no = /图(\d+)/.exec(block)?.[1] ?? '1';
      const [, caption, alt] = FIGURE_CAPTIONS.find(([name]) => src2.includes(name)) ?? ['', 'Figure', 'Figure'];
      out += `<figure><img src="${src2}" alt="${fill(alt, false)}" loading="lazy"><figcaption>Figure ${no}. ${fill(caption, false)}</figcaption></figure>`;
    } else {
      out += block;
    }
  }
  return out;
}

function tableText(text: string, topic: BodyTopic, fill: (t: string, start?: boolean) => string): string {
  // The topic's Chinese terms first (the longest first, so no term is cut inside a longer one).
  const terms: [string, string][] = [
    [topic.disease, '{D}'],
    [topic.intervention, '{I}'],
    [topic.outcome, '{O}'],
    [topic.comparator, '{C}'],
  ];
  let out = text;
  for (const [zh, slot] of terms.sort((a, b) => b[0].length - a[0].length)) if (zh) out = out.split(zh).join(slot);
  for (const [pattern, english] of TABLE_PHRASES) {
    if (pattern.test(out)) {
      out = out.replace(pattern, english);
      if (!/[\u4e00-\u9fff]/.test(out)) break;
    }
  }
  // Figures in a cell: full-width brackets and ranges in their English form.
  out = out.replace(/（/g, ' (').replace(/）/g, ')').replace(/～/g, '–').replace(/^ /, '');
  return fill(out, false);
}

/** The English abstract: one paragraph, as the Chinese intro is. */
export function englishAbstract(src: EnglishSource): string {
  const rng = randomOf(`${src.permalinks}:abstract`);
  const fill = filler(src.english, src.topic.patients, rng);
  if (src.kind === 'original')
    return fill(
      'Whether {I} improves {O} as compared with {C} in patients with {D} is unclear. In this randomized trial, {N} patients were assigned to {I} or {C}; the primary end point occurred in {P} and {P} of the patients, respectively (hazard ratio, {R}). Serious adverse events were similar in the two groups.',
    );
  if (src.kind === 'review') return fill('This review summarizes the epidemiology, pathogenesis, diagnosis and treatment of {D}, with attention to the trials of {I} and the questions that remain open.');
  if (src.kind === 'case') return fill('A patient with {D} presented with worsening symptoms. We describe the differential diagnosis, the testing that settled it and the response to {I}.');
  return fill('This article considers what recent evidence on {I} and {O} means for the care of patients with {D}.');
}
