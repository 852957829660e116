// Fixed reference rows: ids come from the product specification (§2.3, §3) and never change.

export const SOURCES = [
  { id: 5, name: '期刊', logo: '/api/static/logos/source-5.svg', sort: 1 },
  { id: 6, name: '文摘', logo: '/api/static/logos/source-6.svg', sort: 2 },
  { id: 7, name: '动画解读', logo: '', sort: 3 },
  { id: 8, name: '音频', logo: '', sort: 4 },
  { id: 9, name: '临床研究写作', logo: '', sort: 5 },
  { id: 10, name: 'Catalyst', logo: '/api/static/logos/source-10.svg', sort: 6 },
  { id: 11, name: 'Evidence', logo: '/api/static/logos/source-11.svg', sort: 7 },
  { id: 1, name: '述评', logo: '', sort: 8 },
];

/** Article class id ↔ professional-field code (spec §2.3: 10→4, 20→2, 30→3, 40→7, 50→8, 60→1, 70→9). */
export const CLASSES = [
  { id: 4, classname: '心脑血管', code: 10, sort: 1 },
  { id: 2, classname: '肿瘤', code: 20, sort: 2 },
  { id: 3, classname: '糖尿病', code: 30, sort: 3 },
  { id: 7, classname: '呼吸', code: 40, sort: 4 },
  { id: 8, classname: '妇产与儿科', code: 50, sort: 5 },
  { id: 1, classname: '其他', code: 60, sort: 6 },
  { id: 9, classname: '感染', code: 70, sort: 7 },
].map((c) => ({ ...c, xcxIconSe: `/api/static/icons/class-${c.code}.svg` }));

/** List tabs per source (spec §2.10, §3 Filter ids). */
export const FILTERS = [
  { id: 1, sourceId: 5, filtername: '综述类' },
  { id: 2, sourceId: 5, filtername: '临床病例类' },
  { id: 3, sourceId: 5, filtername: '论著类' },
  { id: 4, sourceId: 5, filtername: '评论类' },
  { id: 5, sourceId: 5, filtername: '其他' },
  { id: 6, sourceId: 6, filtername: '临床指南' },
  { id: 7, sourceId: 6, filtername: '对临床实践的启示' },
  { id: 8, sourceId: 6, filtername: '临床实践的改变' },
  { id: 15, sourceId: 6, filtername: '新兴领域' },
  { id: 16, sourceId: 6, filtername: '其他' },
  { id: 19, sourceId: 10, filtername: '案例报告' },
  { id: 20, sourceId: 10, filtername: '论文' },
  { id: 21, sourceId: 10, filtername: '深度论文' },
  { id: 22, sourceId: 10, filtername: '特刊专栏' },
  { id: 23, sourceId: 11, filtername: '综述类' },
  { id: 24, sourceId: 11, filtername: '病例类' },
  { id: 25, sourceId: 11, filtername: '论著类' },
  { id: 26, sourceId: 11, filtername: '评论类' },
  { id: 27, sourceId: 11, filtername: '其他' },
].map((f, i) => ({ ...f, sort: i + 1 }));

/** Article types of the clinical research writing source. */
export const ARTICLE_TYPES = [
  { id: 1, sourceId: 9, typename: '研究设计', sort: 1 },
  { id: 2, sourceId: 9, typename: '统计方法', sort: 2 },
  { id: 3, sourceId: 9, typename: '论文撰写', sort: 3 },
  { id: 4, sourceId: 9, typename: '投稿与发表', sort: 4 },
];

/**
 * The four plans (prices in fen). The spec's price figures 25, 200, 35, 300 are read as: continuous
 * (auto-renewing) plans are the cheaper ones, as is usual for subscriptions (docs/decisions.md).
 */
export const SERVICE_PLANS = [
  {
    id: 1,
    type: 1,
    title: '月度会员',
    priceFen: 3500,
    months: 1,
    memberEquityId: '1,2,3,4',
    intro: '一次购买一个月，到期不自动续费',
    sort: 3,
  },
  {
    id: 2,
    type: 2,
    title: '年度会员',
    priceFen: 30000,
    months: 12,
    memberEquityId: '1,2,3,4,5',
    intro: '一次购买一年，赠送年度会员礼品',
    sort: 4,
  },
  {
    id: 3,
    type: 3,
    title: '连续包月',
    priceFen: 2500,
    months: 1,
    memberEquityId: '1,2,3,4',
    intro: '每月自动续费，可随时取消',
    sort: 1,
  },
  {
    id: 4,
    type: 4,
    title: '连续包年',
    priceFen: 20000,
    months: 12,
    memberEquityId: '1,2,3,4,5',
    intro: '每年自动续费，首年赠送年度会员礼品',
    sort: 2,
  },
].map((p) => ({
  ...p,
  pcImg: `/api/static/plans/plan-${p.type}.svg`,
  mobileImg: `/api/static/plans/plan-${p.type}.svg`,
}));

export const EQUITY_ITEMS = [
  { id: 1, title: '全文阅读', infos: '期刊、文摘、Catalyst 与 Evidence 文章不限篇数阅读全文' },
  { id: 2, title: '专家述评', infos: '每篇述评完整阅读，含编辑部解读' },
  { id: 3, title: '动画与音频', infos: '动画解读与音频节目不限次数观看、收听' },
  { id: 4, title: '课程视频', infos: '编辑课堂与临床研究课程完整观看' },
  { id: 5, title: '年度礼品', infos: '年度会员专享纪念礼品，需填写收货地址' },
].map((e, i) => ({ ...e, icon: `/api/static/icons/equity-${e.id}.svg`, sort: i + 1 }));

export const MODULE_SWITCHES = [
  { moduleName: 'advert', switchValue: 1 },
  { moduleName: 'hot_read', switchValue: 1 },
];

export const DEMO_PASSWORD = 'Qianyan#2026';
