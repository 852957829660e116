import { MSG, type ServicePlan } from '@qianyan/shared';
import { includedEquityIds, isMobileDevice, isWeChatBrowser, payMethods, plansOnOffer, purchaseLimits } from './purchaseRules';

const DESKTOP_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';

const plan = (type: ServicePlan['type']) => ({ type });

describe('purchase limits (§6)', () => {
  it('a continuous monthly member (type 3) cannot buy: 当前已是连续包月用户，无需购买', () => {
    expect(purchaseLimits({ serviceType: 3, userAgent: DESKTOP_UA }).blockedReason).toBe(MSG.continuousMonthlyNoNeed);
    expect(MSG.continuousMonthlyNoNeed).toBe('当前已是连续包月用户，无需购买');
  });

  it('a continuous yearly member (type 4) cannot buy: 当前已是连续包年用户，无需购买', () => {
    expect(purchaseLimits({ serviceType: 4, userAgent: DESKTOP_UA }).blockedReason).toBe(MSG.continuousYearlyNoNeed);
    expect(MSG.continuousYearlyNoNeed).toBe('当前已是连续包年用户，无需购买');
  });

  it('a continuous member whose auto-renewal was cancelled may buy again', () => {
    expect(purchaseLimits({ serviceType: 4, autoRenew: 1, userAgent: DESKTOP_UA }).blockedReason).toBe(MSG.continuousYearlyNoNeed);
    expect(purchaseLimits({ serviceType: 4, autoRenew: 0, userAgent: DESKTOP_UA }).blockedReason).toBeNull();
    expect(purchaseLimits({ serviceType: 3, autoRenew: 0, userAgent: DESKTOP_UA }).blockedReason).toBeNull();
  });

  it.each([0, 1, 2, 6] as const)('service type %s may buy', (serviceType) => {
    expect(purchaseLimits({ serviceType, userAgent: DESKTOP_UA }).blockedReason).toBeNull();
  });

  it('hides continuous plans in the WeChat in-app browser', () => {
    const limits = purchaseLimits({ serviceType: 0, userAgent: WECHAT_UA });
    expect(limits.hideContinuous).toBe(true);
    expect(plansOnOffer([plan(3), plan(4), plan(1), plan(2)], limits)).toEqual([plan(1), plan(2)]);
  });

  it('offers every plan in other browsers, in the server order', () => {
    const limits = purchaseLimits({ serviceType: 0, userAgent: DESKTOP_UA });
    expect(limits.hideContinuous).toBe(false);
    expect(plansOnOffer([plan(3), plan(4), plan(1), plan(2)], limits)).toEqual([plan(3), plan(4), plan(1), plan(2)]);
  });

  it('recognises the WeChat user agent only by MicroMessenger', () => {
    expect(isWeChatBrowser(WECHAT_UA)).toBe(true);
    expect(isWeChatBrowser(DESKTOP_UA)).toBe(false);
    expect(isWeChatBrowser('')).toBe(false);
  });
});

describe('benefits of a plan', () => {
  it('reads member_equity_id as a comma list of ids', () => {
    expect([...includedEquityIds({ member_equity_id: '1,2, 5' })]).toEqual([1, 2, 5]);
    expect(includedEquityIds({ member_equity_id: '' }).size).toBe(0);
    expect(includedEquityIds(undefined).size).toBe(0);
  });
});

describe('payMethods', () => {
  it('offers only WeChat Pay in the WeChat browser and no WeChat Pay in the Alipay client', () => {
    expect(payMethods('Mozilla/5.0 (iPhone) MicroMessenger/8.0.50')).toEqual(['wechat']);
    expect(payMethods('Mozilla/5.0 (Android) AlipayClient/10.5')).toEqual(['alipay']);
    expect(payMethods('Mozilla/5.0 (iPhone) Safari')).toEqual(['wechat', 'alipay']);
  });

  it('offers continuous plans through Alipay agreement pay only', () => {
    expect(payMethods(DESKTOP_UA, plan(3))).toEqual(['alipay']);
    expect(payMethods(DESKTOP_UA, plan(4))).toEqual(['alipay']);
    expect(payMethods(DESKTOP_UA, plan(1))).toEqual(['wechat', 'alipay']);
  });
  it('tells phones from desktops by the user agent', () => {
    expect(isMobileDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148')).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36')).toBe(false);
  });
});
