// Strings of the home page, periodicals, animations, audio and about pages that the spec does not fix.
// The list pages' headings come from the release's page-heads.json (the server's <title> and description too).
import PAGE_HEADS from '../pageHeads.json';
export const HOME_TEXT = {
  banners: '焦点推荐',
  prevSlide: '上一张',
  nextSlide: '下一张',
  slide: (n: number) => `第 ${n} 张`,
  hotReads: '热门阅读',
  prevPage: '上一页',
  nextPage: '下一页',
  pageOf: (page: number, pages: number) => `${page} / ${pages}`,
  periodical: '最新期刊',
  periodicalMore: '往期期刊',
  latestIssue: '本期全部',
  adverts: '推荐',
  animations: '动画解读',
  commentaries: '述评',
  fields: '专业领域',
  editingClass: '编辑课堂',
  editingClassFallback: '课程正在加载，您也可以直接前往课程资源。',
  toCourses: '前往课程资源',
  more: '更多',
  closeAdvert: '关闭广告',
  relation: { 10: '课程', 20: '会议预告', 30: '会议回顾', 40: '文章' } as Record<number, string>,
  empty: '暂无内容',
} as const;

/** Professional fields of spec §2.3 that are not article classes. */
export const EXTRA_FIELDS = {
  commentary: { code: 80, name: '述评', to: '/commentary' },
  tobacco: { code: 90, name: '控烟', url: 'https://www.who.int/health-topics/tobacco' },
} as const;

export const PERIOD_TEXT = {
  title: PAGE_HEADS['/period-article'].title,
  latestTitle: PAGE_HEADS['/latest-periodical'].title,
  keptOffline: (n: number) => `本期 ${n} 篇已保存，无网络时也可阅读`,
  year: '年份',
  yearOption: (y: number) => `${y}年`,
  month: (m: number) => `${m}月`,
  journal: '期刊文章',
  digest: '期刊文摘',
  animations: '动画解读',
  commentaries: '述评',
  catalog: '本期目录',
  noMonths: '该年份暂无期刊',
  catalogTitle: '期刊目录',
  keywords: '关键词',
} as const;

export const MEDIA_TEXT = {
  animationTitle: PAGE_HEADS['/animation-list'].title,
  audioTitle: PAGE_HEADS['/audio-list'].title,
  animationIntro: PAGE_HEADS['/animation-list'].intro,
  audioIntro: PAGE_HEADS['/audio-list'].intro,
  sortNewest: '最新',
  sortOldest: '最早',
  sortHottest: '最热',
  subjects: '专业',
  all: '全部',
  expand: '展开',
  collapse: '收起',
  dateRange: '发布日期',
  intro: '简介',
  related: '相关文章',
  moreAnimations: '更多动画解读',
  moreAudio: '更多音频',
  speed: '倍速',
  loginToPlay: '登录后观看',
  useFreeRead: '使用本月免费阅读',
  freeReadPrompt: '您本月还有 1 次免费阅读机会，是否用于观看本视频？',
  freeReadAudioPrompt: '您本月还有 1 次免费阅读机会，是否用于收听本音频？',
  subscribe: '订阅会员',
  play: '播放',
  cancel: '取消',
  total: (n: number) => `共 ${n} 条`,
} as const;

export const ABOUT_TEXT = {
  title: '关于我们',
  sections: '栏目',
  download: '前往下载',
} as const;
