// Writes bench/relevance.json: queries over the demo seed (the articles of generateArticles) with
// the articles each must return in its top 10. The expectations come from the seed's own text, by
// plain substring rules a reader would apply, never from the search engine:
//   - medical terms, two-character terms, English terms, phrases: every article whose title
//     contains the query (case-insensitive; an English term as a whole word);
//   - author names: every article whose author list names that person;
//   - synonyms and abbreviations (issue 21): every article whose title contains any form of the
//     glossary term the query names (its Chinese term, English term, an abbreviation or synonym;
//     server/src/db/seed/glossary.ts), the query itself never being in those titles.
// Only queries with 1 to 10 such articles are kept (so "in the top 10" is well defined).
//
//   cd server && npx tsx bench/relevance-derive.ts
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateArticles } from '../src/db/seed/generate.js';
import { GLOSSARY } from '../src/db/seed/glossary.js';

const articles = generateArticles(new Date());

const titleHas = (q: string) => {
  const latin = /^[a-z0-9]/i.test(q);
  const re = latin ? new RegExp(`(^|[^a-z0-9])${q.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}($|[^a-z0-9])`, 'i') : undefined;
  return articles.filter((a) => (re ? re.test(a.title) : a.title.includes(q))).map((a) => a.permalinks);
};
const authorIs = (name: string) =>
  articles.filter((a) => a.pcauthor.split(', ').includes(name)).map((a) => a.permalinks);

const candidates: { query: string; kind: string; expect: string[]; rule: string }[] = [];
const add = (kind: string, rule: string, queries: string[], find: (q: string) => string[]) => {
  for (const query of queries) {
    const expect = find(query);
    if (expect.length >= 1 && expect.length <= 10) candidates.push({ query, kind, expect, rule });
  }
};

add('medical', 'title contains the term', [
  '心房颤动', '射血分数保留的心力衰竭', '急性心肌梗死', '急性缺血性卒中', '难治性高血压', '主动脉瓣狭窄',
  '非小细胞肺癌', '转移性结直肠癌', '晚期黑色素瘤', '急性髓系白血病', '肝细胞癌', '糖尿病肾病', '肥胖症',
  '妊娠期糖尿病', '慢性阻塞性肺疾病', '重度哮喘', '特发性肺纤维化', '社区获得性肺炎', '急性呼吸窘迫综合征',
  '子痫前期', '新生儿败血症', '多囊卵巢综合征', '类风湿关节炎', '慢性肾脏病', '重度抑郁症', '阿尔茨海默病',
  '中重度银屑病', '骨质疏松性骨折', '脓毒症', '耐药结核病', '季节性流感', '呼吸道合胞病毒感染', '碳青霉烯耐药菌感染',
  '经导管主动脉瓣置换', '血管内取栓', '肾动脉去神经术', '强化降脂治疗', '新辅助免疫治疗', '立体定向放疗',
  '闭环胰岛素输注系统', '强化生活方式干预', '三联吸入治疗', '俯卧位通气', '早期糖皮质激素', '抗纤维化药物',
  '小剂量阿司匹林', '产前糖皮质激素', '延迟脐带结扎', '数字化认知行为治疗', '序贯促骨形成治疗', '限制性补液策略',
  '无进展生存期', '病理完全缓解', '客观缓解率', '糖化血红蛋白', '严重低血糖', '用力肺活量下降', '无呼吸机天数',
  '围产期不良结局', '活产率', '认知评分变化', '症状缓解时间', '病毒学抑制', '大出血', '心衰住院',
], titleHas);
add('two-char', 'title contains the term', ['肺癌', '哮喘', '卒中', '早产', '流感', '骨折', '肥胖', '晕厥', '皮疹', '孕妇', '抗凝', '放疗', '出血', '写作', '伦理', '审稿', '摘要', '混杂'], titleHas);
add('english', 'title contains the term as a word', ['SGLT2', 'PD-1', 'HER2', 'CAR-T', 'GLP-1', 'JAK', 'IL-23', 'QY-217', 'QY-508', 'QY-330', 'QY-112', 'QY-645', 'QY-901', 'QY-402', 'RSV', 'HIV', 'eGFR', 'PICO', 'Xa'], titleHas);
add('phrase', 'title contains the phrase', [
  '诊疗指南要点', '一周文献速览', '研究的新兴领域', '改变实践的证据', '对临床实践的启示', '的前景与挑战', '诊疗中的公平与可及',
  '真实世界证据能否替代随机试验', '亚组分析的陷阱', '复合终点的解读', '贝叶斯方法在临床试验中的应用', '适应性设计的利与弊',
  '远程医疗在县域医共体中的实践', '临床医生职业倦怠的组织干预', '电子病历中的临床决策支持', '生存分析的常见错误',
  '发热伴进行性呼吸困难', '不明原因体重下降', '急性意识改变', '反复晕厥', '如何理解非劣效性试验的结论',
], titleHas);
// Author names: the names of the demo's authors (Chinese and Western), as listed.
const names = [...new Set(articles.flatMap((a) => a.pcauthor.split(', ')))].sort();
add('author', 'an author of the article', names, authorIs);

