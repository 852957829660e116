// Strings of mf-payment that the spec does not fix (the spec's own strings come from MSG).
export const SITE_NAME = '千言医学';

export const PAY_MSG = {
  plansHeading: '会员方案',
  plansHint: '选择适合您的会员方案，开通后可完整阅读与观看全部内容。',
  benefitsHeading: '会员权益',
  ordersHeading: '我的订单',
  ordersComing: '订单记录将在支付模块上线后显示',
  noPlans: '暂无可开通的会员方案',
  continuousNote: {
    3: '连续包月：每月到期自动续费',
    4: '连续包年：每年到期自动续费',
  } as Record<number, string>,
  autoRenewTag: '自动续费',
  perMonth: '/月',
  perYear: '/年',
  buyNow: '立即开通',
  paymentComing: '支付功能即将开放',
  locked: '所选方案不包含此权益',
  included: '所选方案包含此权益',
  currentPlan: '当前',
  selectedPlanLabel: (title: string) => `已选：${title}`,
  qrPageName: '会员支付',
  qrTitle: '支付页面建设中',
  qrText: '扫码支付将随支付模块一同上线，目前暂不能通过此页面完成付款，也不会产生任何扣费。',
  home: '首页',
  viewPlans: '查看会员方案',
} as const;

export const pageTitle = (name: string) => `${name} - ${SITE_NAME}`;
