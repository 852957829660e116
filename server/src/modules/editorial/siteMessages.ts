// The site furniture's messages (banners, adverts, hot reads, module switches; the specification is
// silent on staff screens): one place, so tests and the console import the exact text.

export const BANNER_CODES = ['home', 'classroom'] as const;
export type BannerCode = (typeof BANNER_CODES)[number];
export const BANNER_LABELS: Record<BannerCode, string> = { home: '首页横幅', classroom: '课堂横幅' };

export const SITE_SWITCHES = ['advert', 'hot_read'] as const;
export type SiteSwitch = (typeof SITE_SWITCHES)[number];
export const SWITCH_LABELS: Record<SiteSwitch, string> = { advert: '广告', hot_read: '热读' };

/** Hot read targets: 10 lesson, 20 meeting notice, 30 meeting review, 40 article (spec §3 Hot read item). */
export const HOT_READ_TYPES = [10, 20, 30, 40] as const;
export type HotReadType = (typeof HOT_READ_TYPES)[number];
export const HOT_READ_LABELS: Record<HotReadType, string> = { 10: '课程', 20: '会议预告', 30: '会议回顾', 40: '文章' };

export const SITE_LIMITS = {
  banners: 10,
  bannerTitle: 64,
  bannerIntro: 200,
  url: 500,
  advertName: 128,
  hotReads: 40,
} as const;

export const SiteMessages = {
  bannerCode: '横幅位置应为home（首页）或classroom（课堂）',
  tooManyBanners: `横幅最多${SITE_LIMITS.banners}张`,
  bannerPicRequired: (n: number) => `第${n}张横幅：请上传横幅图片`,
  bannerPicInvalid: (n: number) => `第${n}张横幅：横幅图片须为站内地址或http(s)地址`,
  bannerTitleTooLong: (n: number) => `第${n}张横幅：标题不能超过${SITE_LIMITS.bannerTitle}个字符`,
  bannerIntroTooLong: (n: number) => `第${n}张横幅：简介不能超过${SITE_LIMITS.bannerIntro}个字符`,
  bannerUrlInvalid: (n: number) => `第${n}张横幅：链接须为站内路径（以/开头）或http(s)地址`,
  bannerStale: (current: number) => `保存失败：他人已先修改了这组横幅（当前为第${current}版），请刷新后再修改`,
  revisionRequired: '请提供修改所依据的版本号',
  advertNotFound: '广告不存在或已被删除',
  advertNameRequired: '请填写广告名称',
  advertNameTooLong: `广告名称不能超过${SITE_LIMITS.advertName}个字符`,
  advertImageRequired: '请上传广告图片',
  advertImageInvalid: '广告图片须为站内地址或http(s)地址',
  advertUrlInvalid: '广告链接须为站内路径（以/开头）或http(s)地址',
  advertPosition: '广告位置应为bottom（底部）、right-one（右侧一）、right-two（右侧二）或页眉',
  advertPublish: '是否发布应为0或1',
  startInvalid: '开始时间格式应为YYYY-MM-DD HH:mm（北京时间）',
  endInvalid: '结束时间格式应为YYYY-MM-DD HH:mm（北京时间）',
  endBeforeStart: '结束时间不能早于开始时间',
  advertStale: (current: number) => `保存失败：他人已先修改了这条广告（当前为第${current}版），请刷新后再修改`,
  advertOrderChanged: '该位置的广告已有增删，请刷新后再排序',
  advertOrderIds: '请按新的顺序列出该位置的全部广告',
  hotReadTooMany: `热读最多${SITE_LIMITS.hotReads}条`,
  hotReadType: '热读类型应为10（课程）、20（会议预告）、30（会议回顾）或40（文章）',
  hotReadDuplicate: (label: string, id: number) => `热读重复：${label} ${id}`,
  hotReadUnknown: (label: string, id: number) => `热读内容不存在或未发布：${label} ${id}`,
  hotReadStale: '保存失败：他人已先修改了热读列表，请刷新后再修改',
  hotReadKeywordTooLong: '关键词不能超过64个字符',
  switchName: '模块应为advert（广告）或hot_read（热读）',
  switchValue: '开关值应为0（关闭）或1（开启）',
  idInvalid: '编号格式不正确',
} as const;
