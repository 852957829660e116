import type { PaymentSettings } from '../../config.js';
import type { Db } from '../../db/client.js';
import { Alipay } from './alipay.js';
import { SandboxPay, type Deliver } from './sandbox.js';
import type { PayChannel, PaymentProvider, ProviderName } from './types.js';
import { WechatPay } from './wechatpay.js';

export * from './types.js';
export { SandboxPay } from './sandbox.js';

/** The notification route of a provider: <base>/api/pay/notify/<name>. */
export const notifyPath = (name: ProviderName) => `/api/pay/notify/${name}`;

export interface PaymentProviders {
  /** Who serves each channel; null when the channel is not offered. */
  channels: Record<PayChannel, PaymentProvider | null>;
  /** Set when the sandbox cashier serves a channel (its pages are then served). */
  sandbox: SandboxPay | null;
  byName(name: string): PaymentProvider | null;
}

/** Sends a notification over HTTP (a sandbox with a public notify URL, e.g. several instances). */
const httpDeliver: Deliver = async ({ url, headers, body }) => {
  const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer();
  return res.status;
};

export function createPaymentProviders(settings: PaymentSettings, db: Db, now: () => Date): PaymentProviders {
  const notifyUrl = (name: ProviderName) => `${settings.notifyBaseUrl}${notifyPath(name)}`;
  let sandbox: SandboxPay | null = null;
  let wechat: PaymentProvider | null = null;
  let alipay: PaymentProvider | null = null;
  if (settings.mode === 'sandbox') {
    sandbox = new SandboxPay(db, now, settings.sandboxSecret, notifyUrl('sandbox'), httpDeliver);
    wechat = sandbox;
    alipay = sandbox;
  } else {
    if (settings.wechatpay) wechat = new WechatPay(settings.wechatpay, notifyUrl('wechatpay'), now);
    if (settings.alipay) alipay = new Alipay(settings.alipay, notifyUrl('alipay'));
  }
  const all = [sandbox, wechat, alipay].filter((p): p is PaymentProvider => p !== null);
  return {
    channels: { wechat, alipay },
    sandbox,
    byName: (name) => all.find((p) => p.name === name) ?? null,
  };
}
