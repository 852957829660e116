// WeChat Pay inside WeChat's in-app browser (§4, §6, §7.6): JSAPI pay needs the reader's openid
// for the official account, fetched once per browser session through the official account's
// authorisation (which returns to the subscription panel with ?code=, exchanged by pay/getOpenId),
// then pay/orderJsApiPay's parameters go to WeixinJSBridge's getBrandWCPayRequest. Its answer gives
// 支付成功 (then the order is checked), 您取消的支付 or 支付失败. The local sandbox has no bridge:
// its reply names the sandbox cashier, which the page opens instead.
import { api, ApiError, MSG, type ProviderReply, type ServicePlan } from '@qianyan/shared/core';
import { browser, pendingOrder } from './browser';
import { RESUME_PARAM, resumedPlanId } from './wechatResume';

export { RESUME_PARAM, resumedPlanId } from './wechatResume';

const OPENID_KEY = 'qy-wx-openid';

interface BrandPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
}

declare global {
  interface Window {
    WeixinJSBridge?: {
      invoke(name: 'getBrandWCPayRequest', params: BrandPayParams, callback: (res: { err_msg?: string }) => void): void;
    };
  }
}

/** What became of a JSAPI payment: paid (check the order), cancelled, failed, or the page is leaving. */
export type JsapiOutcome = { kind: 'paid'; ordersn: string } | { kind: 'cancelled' } | { kind: 'failed'; message: string } | { kind: 'leaving' };

const storage = {
  get: () => {
    try {
      return window.sessionStorage.getItem(OPENID_KEY);
    } catch {
      return null;
    }
  },
  set: (openid: string) => {
    try {
      window.sessionStorage.setItem(OPENID_KEY, openid);
    } catch {
      /* asked again next time */
    }
  },
};

const messageOf = (err: unknown, fallback: string) => {
  const reply = err instanceof ApiError ? (err.data as ProviderReply | undefined) : undefined;
  return reply?.msg || fallback;
};

/** Takes code, state and the resume mark off the address bar (a reload must not reuse the code). */
function forgetResume() {
  const url = new URL(window.location.href);
  for (const key of ['code', 'state', RESUME_PARAM]) url.searchParams.delete(key);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * The reader's openid: kept for the session, or from the code the authorisation returned with, or
 * null after sending the browser to the authorisation (it comes back to this page to resume).
 */
async function openIdFor(plan: ServicePlan): Promise<string | null> {
  const kept = storage.get();
  if (kept) return kept;
  const code = new URLSearchParams(window.location.search).get('code');
  if (code && resumedPlanId() === plan.id) {
    forgetResume();
    const reply = await api.pay.getOpenId(code, { silent: true });
    if (!reply.openid) throw new Error(MSG.openIdFailed);
    storage.set(reply.openid);
    return reply.openid;
  }
  const back = new URL(window.location.href);
  back.searchParams.set(RESUME_PARAM, String(plan.id));
  const { url } = await api.wechat.authorizeUrl({ iswx: 1, back: `${back.pathname}${back.search}` }, { silent: true });
  browser.assign(url);
  return null;
}

/** Pays for `plan` with WeChat Pay inside WeChat. Never throws: failures come back as outcomes. */
export async function payInWechat(plan: ServicePlan): Promise<JsapiOutcome> {
  let openid: string | null;
  try {
    openid = await openIdFor(plan);
  } catch (err) {
    return { kind: 'failed', message: messageOf(err, MSG.openIdFailed) };
  }
  if (!openid) return { kind: 'leaving' };
  try {
    const reply = await api.pay.orderJsApiPay({ openid, service_id: plan.id }, { silent: true });
    pendingOrder.set(reply.ordersn);
    const bridge = window.WeixinJSBridge;
    if (!bridge) {
      if (reply.cashier_url) {
        browser.assign(reply.cashier_url);
        return { kind: 'leaving' };
      }
      return { kind: 'failed', message: MSG.payFailed };
    }
    const params: BrandPayParams = {
      appId: reply.appId,
      timeStamp: reply.timestamp,
      nonceStr: reply.nonceStr,
      package: reply.package,
      signType: reply.signType,
      paySign: reply.paySign,
    };
    const answer = await new Promise<string>((resolve) => bridge.invoke('getBrandWCPayRequest', params, (res) => resolve(res.err_msg ?? '')));
    if (answer === 'get_brand_wcpay_request:ok') return { kind: 'paid', ordersn: reply.ordersn };
    pendingOrder.clear();
    if (answer === 'get_brand_wcpay_request:cancel') return { kind: 'cancelled' };
    return { kind: 'failed', message: MSG.payFailed };
  } catch (err) {
    return { kind: 'failed', message: messageOf(err, MSG.payFailed) };
  }
}
