// The editorial console's messages (the specification is silent on staff screens): one place, so
// tests and the console import the exact text.
import type { EditorialState } from '../../db/schema/content.js';

export const STATE_LABELS: Record<EditorialState, string> = {
  draft: '草稿',
  in_review: '待审核',
  scheduled: '已排期',
  published: '已发布',
  withdrawn: '已撤回',
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
  // Preview links (read by anyone who opens one: they say what to do next).
  previewUnknown: '预览链接不存在',
  previewInvalid: '预览链接无效或已被撤销，请向编辑索取新的链接',
  previewExpired: '预览链接已过期，请向编辑索取新的链接',
  previewOtherArticle: '预览链接与这篇文章不符',
  previewMemberStaffOnly: '会员视角的预览仅供编辑部人员查看，请使用编辑部账号登录后打开',
  previewHours: `预览链接的有效期应为1到${7 * 24}小时`,
  previewAudience: '预览身份应为visitor（访客）、reader（非会员）或member（会员）',
  // Staff.
  memberUnknown: '用户不存在',
  lastAdmin: '至少需要保留一名管理员',
  scheduler: '定时发布',
} as const;