// Synonyms and abbreviations a doctor types, none of them in the titles it must find.
const formsOf = (q: string) => {
  const entry = GLOSSARY.find((g) => [g.term, g.english, ...g.aliases].some((f) => f.toLowerCase() === q.toLowerCase()));
  if (!entry) throw new Error(`${q} is not a glossary form`);
  return [entry.term, entry.english, ...entry.aliases];
};
const SYNONYM_QUERIES = [
  'HFpEF', '射血分数保留心衰', 'LVEF', 'RDN', 'TAVR', 'TAVI', '乙酰水杨酸', 'ASA', 'FXa抑制剂', 'Xa抑制剂', 'MACE', 'SGLT2i',
  '列净类药物', 'EVT', '机械取栓', '老年痴呆', '阿尔茨海默症', 'SBRT', 'SABR', 'pCR', 'ORR', 'PFS', 'GLP-1RA', 'GLP-1激动剂',
  '人工胰腺', 'COPD', '慢阻肺', '重症哮喘', '难治性哮喘', 'FVC', 'IPF', 'CAP', 'DR-TB', '病毒抑制', '先兆子痫', '产前激素',
  '促胎肺成熟', 'DCC', '延迟断脐', 'PCOS', '新生儿脓毒症', '小儿哮喘', 'CKD', '慢性肾病', 'RA', '类风关', 'JAKi', '牛皮癣',
  'MDD', 'CBT', '认知行为疗法', '非劣效试验', '复合结局', '贝叶斯统计',
];
add('synonym', 'title contains a form of the glossary term the query names (not the query itself)', SYNONYM_QUERIES, (q) => {
  if (titleHas(q).length) throw new Error(`${q} is in a title: not a synonym-only query`);
  return [...new Set(formsOf(q).flatMap(titleHas))];
});

// A fixed, spread selection: per kind, every n-th candidate, so the set covers each kind.
const want: Record<string, number> = { medical: 14, 'two-char': 8, english: 9, phrase: 10, author: 9, synonym: SYNONYM_QUERIES.length };
const queries = Object.entries(want).flatMap(([kind, n]) => {
  const of = candidates.filter((c) => c.kind === kind);
  const step = Math.max(1, of.length / n);
  return Array.from({ length: Math.min(n, of.length) }, (_, k) => of[Math.floor(k * step)]!);
});

const out = {
  description:
    'Search relevance set over the demo seed (the articles of generateArticles, server/src/db/seed/generate.ts): each query must return every listed article (permalinks) in its top 10. Derived by bench/relevance-derive.ts from the seed text by the rule given per query, never from the engine.',
  queries: queries.map(({ query, kind, expect, rule }) => ({ query, kind, rule, expect })),
};
writeFileSync(join(dirname(fileURLToPath(import.meta.url)), 'relevance.json'), `${JSON.stringify(out, null, 2)}\n`);
console.log(`${out.queries.length} queries`, Object.fromEntries(Object.keys(want).map((k) => [k, out.queries.filter((q) => q.kind === k).length])));
