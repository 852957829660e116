// Strings this app shows that the spec does not fix (spec strings come from MSG in @qianyan/shared).
import { SITE_NAME } from '@qianyan/shared';

export { pageTitle, SITE_NAME } from '@qianyan/shared';
// Headings of the list pages, which the server also puts in each page's <title> and description
// before scripts run: each release ships them as page-heads.json.
import PAGE_HEADS from './pageHeads.json';

/** A list page's name and one-line description, as its release ships them for the server. */
const headOf = (path: keyof typeof PAGE_HEADS) => ({ name: PAGE_HEADS[path].title, intro: PAGE_HEADS[path].intro });

export const TEXT = {
  home: '首页',
  homeTitle: `${SITE_NAME} · 医学前沿`,
  heroPitch: '权威医学期刊的中文译文、专家述评与医学课程，服务临床医生与医学生。',
  heroBrowse: '浏览期刊文章',
  heroCourses: '课程资源',
  latestJournal: '最新期刊文章',
  more: '查看更多',
  filters: '筛选',
  sort: '排序',
  sortNewest: '最新',
  sortOldest: '最早',
  sortHottest: '最热',
  diseaseAreas: '疾病领域',
  dateRange: '发布日期',
  startDate: '开始日期',
  endDate: '结束日期',
  reset: '重置',
  confirm: '确定',
  clearFilters: '清除筛选',
  removeCollect: '取消收藏',
  articleTypes: '文章类型',
  results: '文章列表',
  total: (n: number) => `共 ${n} 篇`,
} as const;

/** Names and one-line descriptions of the article list pages (spec §2.10) and the home entry cards. */
export const LIST_PAGE_INFO = {
  '/nejm-list': headOf('/nejm-list'),
  '/nejm-periodical-list': headOf('/nejm-periodical-list'),
  '/nejm-catalyst-list': headOf('/nejm-catalyst-list'),
  '/nejm-evidence-list': headOf('/nejm-evidence-list'),
} as const;

/** The list screens without tabs and the disease-area list (spec §2.1, §2.10). */
export const SCREEN_INFO = {
  clinicalResearch: headOf('/clinical-research-list'),
  commentary: headOf('/commentary'),
  professional: { intro: (area: string) => `${area}领域的期刊文章与动画解读。` },
  more: { name: '更多相关文章', intro: '与所读内容相关的全部文章，可按发布日期、期刊文章类型与期刊文摘类型筛选。' },
} as const;

/** /professional-more (spec §2.1): the type groups of its filters. */
export const MORE_TEXT = {
  journalTypes: '期刊文章类型',
  digestTypes: '期刊文摘类型',
} as const;

/** /professional-article-list (spec §2.10): tab labels, the footer and the unknown-code panel. */
export const PROFESSIONAL_TEXT = {
  tabArticles: '文章',
  tabAnimations: '动画解读',
  otherAreas: '其他专业领域',
  unknownArea: '未找到该专业领域',
  unknownAreaText: '链接中的专业领域不存在或已调整，请从下方选择要浏览的领域。',
} as const;

/**
 * Names of the professional fields (spec §2.3) shown until the class list arrives or when it fails;
 * the page prefers the class names from selectArticleClass. Code 80 is the commentary column.
 */
export const FIELD_NAMES: Record<number, string> = {
  10: '心脑血管',
  20: '肿瘤',
  30: '糖尿病',
  40: '呼吸',
  50: '妇产与儿科',
  60: '其他',
  70: '感染',
  80: '述评',
};

export const COURSE_ENTRY = {
  path: '/course-resources',
  name: '课程资源',
  intro: '编辑课堂视频课程与临床研究与实践图文课程。',
};

/** Chinese names of the mf-content sections that have no screen yet (ARCHITECTURE §3.5). */
export const SECTION_NAMES: Record<string, string> = {
  '/about': '关于我们',
  '/search': '搜索',
  '/article-info': '文章详情',
  '/animation-list': '动画解读',
  '/animation-particulars': '动画解读详情',
  '/audio-list': '音频',
  '/audio-particulars': '音频详情',
  '/period-article': '往期期刊',
  '/latest-periodical': '最新一期',
  '/nejm-catalog': '期刊目录',
};

/** /search (spec §2.13): tab labels by key, filters, counts and the pager. */
export const SEARCH_TEXT = {
  title: '搜索',
  heading: '搜索结果',
  intro: (query: string) => `与“${query}”相关的内容`,
  noQuery: '请输入关键词搜索文章、动画与课程',
  tabs: { 5: '期刊文章', 9: '临床研究写作', 1: '述评', 7: '动画解读', 11: '课程' } as Record<number, string>,
  sortRelevance: '相关度',
  subjects: '学科',
  total: (n: number) => `共 ${n} 条结果`,
  results: '搜索结果列表',
  collect: '收藏',
  firstPage: '首页',
  lastPage: '末页',
  pager: '分页',
  pageSize: '每页条数',
  perPage: (n: number) => `${n} 条/页`,
  didYouMean: '您是不是要找：',
} as const;
