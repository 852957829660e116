// Strings of the article page that the spec does not fix (spec strings come from MSG in @qianyan/shared).
export const ARTICLE_TEXT = {
  pageName: '文章详情',
  home: '首页',
  breadcrumb: '面包屑导航',
  authors: '作者',
  published: '发布日期',
  keywords: '关键词',
  abstract: '摘要',
  body: '正文',
  references: '参考文献',
  appendix: '附录',
  thank: '致谢',
  coi: '利益冲突',
  collect: '收藏',
  collected: '已收藏',
  share: '分享',
  original: '原文',
  copyLink: '复制链接',
  linkCopied: '链接已复制',
  copyFailed: '复制失败，请手动复制链接',
  shareLink: '文章链接',
  weibo: '分享到微博',
  wechat: '微信扫码分享',
  commentary: '述评',
  commentaryMore: '查看全部述评',
  collapse: '收起',
  expand: '展开',
  related: '相关阅读',
  login: '登录',
  lockedHint: '本文为会员内容',
  freeReadTitle: '本文为会员内容',
  freeReadText: '您本月还有 1 次免费阅读机会，使用后即可阅读全文。',
  useFreeRead: '使用本月免费阅读',
  subscribe: '开通会员',
  subscribeText: '开通会员即可阅读全部文章与述评。',
  notFound: '文章不存在或已下线',
  notFoundText: '您访问的文章可能已被移除，或链接有误。',
  backHome: '返回首页',
  browseJournal: '浏览期刊文章',
} as const;

/** Where 开通会员 leads: the subscription page of the personal centre (§2.1). */
export const SUBSCRIBE_PATH = '/personal?type=flag4';

export const weiboShareUrl = (url: string, title: string) =>
  `https://service.weibo.com/share/share.php?url=${encodeURIComponent(url)}&title=${encodeURIComponent(title)}`;
