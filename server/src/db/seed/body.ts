// Article bodies of real length and shape, for the demo (generate.ts) and the scale corpus
// (corpus.ts) alike: sections with headings, paragraphs of sentences filled from templates with the
// article's own topic (disease, intervention, outcome, comparator) and with terms of the search
// dictionary (server/assets/search/medical-terms.txt) drawn with a skewed, Zipf-like frequency,
// numbers from the seeded PRNG, and in the longer kinds tables (<table> with <caption>) and figures
// (<figure> with a picture of server/assets/figures and a <figcaption>). Every sentence is written
// for this project; nothing is copied from the journal. Deterministic for a given PRNG state.
import { medicalTerms } from '../../modules/search/segment.js';
import type { Random } from './generate.js';

/** The shapes of body the sources carry. */
export type BodyKind =
  | 'original'
  | 'review'
  | 'case'
  | 'perspective'
  | 'commentary'
  | 'digest'
  | 'catalyst'
  | 'evidence'
  | 'writing'
  | 'audio'
  | 'animation';

/** Length of the body text (characters, tags and spaces left out), drawn evenly in this range. */
export const BODY_LENGTHS: Record<BodyKind, readonly [number, number]> = {
  original: [6_000, 15_000],
  review: [15_000, 24_000],
  case: [5_000, 9_000],
  perspective: [2_000, 4_000],
  commentary: [1_500, 3_000],
  digest: [1_500, 3_000],
  catalyst: [4_000, 8_000],
  evidence: [3_000, 6_000],
  writing: [3_000, 6_000],
  audio: [3_000, 6_000],
  animation: [1_000, 2_000],
};

/** What a body is about: the Chinese terms its sentences are filled with. */
export interface BodyTopic {
  disease: string;
  intervention: string;
  outcome: string;
  comparator: string;
  design: string;
  /** Patients enrolled (originals), or a comparable count. */
  patients: number;
}

// ---------------------------------------------------------------------------------------------
// Terms: the conditions of the search dictionary (its words naming a disease), each with a fixed
// rank so a few are common and most rare.

/** Dictionary words that name a condition (and so fit the sentences' {T} slots). */
const CONDITION = /(病|症|癌|炎|瘤|哮喘|卒中|骨折|高血压|心衰|房颤|流感|感染|综合征|早产|梗死|衰竭|纤维化|狭窄|骨质疏松|慢阻肺|子痫前期|糖尿病|低血糖|大出血)$/;
/** Words of the dictionary that are parts of a longer name (型糖尿病 of 2型糖尿病), not names. */
const FRAGMENT = /^(型|阳性)/;

const DICTIONARY: string[] = (() => {
  const words = medicalTerms().filter((w) => w.length >= 2 && CONDITION.test(w) && !FRAGMENT.test(w));
  // A fixed shuffle (its own PRNG, so the ranks never depend on an article's draws).
  let s = 0x9e3779b9;
  const next = () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 4_294_967_296;
  };
  for (let i = words.length - 1; i > 0; i--) {
    const k = Math.floor(next() * (i + 1));
    [words[i], words[k]] = [words[k]!, words[i]!];
  }
  return words;
})();

/** A dictionary term, rank r drawn with probability roughly proportional to 1/r (Zipf). */
function term(rnd: Random): string {
  const n = DICTIONARY.length;
  // Inverse CDF of a continuous 1/x law on [1, n + 1).
  const r = Math.floor(Math.exp(rnd.next() * Math.log(n + 1))) - 1;
  return DICTIONARY[Math.min(n - 1, r)]!;
}

// ---------------------------------------------------------------------------------------------
// Templates. Slots: {D} disease, {I} intervention, {O} outcome, {C} comparator, {G} design,
// {N} patients, {T} a condition of the dictionary, {P} a percentage, {R} a ratio, {L} a 95% CI, {V} a P value,
// {Y} a year, {M} months, {K} a small count.

type Compiled = (string | number)[];
const SLOT_CODES = 'DIOCGNTPRLVYMK';

function compile(bank: string[]): Compiled[] {
  return bank.map((s) =>
    s.split(/\{([A-Z])\}/).map((part, i) => {
      if (i % 2 === 0) return part;
      const code = SLOT_CODES.indexOf(part);
      if (code < 0) throw new Error(`unknown slot {${part}} in "${s}"`);
      return code;
    }),
  );
}

const pct = (rnd: Random) => `${rnd.int(2, 68)}.${rnd.int(0, 9)}%`;
const ratio = (rnd: Random) => `0.${rnd.int(48, 97)}`;
function ci(rnd: Random): string {
  const low = rnd.int(38, 80);
  return `0.${low}～${(1 + (rnd.int(low + 6, low + 40) - 100) / 100).toFixed(2)}`;
}
// HTML text: '<' is written as &lt;.
const pValue = (rnd: Random) => (rnd.chance(0.45) ? 'P&lt;0.001' : `P=0.0${rnd.int(1, 4)}${rnd.int(0, 9)}`);

function fill(rnd: Random, t: Compiled, topic: BodyTopic): string {
  let out = '';
  for (let i = 0; i < t.length; i++) {
    const part = t[i]!;
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    switch (part) {
      case 0: out += topic.disease; break;
      case 1: out += topic.intervention; break;
      case 2: out += topic.outcome; break;
      case 3: out += topic.comparator; break;
      case 4: out += topic.design; break;
      case 5: out += topic.patients; break;
      case 6: out += term(rnd); break;
      case 7: out += pct(rnd); break;
      case 8: out += ratio(rnd); break;
      case 9: out += ci(rnd); break;
      case 10: out += pValue(rnd); break;
      case 11: out += rnd.int(2008, 2025); break;
      case 12: out += rnd.int(6, 60); break;
      default: out += rnd.int(3, 40);
    }
  }
  return out;
}

