import { asc, eq } from 'drizzle-orm';
import { defaultPaymentSettings, type PaymentSettings } from '../src/config.js';
import { memberships, paymentAttempts, serviceOrders } from '../src/db/schema/index.js';
import type { SandboxPay } from '../src/providers/payment/sandbox.js';
import { testMember } from './fixtures.js';
import { createTestApp, type TestContext } from './helpers.js';

/** A test app paying through the local sandbox cashier (the default), with that provider. */
export async function sandboxApp(): Promise<{ ctx: TestContext; sandbox: SandboxPay }> {
  const ctx = await createTestApp();
  return { ctx, sandbox: ctx.app.payments.providers.sandbox! };
}

/**
 * A test app paying through a real provider (PAY_PROVIDER=live) whose gateway is a local fake:
 * `providers` gives the fake's settings, e.g. { alipay: fake.settings() }.
 */
export function liveProviderApp(providers: Partial<Pick<PaymentSettings, 'alipay' | 'wechatpay'>>): Promise<TestContext> {
  return createTestApp({
    config: {
      payments: {
        ...defaultPaymentSettings(),
        mode: 'live',
        ...providers,
        notifyBaseUrl: 'https://pay.example.org',
        publicBaseUrl: 'https://www.example.org',
        reconcile: { intervalMs: 0, minAgeMs: 0 },
      },
    },
  });
}

/** A member's membership periods, oldest first. */
export const periodsOf = (ctx: TestContext, memberId: number) =>
  ctx.app.db.select().from(memberships).where(eq(memberships.memberId, memberId)).orderBy(asc(memberships.startsAt));

/** A fresh logged-in reader without membership (a session issued directly: no argon2 work). */
export const newReader = (ctx: TestContext, username: string) => testMember(ctx, username);

/** Calls /index.php?c=&m= with the token in the query, as the front end does. */
export async function provider(
  ctx: TestContext,
  c: string,
  m: string,
  params: Record<string, string | number> = {},
  token?: string,
  body?: { json?: unknown; form?: Record<string, string> },
): Promise<any> {
  const query = new URLSearchParams({ c, m, sf: 'pc', ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
  if (token) query.set('token', token);
  const url = `/index.php?${query.toString()}`;
  if (body?.form) {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body.form).toString(),
    });
    return res.json();
  }
  if (body && 'json' in body) {
    const res = await ctx.app.inject({ method: 'POST', url, payload: body.json as object });
    return res.json();
  }
  return (await ctx.get(url)).body;
}

export async function orderBySn(ctx: TestContext, ordersn: string) {
  const [order] = await ctx.app.db.select().from(serviceOrders).where(eq(serviceOrders.ordersn, ordersn));
  return order!;
}

export async function attemptsOf(ctx: TestContext, orderId: number) {
  return ctx.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId));
}

/** The sandbox trade number of the order's (only) open payment. */
export async function outTradeNoOf(ctx: TestContext, ordersn: string): Promise<string> {
  const order = await orderBySn(ctx, ordersn);
  const attempts = await attemptsOf(ctx, order.id);
  return attempts[attempts.length - 1]!.outTradeNo;
}

/** subscribe_info of the member, as /api/user/getMemberInfo shows it. */
export async function subscribeInfo(ctx: TestContext, token: string): Promise<{ service_type: number; service_end_date: string }> {
  const res = await ctx.post('/api/user/getMemberInfo', {}, token);
  return res.body.data.subscribe_info;
}
