/** What the membership endpoint says about orders and payments (spec §6, §8; clear Chinese where the spec is silent). */
export const PayMessages = {
  paySuccess: '支付成功',
  orderNotFound: '订单不存在',
  orderUnpaid: '订单未支付',
  orderClosed: '订单已关闭',
  orderRefunded: '订单已退款',
  refundInProgress: '该订单正在退款，请勿重复操作',
  refundFailed: '退款失败：支付平台未受理，请稍后再试',
  deleteMissing: '您要删除的订单id不存在!',
  deleted: '删除成功',
  continuousMonthly: '当前已是连续包月用户，无需购买',
  continuousYearly: '当前已是连续包年用户，无需购买',
  planRequired: '请选择要购买的套餐',
  planNotFound: '套餐不存在或已下架',
  continuousNeedsSign: '连续包月和连续包年需使用支付宝签约支付',
  signOnlyContinuous: '只有连续包月和连续包年需要签约，请选择普通支付',
  wechatOff: '暂不支持微信支付',
  alipayOff: '暂不支持支付宝支付',
  providerDown: '支付服务暂时不可用，请稍后再试',
  openIdFailed: '获取openId失败',
  pageInvalid: '页码需为正整数',
  perPageInvalid: '每页条数只能是3或10',
  idInvalid: '订单编号格式不正确',
  ordersnRequired: '请输入订单号',
  shNameRequired: '请输入收货人姓名',
  shNameTooLong: '收货人姓名不能超过20个字',
  shPhoneRequired: '请输入收货人手机号',
  shPhoneInvalid: '手机输入不正确，请重新输入',
  regionRequired: '请选择所在地区',
  regionInvalid: '所在地区不正确，请重新选择',
  shAddressRequired: '请输入详细地址',
  shAddressTooLong: '详细地址不能超过100个字',
  saved: '保存成功',
  qrInvalid: '二维码已失效，请刷新二维码重新扫码',
  qrDataInvalid: '二维码信息不正确，请刷新二维码重新扫码',
  autoRenewCancelled: '已取消自动续费',
  noAutoRenew: '您当前没有开通自动续费',
  urlRequired: '请提供当前页面地址',
  codeRequired: '缺少微信授权码',
  alipayInWechat: '微信内暂不支持支付宝支付，请使用微信支付',
  wechatInAlipay: '支付宝客户端内暂不支持微信支付，请使用支付宝支付',
} as const;

/** A refusal the membership endpoint answers as { result: 0, msg }. */
export class PayRefusal extends Error {
  constructor(readonly msg: string) {
    super(msg);
    this.name = 'PayRefusal';
  }
}
