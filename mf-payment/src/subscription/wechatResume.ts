// The return from WeChat's authorisation to the subscription panel (wechatJsapi.ts): read on the
// panel's first view, apart from the JSAPI payment itself, which loads only when a payment resumes.

/** Query parameter marking the return from the authorisation: the plan being bought. */
export const RESUME_PARAM = 'wxpay';

/** The plan id the page came back with from the authorisation (with its code), if any. */
export function resumedPlanId(search = window.location.search): number | null {
  const q = new URLSearchParams(search);
  const id = Number(q.get(RESUME_PARAM));
  return q.get('code') && Number.isInteger(id) && id > 0 ? id : null;
}
