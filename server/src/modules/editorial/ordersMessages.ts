// The orders console's messages (issue 20, item 5; the specification is silent on staff screens):
// one place, so tests and the console import the exact text.

export const ORDER_LIMITS = {
  /** A refund's reason, required. */
  reason: 200,
  /** The order number / phone / username search. */
  keyword: 40,
  /** Rows one export may hold. */
  exportRows: 50_000,
  /** Reconciler runs shown. */
  runs: 20,
} as const;

/** service_orders.status: 0 unpaid, 1 paid, 2 closed, 3 refunded. */
export const ORDER_STATUS_LABELS: Record<number, string> = { 0: '待支付', 1: '已支付', 2: '已关闭', 3: '已退款' };
export const ORDER_PROVIDERS = ['sandbox', 'wechatpay', 'alipay'] as const;
export const PROVIDER_LABELS: Record<string, string> = { sandbox: '沙箱收银台', wechatpay: '微信支付', alipay: '支付宝' };
export const CHANNEL_LABELS: Record<string, string> = { wechat: '微信', alipay: '支付宝' };
/** What a reconciler run fixed. */
export const FIX_LABELS: Record<string, string> = {
  fulfilled: '补单：确认已支付',
  attempt_closed: '关闭支付单',
  order_closed: '关闭过期订单',
  agreement_signed: '补签约',
};

export const OrderMessages = {
  orderNotFound: '订单不存在',
  statusInvalid: '订单状态应为0（待支付）、1（已支付）、2（已关闭）或3（已退款）',
  providerInvalid: '支付平台应为sandbox、wechatpay或alipay',
  planInvalid: '会员方案编号格式不正确',
  keywordTooLong: `订单号、手机号或用户名不能超过${ORDER_LIMITS.keyword}个字符`,
  formatInvalid: '导出格式应为csv或xlsx',
  reasonRequired: '请填写退款原因',
  reasonTooLong: `退款原因不能超过${ORDER_LIMITS.reason}个字符`,
  ordersnRequired: '请提供订单号',
  refundUnpaid: '只能退款已支付的订单',
  refundTwice: '该订单已退款，不能重复退款',
  refundInProgress: '该订单正在退款，请勿重复操作',
  refundFailed: '退款失败：支付平台未受理，请稍后再试',
  exportTooMany: `导出的订单超过${ORDER_LIMITS.exportRows}条，请缩小筛选范围后再导出`,
} as const;
