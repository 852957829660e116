// The editorial console's messages (the specification is silent on staff screens): one place, so
// tests and the console import the exact text.
import type { EditorialState, IssueState } from '../../db/schema/content.js';

export const STATE_LABELS: Record<EditorialState, string> = {
  draft: '草稿',
  in_review: '待审核',
  scheduled: '已排期',
  published: '已发布',
  withdrawn: '已撤回',
};

export const ISSUE_STATE_LABELS: Record<IssueState, string> = {
  draft: '未发布',
  published: '已发布',
};

export const ACTION_LABELS = {
  submit: '提交审核',
  toDraft: '退回草稿',
  publish: '发布',
  schedule: '定时发布',
  withdraw: '撤回',
} as const;

export const EditorialMessages = {
  // Refusals (code 10403). A visitor without a session gets 10002 as on every member route.
  notStaff: '没有权限：仅限编辑部人员使用',
  editorOnly: '没有权限：需要编辑权限',
  adminOnly: '没有权限：需要管理员权限',
  notOwnArticle: '没有权限：只能查看和修改自己的稿件',
  notDraftAnymore: '没有权限：稿件已提交，只有草稿可以修改',
  // Optimistic versioning (code 10409).
  saveConflict: (current: number) =>
    `保存失败：他人已先保存了这篇文章（当前为第${current}版）。您的修改没有覆盖对方的内容，已另存为未应用的修订，可在修订记录中查看或恢复`,
  staleRevision: (current: number) => `文章已被他人修改（当前为第${current}版），请刷新后再操作`,
  // Workflow.
  badTransition: (state: EditorialState, action: string) => `当前状态为“${STATE_LABELS[state]}”，不能${action}`,
  publishAtRequired: '请选择发布时间',
  publishAtInvalid: '发布时间格式应为YYYY-MM-DD HH:mm（北京时间）',
  publishAtPast: '发布时间须晚于当前时间',
  // The document.
  articleIdRequired: '请输入文章编号',
  titleRequired: '请输入标题',
  sourceRequired: '请选择来源',
  permalinksShape: '文章标识只能包含字母、数字、下划线和连字符，最长64个字符',
  permalinksTaken: (permalinks: string) => `文章标识已被使用：${permalinks}`,
  sourceUnknown: (id: number) => `来源不存在：${id}`,
  filterMismatch: '文章分类不属于所选来源',
  typeMismatch: '文章类型不属于所选来源',
  classUnknown: (ids: number[]) => `专业领域不存在：${ids.join(',')}`,
  issueUnknown: (id: number) => `期刊周刊不存在：${id}`,
  relatedUnknown: (ids: number[]) => `相关文章不存在：${ids.join(',')}`,
  pubdateInvalid: '原文发表日期格式应为YYYY-MM-DD',
  revisionUnknown: '修订版本不存在',
  // Media of the library (modules/editorial/media.ts).
  publicMediaOnGated: '需登录或会员可读的文章，其视频和音频须上传为会员专享，通过限时签名链接播放',
  // Preview links (read by anyone who opens one: they say what to do next).
  previewUnknown: '预览链接不存在',
  previewInvalid: '预览链接无效或已被撤销，请向编辑索取新的链接',
  previewExpired: '预览链接已过期，请向编辑索取新的链接',
  previewOtherArticle: '预览链接与这篇文章不符',
  previewMemberStaffOnly: '会员视角的预览仅供编辑部人员查看，请使用编辑部账号登录后打开',
  previewHours: `预览链接的有效期应为1到${7 * 24}小时`,
  previewAudience: '预览身份应为visitor（访客）、reader（非会员）或member（会员）',
  // Weekly issues.
  issueNotFound: '期刊周刊不存在',
  issueTitleRequired: '请输入本期标题',
  issueDateInvalid: '出版日期格式应为YYYY-MM-DD',
  issueDateTaken: (title: string) => `该日期已有一期：${title}`,
  issueConflict: (current: number) => `保存失败：他人已先修改了本期（当前为第${current}版），请刷新后再修改`,
  issueStale: (current: number) => `本期已被他人修改（当前为第${current}版），请刷新后再操作`,
  issueAlreadyPublished: '本期已发布',
  issueNotPublished: '本期尚未发布',
  issueEmpty: '本期没有已发布或已排期的文章，不能发布',
  issueArticleDuplicate: (ids: number[]) => `文章重复：${ids.join(',')}`,
  issueArticleUnknown: (ids: number[]) => `文章不存在：${ids.join(',')}`,
  issueArticleSource: (title: string) => `只有期刊文章、期刊文摘和动画解读可以编入周刊：${title}`,
  issueArticleLinkOnly: (title: string) => `目录文章请设为本期目录，不能作为文章编入：${title}`,
  issueArticleElsewhere: (title: string, issue: string) => `文章已编入“${issue}”，请先从该期移出：${title}`,
  issueCatalogueUnknown: (id: number) => `目录文章不存在：${id}`,
  issueCatalogueNotLinkOnly: (title: string) => `本期目录须为仅凭链接发布的目录文章：${title}`,
  // Staff.
  memberUnknown: '用户不存在',
  lastAdmin: '至少需要保留一名管理员',
  scheduler: '定时发布',
} as const;
