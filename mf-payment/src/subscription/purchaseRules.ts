// Purchase limits of spec §6, kept pure so every case is tested without a browser.
import { MSG, type ServicePlan, type ServiceType } from '@qianyan/shared/core';

/** Continuous (auto-renewing) plans: 3 continuous monthly, 4 continuous yearly. */
export const isContinuousPlan = (plan: Pick<ServicePlan, 'type'>) => plan.type === 3 || plan.type === 4;

/** The messaging app's in-app browser announces itself with MicroMessenger in the user agent. */
export const isWeChatBrowser = (userAgent: string | null | undefined) => /MicroMessenger/i.test(userAgent ?? '');

export interface PurchaseLimits {
  /** Why this user cannot buy at all, or null when buying is allowed. */
  blockedReason: string | null;
  /** In the WeChat browser continuous plans are not offered. */
  hideContinuous: boolean;
}

/**
 * A continuous member is refused while the plan renews itself; once its auto-renewal is cancelled
 * (auto_renew 0) buying is allowed again, as on the server. A session without the field counts as renewing.
 */
export function purchaseLimits({
  serviceType,
  autoRenew,
  userAgent,
}: {
  serviceType: ServiceType;
  autoRenew?: 0 | 1;
  userAgent: string;
}): PurchaseLimits {
  let blockedReason: string | null = null;
  const renewing = autoRenew !== 0;
  if (serviceType === 3 && renewing) blockedReason = MSG.continuousMonthlyNoNeed;
  else if (serviceType === 4 && renewing) blockedReason = MSG.continuousYearlyNoNeed;
  return { blockedReason, hideContinuous: isWeChatBrowser(userAgent) };
}

/** The plans this user may see, in the server's order. */
export function plansOnOffer<P extends Pick<ServicePlan, 'type'>>(plans: P[], limits: PurchaseLimits): P[] {
  return limits.hideContinuous ? plans.filter((p) => !isContinuousPlan(p)) : plans;
}

/** member_equity_id is a comma list of benefit ids. */
export function includedEquityIds(plan: Pick<ServicePlan, 'member_equity_id'> | undefined): Set<number> {
  if (!plan?.member_equity_id) return new Set();
  return new Set(
    plan.member_equity_id
      .split(/[,，]/)
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isInteger(n) && n > 0),
  );
}

/** Alipay's own app announces itself with AlipayClient in the user agent. */
export const isAlipayClient = (userAgent: string | null | undefined) => /AlipayClient/i.test(userAgent ?? '');

/** A phone or tablet browser: pays by a method choice instead of a desktop QR code. */
export const isMobileDevice = (userAgent: string | null | undefined) =>
  /Android|iPhone|iPad|iPod|Mobile|MicroMessenger|AlipayClient/i.test(userAgent ?? '');

export type PayMethod = 'wechat' | 'alipay';

/**
 * The methods offered (§6): inside WeChat's browser only WeChat Pay; inside Alipay's client no
 * WeChat Pay; elsewhere both. Continuous plans are signed through Alipay's agreement pay only (the
 * server refuses them on WeChat Pay; they are hidden inside WeChat's browser).
 */
export function payMethods(userAgent: string, plan?: Pick<ServicePlan, 'type'>): PayMethod[] {
  if (plan && isContinuousPlan(plan)) return ['alipay'];
  if (isWeChatBrowser(userAgent)) return ['wechat'];
  if (isAlipayClient(userAgent)) return ['alipay'];
  return ['wechat', 'alipay'];
}
