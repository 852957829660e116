// The members console's messages (finding a reader, extending, granting or ending a membership,
// ending a reader's sessions): one place, so tests and the console import the exact text.

export const MEMBER_LIMITS = {
  query: 64,
  reason: 200,
  maxDays: 3650,
  requestId: 64,
} as const;

export const MemberMessages = {
  idInvalid: '读者编号格式不正确',
  memberNotFound: '读者不存在',
  queryTooLong: `查找内容不能超过${MEMBER_LIMITS.query}个字符`,
  reasonRequired: '请填写原因',
  reasonTooLong: `原因不能超过${MEMBER_LIMITS.reason}个字符`,
  days: `天数须为1到${MEMBER_LIMITS.maxDays}之间的整数`,
  planInvalid: '请选择会员方案',
  planNotFound: '会员方案不存在',
  requestIdInvalid: '请求编号格式不正确（8到64位字母、数字、-或_）',
  requestIdReused: '请求编号已用于另一项操作，请刷新后重试',
  nothingToExtend: '该读者当前没有会员期，无法延长；请用“开通会员”',
  nothingToEnd: '该读者当前没有可结束的会员期（可能已被他人结束）',
  autoRenewNotStopped: '自动续费未能解约（支付服务暂时不可用），会员未结束，请稍后重试',
} as const;