const BANKS = {
  background: compile([
    '{D}是全球范围内导致死亡和残疾的重要原因之一，我国患者人数在过去二十年中持续增加。',
    '尽管现有治疗已使部分患者获益，{D}患者的{O}仍不理想，相当比例的患者在确诊后数年内出现病情进展。',
    '既往观察性研究提示，{I}可能通过多条通路影响{O}，但这些研究存在混杂因素和选择偏倚。',
    '早期的小规模随机试验显示了{I}的潜在获益，然而样本量有限，置信区间较宽，无法得出确定结论。',
    '目前的临床指南对{I}的推荐主要基于专家共识和间接证据，推荐级别较低。',
    '{T}与{D}之间的关系近年来受到广泛关注，有研究认为二者共享部分危险因素。',
    '在真实世界中，{D}患者常合并{T}等疾病，这使得治疗决策更加复杂。',
    '对于合并多种疾病的老年患者，现有证据尤其不足，而这部分人群恰恰占{D}患者的多数。',
    '为了明确{I}相对于{C}的获益与风险，我们开展了本项试验。',
    '本研究的假设是，在标准治疗基础上加用{I}能够降低{O}的发生风险，且不增加严重不良事件。',
    '卫生经济学分析显示，{D}每年带来的直接医疗费用和生产力损失相当可观。',
    '从病理生理角度看，{D}的发生与炎症反应、代谢紊乱和组织重塑有关，这为{I}提供了理论依据。',
  ]),
  design: compile([
    '本研究是一项{G}，在{K}个国家或地区的研究中心进行。',
    '试验方案由指导委员会设计，并经各中心伦理委员会批准；所有患者在入组前签署了书面知情同意书。',
    '独立的数据和安全监查委员会定期审阅非盲态数据，并可根据预先设定的标准建议提前终止试验。',
    '申办方参与了数据收集，但数据分析由学术统计团队独立完成，作者对数据的完整性和准确性负责。',
    '试验在公开的临床试验注册平台登记，完整的试验方案和统计分析计划随正文发表。',
    '研究遵循《赫尔辛基宣言》和药物临床试验质量管理规范的原则。',
  ]),
  patients: compile([
    '符合条件的患者年龄在18岁及以上，确诊{D}至少{M}个月，并在筛选前接受稳定的标准治疗。',
    '主要排除标准包括近期发生{T}、重度肝肾功能不全、妊娠或哺乳，以及预期生存期少于1年。',
    '筛选期内，研究者记录了患者的病史、合并用药和实验室检查结果，包括血常规、肝肾功能和{T}相关指标。',
    '为使研究人群更接近临床实践，我们未对合并{T}的患者设定额外限制。',
    '共有{N}例患者接受随机分组，另有部分患者因不符合入选标准或撤回同意而未入组。',
  ]),
  intervention: compile([
    '患者按1:1的比例随机分配接受{I}或{C}，随机化按地区和基线{T}状态分层。',
    '随机化采用交互式网络应答系统完成，分组序列由独立统计师生成，研究者无法预知下一例患者的分组。',
    '治疗期间允许根据临床需要调整背景治疗，但应尽量避免更换研究药物以外的同类药物。',
    '随访访视安排在随机分组后第4周、第12周，此后每{M}周一次，直至试验结束。',
    '患者如出现不可耐受的不良反应，可暂停研究药物，并在症状缓解后重新开始。',
    '依从性通过药物计数和患者日记评估，依从率达到80%以上视为依从良好。',
  ]),
  endpoints: compile([
    '主要终点为{O}，由不知晓分组情况的终点事件委员会依据预先设定的定义进行判定。',
    '关键次要终点包括全因死亡、因{D}住院以及患者报告的生活质量评分变化。',
    '探索性终点包括{T}相关指标的变化和医疗资源利用情况。',
    '安全性终点包括不良事件、严重不良事件、导致停药的不良事件以及特别关注的{T}。',
  ]),
  stats: compile([
    '我们估计需要{N}例患者，在双侧α为0.05的情况下，才能以90%的把握度检出主要终点风险降低20%。',
    '主要分析采用意向治疗原则，纳入所有接受随机分组的患者。',
    '事件发生时间终点采用分层Cox比例风险模型估计风险比及其95%置信区间。',
    '为控制Ⅰ类错误，次要终点按预先设定的顺序进行分层检验；未纳入检验顺序的结果仅作描述。',
    '缺失数据采用多重插补处理，并进行了预先设定的敏感性分析以评估结果的稳健性。',
    '预先设定的亚组包括年龄、性别、地区、基线{T}和{D}病程。',
  ]),
  resultsPatients: compile([
    '{Y}年至{Y}年间，共筛选了更多的患者，最终{N}例接受随机分组并纳入意向治疗分析。',
    '两组患者的基线特征均衡，平均年龄约为62岁，女性占{P}。',
    '基线时，{P}的患者合并高血压，{P}的患者合并糖尿病，{P}的患者有{T}病史。',
    '中位随访时间为{M}个月，失访率低于2%。',
    '在试验结束时，{I}组有{P}的患者仍在接受研究药物，{C}组为{P}。',
  ]),
  resultsPrimary: compile([
    '主要终点事件在{I}组和{C}组分别发生于{P}和{P}的患者（风险比，{R}；95%置信区间，{L}；{V}）。',
    '两组的累积事件发生率曲线在随机分组后约{M}个月开始分离，并在随访期间持续分开。',
    '各预先设定亚组的结果与总体结果基本一致，未观察到显著的异质性。',
    '在符合方案人群中进行的分析得到了相似的结果。',
    '按基线{T}分层后，获益在各层中方向一致，但部分亚组的置信区间较宽。',
  ]),
  resultsSecondary: compile([
    '全因死亡在{I}组为{P}，在{C}组为{P}（风险比，{R}；95%置信区间，{L}）。',
    '因{D}住院的发生率在{I}组较低，两组差异具有统计学意义（{V}）。',
    '生活质量评分的改善在{I}组更为明显，组间差异在第{M}个月时达到最大。',
    '次要终点的结果总体支持主要终点，但由于多重比较，应视为探索性结果。',
    '{T}相关指标在{I}组下降更明显，这一变化与主要终点的获益方向一致。',
  ]),
  safety: compile([
    '严重不良事件在{I}组和{C}组的发生率分别为{P}和{P}。',
    '导致永久停药的不良事件在{I}组较多，最常见的是胃肠道反应和{T}。',
    '{I}组有少数患者出现特别关注的不良事件，多数为轻度或中度，经处理后缓解。',
    '两组之间的实验室检查异常发生率相似，未发现新的安全性信号。',
  ]),
  discussion: compile([
    '在这项{G}中，与{C}相比，{I}降低了{D}患者{O}的风险。',
    '这一获益在各预先设定亚组中基本一致，并且在主要分析和敏感性分析中均得到证实。',
    '我们的结果与既往几项较小规模试验的结论一致，但本研究的样本量更大、随访时间更长、人群更具代表性。',
    '{I}的获益可能部分源于其对{T}的作用，但本研究并非为验证作用机制而设计。',
    '获益的绝对值较为有限：需要治疗约{K}例患者，才能在随访期内避免1例主要终点事件。',
    '在临床实践中，这一绝对获益需要与费用、用药负担以及不良事件的风险进行权衡。',
    '本研究的不良事件谱与既往研究报告基本一致，未发现新的安全性问题。',
    '本研究有若干局限性。第一，试验人群以城市三级医院的患者为主，结果推广到基层医疗机构时应谨慎。',
    '第二，随访时间仍不足以评估罕见不良事件和长期获益，延长随访研究正在进行中。',
    '第三，由于研究药物的特征性不良反应，部分研究者可能推测出分组情况，尽管终点事件由盲态委员会判定。',
    '第四，合并{T}的患者比例较低，对这部分人群的结论需要进一步研究证实。',
    '此外，研究期间背景治疗的进步可能使对照组的事件发生率低于预期，从而降低了检出差异的把握度。',
    '未来的研究应关注哪些患者最可能从{I}中获益，以及如何与现有的{C}方案合理衔接。',
    '总之，对于{D}患者，{I}在降低{O}方面优于{C}，且安全性可以接受。',
  ]),
  reviewIntro: compile([
    '{D}的诊疗在过去十年中经历了深刻变化，新的诊断技术和治疗手段不断出现。',
    '本文旨在为临床医生梳理{D}的最新证据，重点讨论对日常诊疗有直接影响的问题。',
    '我们检索了{Y}年以来发表的随机对照试验、系统综述和主要临床指南，并结合作者的临床经验进行了归纳。',
    '需要指出的是，许多推荐仍依赖于观察性研究和专家意见，证据等级并不一致。',
  ]),
  reviewEpi: compile([
    '{D}的患病率随年龄增长而升高，在70岁以上人群中尤为常见。',
    '我国的流行病学调查显示，{D}的知晓率、治疗率和控制率均有待提高，城乡之间差异明显。',
    '{T}、吸烟、肥胖和久坐的生活方式是{D}的重要危险因素，其中多数是可以干预的。',
    '近年来，随着人口老龄化和诊断手段的进步，{D}的检出病例数显著增加。',
    '{D}显著增加了患者的住院风险和死亡风险，并给家庭和社会带来沉重的照护负担。',
  ]),
  reviewMechanism: compile([
    '{D}的发病机制复杂，涉及遗传易感性、环境暴露和免疫代谢失衡等多个环节。',
    '动物模型和人体研究表明，{T}在疾病早期即可出现异常，并与后续的器官损害相关。',
    '单细胞测序等新技术揭示了疾病进展过程中不同细胞亚群的变化，为寻找新的治疗靶点提供了线索。',
    '这些机制研究为{I}等新疗法的开发奠定了基础，但从机制到临床获益之间仍有很长的距离。',
    '值得注意的是，不同患者的主导机制可能不同，这部分解释了治疗反应的异质性。',
  ]),
  reviewDiagnosis: compile([
    '{D}的诊断主要依靠临床表现、实验室检查和影像学检查的综合判断。',
    '早期患者的症状往往不典型，容易与{T}等疾病混淆，因此需要保持警惕。',
    '{T}检测的敏感性较高，但特异性有限，阳性结果需要结合其他检查加以确认。',
    '对于高危人群，定期筛查有助于早期发现病例，但筛查的最佳间隔和成本效益仍有争议。',
    '诊断时应同时评估疾病的严重程度和合并症，这对后续治疗方案的选择至关重要。',
  ]),
  reviewTreatment: compile([
    '{D}的治疗目标包括缓解症状、延缓疾病进展、减少并发症和改善长期预后。',
    '生活方式干预是所有患者的基础治疗，包括戒烟、合理膳食、规律运动和体重管理。',
    '多项大型随机试验表明，{I}可以降低{O}的风险，已被多部指南列为优先推荐。',
    '与{C}相比，{I}的获益在不同亚组中基本一致，但在高龄和肾功能不全患者中的证据仍然有限。',
    '对于初始治疗反应不佳的患者，应首先评估依从性和诊断是否正确，再考虑调整方案。',
    '{T}作为联合治疗的一部分，在部分患者中显示出额外的获益，但也增加了不良事件的风险。',
    '治疗过程中应定期监测疗效和安全性指标，并根据患者的意愿和耐受情况进行个体化调整。',
    '费用和可及性是影响治疗选择的重要因素，在资源有限的地区尤其如此。',
  ]),
  reviewSpecial: compile([
    '老年患者常合并多种疾病并同时服用多种药物，药物相互作用和跌倒风险需要特别关注。',
    '妊娠期和哺乳期女性的用药证据有限，治疗决策需要由多学科团队共同讨论。',
    '合并慢性肾脏病的患者需根据肾功能调整剂量，部分药物应避免使用。',
    '儿童和青少年患者的疾病特点与成人不同，成人研究的结论不宜直接外推。',
  ]),
  reviewFuture: compile([
    '尽管近年来进展显著，{D}领域仍有许多问题尚未解决。',
    '哪些患者最可能从{I}中获益？目前尚缺乏可靠的预测指标，基于{T}的分层策略值得探索。',
    '长期治疗的安全性和停药策略仍需更长随访时间的研究来回答。',
    '真实世界研究和实用性试验有助于评估新疗法在常规诊疗中的效果。',
    '数字化健康管理和远程随访可能改善患者的长期依从性，但其效果还需要严格评估。',
  ]),
  caseHistory: compile([
    '患者于入院前{K}天出现症状，起初为间断性，近3天明显加重，遂来急诊就诊。',
    '既往有{T}病史多年，规律服药；否认药物过敏史，无吸烟饮酒史。',
    '家族史中，其母亲患有{T}，其父亲死于心血管疾病。',
    '入院时体温37.8℃，心率102次/分，血压136/84 mmHg，呼吸频率22次/分，未吸氧时血氧饱和度为93%。',
    '体格检查发现双下肺可闻及少量湿啰音，下肢轻度水肿，其余未见明显异常。',
    '入院后给予对症支持治疗，并完善了血常规、生化、凝血功能和影像学检查。',
  ]),
  caseDdx: compile([
    '该患者的临床表现需要考虑感染、免疫、肿瘤和心血管等多方面的原因。',
    '{T}可以解释部分症状，但难以解释实验室检查中的多项异常。',
    '药物相关的不良反应也应纳入鉴别，尤其是近期新加用的药物。',
    '综合病程、体征和检查结果，我们认为{D}的可能性最大，需要进一步检查加以证实。',
    '在鉴别诊断时，应避免过早锁定单一诊断，而忽视了同时存在两种疾病的可能。',
  ]),
  caseWorkup: compile([
    '进一步检查显示{T}相关指标明显升高，支持我们的初步判断。',
    '增强CT检查发现了特征性的影像学改变，病变范围较入院时有所扩大。',
    '经多学科讨论后，患者接受了组织活检，病理结果最终明确了诊断。',
    '诊断明确后，患者开始接受{I}治疗，症状在两周内逐渐缓解。',
  ]),
  caseDiscussion: compile([
    '本例的教训在于，{D}的早期表现可能并不典型，容易被误认为{T}。',
    '文献报道，类似病例从出现症状到确诊的中位时间超过{M}周，延误诊断可能影响预后。',
    '临床医生应重视病情的动态变化，当治疗反应不符合预期时，应及时重新评估诊断。',
    '多学科协作在复杂病例的诊治中发挥了关键作用。',
    '该患者出院后{M}个月随访时病情稳定，生活质量明显改善。',
  ]),
  perspective: compile([
    '新证据出现后，临床医生往往需要在证据尚不完整时做出决定。',
    '{I}的出现为{D}患者带来了新的希望，但其推广应用面临着费用、可及性和长期安全性等多方面的挑战。',
    '从试验结果看，{I}在降低{O}方面的获益是明确的，但获益的绝对值因患者的基线风险而异。',
    '作者认为，推广{I}之前需要回答三个问题：谁最可能获益，如何监测风险，以及由谁承担费用。',
    '在我国的医疗体系中，新药进入医保目录往往需要数年时间，这期间患者只能自费使用或参加临床试验。',
    '基层医疗机构的医生对{I}的了解有限，规范化培训和转诊机制的建设同样重要。',
    '患者的价值观和偏好应当成为治疗决策的一部分，共同决策在这里尤为重要。',
    '我们还需要警惕过度使用：把在严格筛选人群中得到的结论直接推广到所有{D}患者并不恰当。',
    '监管机构、医保部门、医疗机构和临床医生需要共同努力，才能让新疗法真正惠及需要它的患者。',
    '{T}的经验提示，新疗法在真实世界中的效果往往不如临床试验中那样显著。',
    '长期来看，建立高质量的登记研究和真实世界数据平台，是评估{I}价值的关键。',
  ]),
  commentary: compile([
    '近期发表的几项研究为{D}的治疗提供了新的证据，也引发了关于适用人群的讨论。',
    '证据的强度。{I}的获益在主要终点上较为一致，但不同研究的随访时间和人群特征差异较大。',
    '对实践的启示。在推广{I}之前，应结合患者的合并症、意愿和可及性，与{C}比较后做出选择。',
    '值得注意的是，这些研究纳入的我国患者比例较低，结论的适用性需要本土数据进一步验证。',
    '对于合并{T}的患者，目前的证据仍不足以支持常规使用，个体化评估尤为重要。',
    '从卫生经济学角度看，{I}的增量成本效果比取决于价格和目标人群的基线风险。',
    '我们建议临床医生关注研究的亚组结果和长期随访数据，而不仅是主要终点的P值。',
  ]),
  digestBackground: compile([
    '{D}患者的{O}仍是临床关注的重点问题，现有治疗的效果有限。',
    '这项发表于近期的研究旨在评估{I}在{D}患者中的疗效和安全性。',
    '既往证据主要来自观察性研究，缺乏大规模随机试验的支持。',
  ]),
  digestMethods: compile([
    '研究者开展了一项{G}，共纳入{N}例{D}患者。',
    '患者被随机分配接受{I}或{C}，中位随访{M}个月。',
    '主要终点为{O}，次要终点包括全因死亡和安全性指标。',
  ]),
  digestResults: compile([
    '与{C}组相比，{I}组主要终点的发生率更低（{P}对{P}；风险比，{R}；95%置信区间，{L}）。',
    '次要终点的结果与主要终点方向一致，但部分差异未达到统计学意义。',
    '两组严重不良事件的发生率相似，{I}组的{T}略多。',
  ]),
  digestComment: compile([
    '编辑点评：该研究设计严谨、样本量充足，结果对临床实践有重要参考价值。',
    '需要注意的是，研究人群与我国患者在年龄、合并症和背景治疗方面存在差异，推广应用时应谨慎。',
    '对于合并{T}的患者，是否使用{I}仍需结合个体情况综合判断。',
    '这项研究也提示，未来的研究应关注长期获益和成本效果。',
  ]),
  catalyst: compile([
    '项目启动前，医院在{D}患者的管理中存在流程分散、信息不共享和随访中断等问题。',
    '我们组建了由临床医生、护士、药师、信息工程师和管理人员组成的多学科项目团队。',
    '项目采用“计划—实施—研究—处置”循环的方法，每{K}周评估一次进展并调整措施。',
    '关键措施包括标准化的临床路径、电子病历中的提醒功能以及出院后的电话随访。',
    '实施过程中，最大的阻力来自于工作负荷的增加和部分医务人员对新流程的不适应。',
    '通过定期反馈数据和表彰先进科室，团队逐步提高了一线人员的参与度。',
    '项目实施{M}个月后，关键质量指标明显改善，患者满意度也有所提高。',
    '成本分析显示，项目的前期投入主要用于信息系统改造和人员培训，运行成本相对较低。',
    '我们的经验表明，领导层的支持、清晰的数据指标和一线人员的参与是项目成功的关键。',
    '其他医疗机构在借鉴这一做法时，应结合自身的资源条件和患者特点进行调整。',
  ]),
  evidence: compile([
    '在阅读{D}领域的研究时，读者常常会遇到这一方法学问题。',
    '以一项比较{I}与{C}的试验为例，研究者报告了主要终点的风险比及其95%置信区间。',
    '理解这一概念的关键在于区分统计学意义和临床意义：P值小并不意味着效应大。',
    '置信区间提供了比P值更多的信息，它反映了效应估计的精确程度。',
    '如果研究者在看到数据后才决定分析方法，结果就可能受到选择性报告的影响。',
    '预先注册的研究方案和统计分析计划是判断研究可信度的重要依据。',
    '读者还应关注研究人群是否与自己的患者相似，以及终点指标是否对患者有意义。',
    '{T}相关的研究尤其容易出现这类问题，因为终点的定义和测量方法差异很大。',
    '在临床决策中，应将研究结果与患者的具体情况和意愿结合起来。',
  ]),
  writing: compile([
    '很多作者在这一部分的写作中会遇到相似的问题：信息不完整、逻辑不清或与研究方案不一致。',
    '以一项{D}的随机试验为例，作者应清楚说明研究设计、纳入排除标准、干预措施和终点定义。',
    '审稿人最常提出的意见之一，是样本量估算的依据没有交代清楚。',
    '报告规范（如CONSORT、STROBE）提供了逐条核对的清单，投稿前对照检查可以避免很多遗漏。',
    '统计方法的描述应足够详细，使有经验的读者能够根据原始数据重复分析。',
    '结果部分应先报告研究人群的基本情况，再报告主要终点和次要终点，避免选择性呈现。',
    '讨论部分应首先概括主要发现，然后与既往研究比较，最后坦诚地讨论局限性。',
    '用词应准确克制，避免“首次”“显著改善”等没有数据支持的表述。',
    '图表应能够独立于正文被理解，标题、单位和缩写都要交代清楚。',
  ]),
  audio: compile([
    '主持人：欢迎收听本期节目。今天我们请到了一位长期从事{D}临床和研究工作的专家。',
    '嘉宾：谢谢邀请。这项研究关注的是{D}患者的{O}，这是我们临床上每天都会遇到的问题。',
    '主持人：这项研究的设计有什么特别之处？',
    '嘉宾：它是一项{G}，纳入了{N}例患者，随访时间也比较长，这在同类研究中是比较少见的。',
    '嘉宾：结果显示，{I}组的主要终点事件比{C}组少，而且获益在各个亚组中都比较一致。',
    '主持人：那么对于临床医生来说，最重要的启示是什么？',
    '嘉宾：我认为最重要的是选对患者。不是所有{D}患者都需要{I}，高风险患者的获益最明显。',
    '嘉宾：另外，合并{T}的患者在研究中占比不高，对这部分人群我们还需要更多的数据。',
    '主持人：安全性方面需要注意什么？',
    '嘉宾：总体来看安全性可以接受，但用药初期要注意监测，尤其是老年患者和肾功能不全的患者。',
    '主持人：感谢您的精彩分享，也感谢各位听众的收听，我们下期再见。',
  ]),
  animation: compile([
    '画面一：一位{D}患者走进诊室，旁白介绍这一疾病的负担和现有治疗的不足。',
    '画面二：以示意图展示{I}的作用机制，以及它如何影响{O}。',
    '画面三：研究设计动画：{N}例患者被随机分为两组，分别接受{I}和{C}。',
    '画面四：两条累积事件曲线逐渐分离，屏幕上显示风险比{R}及其95%置信区间。',
    '画面五：列出主要的不良事件，提醒观众关注安全性。',
    '画面六：总结研究的局限性和对临床实践的启示。',
  ]),
};
type BankName = keyof typeof BANKS;

