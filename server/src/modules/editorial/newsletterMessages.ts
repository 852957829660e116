// The weekly newsletter's messages (周刊邮件; the specification is silent on staff screens): one
// place, so tests and the console import the exact text.

export const NEWSLETTER_LIMITS = {
  subject: 100,
  intro: 2000,
  /** Messages per second a send may go at. */
  minRate: 1,
  maxRate: 100,
  defaultRate: 5,
} as const;

export const NewsletterMessages = {
  issueRequired: '请选择要发送的一期周刊（期次）',
  issueNotFound: '所选的周刊期次不存在',
  issueNotPublished: (title: string) => `周刊“${title}”尚未发布，只能发送已发布的一期`,
  issueNoArticles: (title: string) => `周刊“${title}”没有已发布的文章，无法发送`,
  subjectRequired: '请填写邮件标题',
  subjectTooLong: `邮件标题不能超过${NEWSLETTER_LIMITS.subject}个字符`,
  introTooLong: `导语不能超过${NEWSLETTER_LIMITS.intro}个字符`,
  rate: `发送速度应为每秒${NEWSLETTER_LIMITS.minRate}到${NEWSLETTER_LIMITS.maxRate}封的整数`,
  alreadySent: (title: string) => `周刊“${title}”已发送过周刊邮件，同一期不会再发给读者`,
  noOwnEmail: '你的账号没有已验证的邮箱，无法发送测试邮件；请先在个人中心绑定邮箱',
  jobNotFound: '发送任务不存在',
  testSent: (email: string) => `测试邮件已发送到 ${email}`,
  // Delivery notes kept on a row (shown to editors in the job's failures).
  interrupted: '发送中断（服务器重启或进程退出），无法确认是否送达，不再重发',
  consentWithdrawn: '读者已退订或不再有邮箱，未发送',
  noArticleInAreas: '本期没有读者关注领域的文章，未发送',
  idInvalid: '编号格式不正确',
} as const;

/** What the reader-facing unsubscribe pages say. */
export const UnsubscribeText = {
  title: '退订邮件 · 千言医学',
  confirmHeading: '退订邮件',
  confirm: (list: string, email: string) => `确认不再向 ${email} 发送“${list}”吗？`,
  confirmButton: '确认退订',
  done: (list: string) => `已退订“${list}”。你可以随时在个人中心的“信息订阅”中重新勾选。`,
  doneHeading: '已退订',
  invalid: '退订链接无效或已损坏，请在个人中心的“信息订阅”中取消勾选。',
  invalidHeading: '链接无效',
  home: '返回首页',
} as const;

/** The mailing lists as readers know them (the profile's consent labels). */
export const LIST_LABELS = {
  nejm: '期刊最新译文、述评与每周精选推送',
  jh: '千言医学的课程、会议与活动通知',
  dsf: '经审核的合作伙伴（第三方）学术信息',
} as const;