// ---------------------------------------------------------------------------------------------
// Assembly.

/** Collects the body's HTML and counts its text. */
class Writer {
  html = '';
  chars = 0;
  text(tag: string, text: string) {
    this.html += `<${tag}>${text}</${tag}>`;
    this.chars += text.length;
  }
  raw(html: string, chars: number) {
    this.html += html;
    this.chars += chars;
  }
}

/** One paragraph of 3 to 6 sentences of a bank (no sentence twice in a row). */
function paragraph(rnd: Random, bank: Compiled[], topic: BodyTopic): string {
  const k = rnd.int(3, 6);
  let at = rnd.int(0, bank.length - 1);
  const step = 1 + rnd.int(0, Math.max(0, bank.length - 2));
  let out = '';
  for (let i = 0; i < k; i++) {
    out += fill(rnd, bank[at]!, topic);
    at = (at + step) % bank.length;
  }
  return out;
}

/** Paragraphs of the bank until the body holds `until` characters (at least one paragraph). */
function section(w: Writer, rnd: Random, bank: BankName, topic: BodyTopic, until: number) {
  do w.text('p', paragraph(rnd, BANKS[bank], topic));
  while (w.chars < until);
}

interface Part {
  h2?: string;
  h3?: string;
  bank?: BankName;
  /** Share of the body's length. */
  share?: number;
  extra?: (w: Writer, rnd: Random, topic: BodyTopic, no: { table: number; figure: number }) => void;
}

const num = (rnd: Random, mean: number, sd: number) => (mean + (rnd.next() - 0.5) * 2 * sd).toFixed(1);

function table(caption: string, head: string[], rows: string[][]): { html: string; chars: number } {
  const cells = (tag: string, r: string[]) => `<tr>${r.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
  const html = `<table><caption>${caption}</caption><thead>${cells('th', head)}</thead><tbody>${rows.map((r) => cells('td', r)).join('')}</tbody></table>`;
  const chars = caption.length + [head, ...rows].reduce((n, r) => n + r.join('').length, 0);
  return { html, chars };
}

/** The pictures of server/assets/figures, each with what it shows. */
export const FIGURES = {
  curve: '/api/static/figures/cumulative-incidence.svg',
  forest: '/api/static/figures/forest-plot.svg',
  flow: '/api/static/figures/patient-flow.svg',
  bars: '/api/static/figures/bar-chart.svg',
} as const;

function figure(w: Writer, src: string, caption: string, alt: string) {
  w.raw(`<figure><img src="${src}" alt="${alt}" loading="lazy"><figcaption>${caption}</figcaption></figure>`, caption.length);
}

function baselineTable(w: Writer, rnd: Random, topic: BodyTopic, no: { table: number }) {
  const a = Math.floor(topic.patients / 2);
  const b = topic.patients - a;
  const share = (n: number, p: number) => `${Math.round((n * p) / 100)}（${p.toFixed(1)}）`;
  const both = (p: number) => [share(a, p + (rnd.next() - 0.5) * 4), share(b, p + (rnd.next() - 0.5) * 4)];
  const t = table(
    `表${++no.table}. 患者基线特征`,
    ['特征', `${topic.intervention}组（N=${a}）`, `${topic.comparator}组（N=${b}）`],
    [
      ['年龄（岁），均值±标准差', `${num(rnd, 62, 3)}±${num(rnd, 10, 1)}`, `${num(rnd, 62, 3)}±${num(rnd, 10, 1)}`],
      ['女性，例（%）', ...both(rnd.int(30, 55))],
      ['体重指数，均值±标准差', `${num(rnd, 26, 2)}±${num(rnd, 4, 0.5)}`, `${num(rnd, 26, 2)}±${num(rnd, 4, 0.5)}`],
      ['高血压，例（%）', ...both(rnd.int(40, 75))],
      ['糖尿病，例（%）', ...both(rnd.int(15, 40))],
      [`${topic.disease}病程（年），中位数（四分位距）`, `${rnd.int(3, 8)}（${rnd.int(1, 2)}～${rnd.int(9, 14)}）`, `${rnd.int(3, 8)}（${rnd.int(1, 2)}～${rnd.int(9, 14)}）`],
      ['eGFR（ml/min/1.73 m²），均值±标准差', `${num(rnd, 72, 6)}±${num(rnd, 18, 2)}`, `${num(rnd, 72, 6)}±${num(rnd, 18, 2)}`],
    ],
  );
  w.raw(t.html, t.chars);
}

function outcomesTable(w: Writer, rnd: Random, topic: BodyTopic, no: { table: number }) {
  const a = Math.floor(topic.patients / 2);
  const b = topic.patients - a;
  const row = (name: string, p: number) => {
    const q = p * (0.55 + rnd.next() * 0.5);
    return [name, `${Math.round((a * q) / 100)}（${q.toFixed(1)}）`, `${Math.round((b * p) / 100)}（${p.toFixed(1)}）`, `${ratio(rnd)}（${ci(rnd)}）`];
  };
  const t = table(
    `表${++no.table}. 主要终点、次要终点与安全性`,
    ['终点', `${topic.intervention}组，例（%）`, `${topic.comparator}组，例（%）`, '风险比（95% CI）'],
    [
      row(`主要终点：${topic.outcome}`, rnd.int(8, 30)),
      row('全因死亡', rnd.int(3, 12)),
      row(`因${topic.disease}住院`, rnd.int(6, 20)),
      row('严重不良事件', rnd.int(15, 35)),
      row('导致停药的不良事件', rnd.int(3, 10)),
    ],
  );
  w.raw(t.html, t.chars);
}

const TRIAL_NAMES = ['QY-ATLAS', 'QY-BRIDGE', 'QY-CREST', 'QY-DELTA', 'QY-EMBER', 'QY-FOCUS', 'QY-GUIDE', 'QY-HORIZON', 'QY-ISLE', 'QY-JADE'];

function trialsTable(w: Writer, rnd: Random, topic: BodyTopic, no: { table: number }) {
  const start = rnd.int(0, TRIAL_NAMES.length - 1);
  const rows = Array.from({ length: rnd.int(4, 6) }, (_, k) => [
    TRIAL_NAMES[(start + k) % TRIAL_NAMES.length]!,
    String(rnd.int(2012, 2025)),
    String(rnd.int(20, 900) * 10),
    k % 2 === 0 ? `${topic.intervention}对比${topic.comparator}` : `${topic.intervention}联合标准治疗`,
    `${topic.outcome}：风险比 ${ratio(rnd)}（${ci(rnd)}）`,
  ]);
  const t = table(`表${++no.table}. ${topic.disease}的主要随机对照试验`, ['试验', '发表年份', '患者数', '比较', '主要结果'], rows);
  w.raw(t.html, t.chars);
}

function labTable(w: Writer, rnd: Random, no: { table: number }) {
  const t = table(
    `表${++no.table}. 实验室检查结果`,
    ['指标', '参考范围', '入院时', '入院第3天'],
    [
      ['血红蛋白（g/L）', '130～175', String(rnd.int(88, 128)), String(rnd.int(85, 130))],
      ['白细胞计数（×10⁹/L）', '3.5～9.5', num(rnd, 12, 4), num(rnd, 9, 3)],
      ['血小板计数（×10⁹/L）', '125～350', String(rnd.int(90, 420)), String(rnd.int(90, 420))],
      ['C反应蛋白（mg/L）', '&lt;10', String(rnd.int(15, 180)), String(rnd.int(8, 120))],
      ['肌酐（μmol/L）', '57～111', String(rnd.int(70, 190)), String(rnd.int(65, 170))],
      ['丙氨酸转氨酶（U/L）', '9～50', String(rnd.int(18, 140)), String(rnd.int(15, 110))],
      ['乳酸（mmol/L）', '0.5～2.2', num(rnd, 2.4, 1), num(rnd, 1.6, 0.6)],
    ],
  );
  w.raw(t.html, t.chars);
}

function qualityTable(w: Writer, rnd: Random, no: { table: number }) {
  const row = (name: string, before: number, unit: string) => {
    const after = before * (0.6 + rnd.next() * 0.3);
    return [name, `${before.toFixed(1)}${unit}`, `${after.toFixed(1)}${unit}`, `${(((after - before) / before) * 100).toFixed(1)}%`];
  };
  const t = table(
    `表${++no.table}. 项目实施前后的关键指标`,
    ['指标', '实施前', '实施后', '相对变化'],
    [
      row('平均住院日', 6 + rnd.next() * 6, '天'),
      row('30天再入院率', 8 + rnd.next() * 10, '%'),
      row('候诊时间', 30 + rnd.next() * 60, '分钟'),
      row('每例次直接费用', 4 + rnd.next() * 8, '千元'),
    ],
  );
  w.raw(t.html, t.chars);
}

const PLANS: Record<BodyKind, Part[]> = {
  original: [
    { h2: '背景', bank: 'background', share: 0.12 },
    { h2: '方法' },
    { h3: '试验设计与监督', bank: 'design', share: 0.05 },
    { h3: '患者', bank: 'patients', share: 0.05 },
    { h3: '随机分组与干预', bank: 'intervention', share: 0.05 },
    { h3: '终点', bank: 'endpoints', share: 0.04 },
    { h3: '统计分析', bank: 'stats', share: 0.05 },
    { h2: '结果' },
    { h3: '患者特征', bank: 'resultsPatients', share: 0.06, extra: (w, r, t, no) => baselineTable(w, r, t, no) },
    {
      h3: '主要终点',
      bank: 'resultsPrimary',
      share: 0.08,
      extra: (w, _r, t, no) =>
        figure(w, FIGURES.curve, `图${++no.figure}. ${t.intervention}组与${t.comparator}组${t.outcome}的累积发生率`, `${t.outcome}的累积发生率曲线`),
    },
    { h3: '次要终点', bank: 'resultsSecondary', share: 0.06, extra: (w, r, t, no) => outcomesTable(w, r, t, no) },
    {
      h3: '安全性',
      bank: 'safety',
      share: 0.04,
      extra: (w, _r, t, no) => figure(w, FIGURES.forest, `图${++no.figure}. 预先设定亚组中主要终点的风险比`, `${t.outcome}的亚组分析森林图`),
    },
    { h2: '讨论', bank: 'discussion', share: 0.35 },
  ],
  review: [
    { h2: '引言', bank: 'reviewIntro', share: 0.06 },
    { h2: '流行病学与疾病负担', bank: 'reviewEpi', share: 0.12 },
    { h2: '发病机制', bank: 'reviewMechanism', share: 0.14 },
    {
      h2: '临床表现与诊断',
      bank: 'reviewDiagnosis',
      share: 0.16,
      extra: (w, _r, t, no) => figure(w, FIGURES.flow, `图${++no.figure}. ${t.disease}的诊断与评估流程`, `${t.disease}诊断流程图`),
    },
    { h2: '治疗', bank: 'reviewTreatment', share: 0.26, extra: (w, r, t, no) => trialsTable(w, r, t, no) },
    { h2: '特殊人群', bank: 'reviewSpecial', share: 0.1 },
    { h2: '尚待解决的问题', bank: 'reviewFuture', share: 0.12 },
    { h2: '结论', bank: 'reviewFuture', share: 0.04 },
  ],
  case: [
    { h2: '病例介绍', bank: 'caseHistory', share: 0.25, extra: (w, r, _t, no) => labTable(w, r, no) },
    { h2: '鉴别诊断', bank: 'caseDdx', share: 0.3 },
    {
      h2: '诊断性检查',
      bank: 'caseWorkup',
      share: 0.15,
      extra: (w, _r, t, no) => figure(w, FIGURES.bars, `图${++no.figure}. 住院期间主要实验室指标的变化`, `${t.disease}病例的实验室指标变化`),
    },
    { h2: '讨论', bank: 'caseDiscussion', share: 0.25 },
  ],
  perspective: [{ bank: 'perspective', share: 1 }],
  commentary: [{ bank: 'commentary', share: 1 }],
  digest: [
    { h2: '研究背景', bank: 'digestBackground', share: 0.2 },
    { h2: '研究方法', bank: 'digestMethods', share: 0.2 },
    { h2: '主要结果', bank: 'digestResults', share: 0.3 },
    { h2: '编辑点评', bank: 'digestComment', share: 0.3 },
  ],
  catalyst: [
    { h2: '项目背景与目标', bank: 'catalyst', share: 0.2 },
    { h2: '实施过程与关键措施', bank: 'catalyst', share: 0.3 },
    { h2: '效果评估', bank: 'catalyst', share: 0.25, extra: (w, r, _t, no) => qualityTable(w, r, no) },
    { h2: '经验与教训', bank: 'catalyst', share: 0.25 },
  ],
  evidence: [
    { h2: '问题的提出', bank: 'evidence', share: 0.25 },
    { h2: '方法学解释', bank: 'evidence', share: 0.35 },
    { h2: '对阅读和应用证据的建议', bank: 'evidence', share: 0.4 },
  ],
  writing: [
    { h2: '常见问题', bank: 'writing', share: 0.35 },
    { h2: '写作建议与示例', bank: 'writing', share: 0.45 },
    { h2: '自查要点', bank: 'writing', share: 0.2 },
  ],
  audio: [{ h2: '节目文字稿', bank: 'audio', share: 1 }],
  animation: [{ h2: '动画脚本', bank: 'animation', share: 1 }],
};

/**
 * The body of one article: HTML of about the kind's length (BODY_LENGTHS), built from the plan of
 * its kind. Draws from `rnd` (the length first, then the sentences).
 */
export function articleBody(rnd: Random, kind: BodyKind, topic: BodyTopic): string {
  const [min, max] = BODY_LENGTHS[kind];
  const target = rnd.int(min, max);
  const w = new Writer();
  const no = { table: 0, figure: 0 };
  const parts = PLANS[kind];
  // Each section fills the body up to its cumulative share of the target (headings, tables and
  // figure captions count too), so the body ends at the paragraph that reaches the target and an
  // overshoot never accumulates from section to section.
  const shares = parts.reduce((sum, p) => sum + (p.share ?? 0), 0);
  let done = 0;
  for (const part of parts) {
    if (part.h2) w.text('h2', part.h2);
    if (part.h3) w.text('h3', part.h3);
    if (part.bank) {
      done += part.share ?? 0;
      section(w, rnd, part.bank, topic, Math.floor((target * done) / shares));
    }
    part.extra?.(w, rnd, topic, no);
  }
  return w.html;
}

/** Length of a body's text as BODY_LENGTHS counts it (tags and white space left out, an entity one character). */
export const bodyLength = (html: string) =>
  html.replace(/<[^>]*>/g, '').replace(/&[a-z]+;/g, '.').replace(/\s/g, '').length;
