import { eq } from 'drizzle-orm';
import { members, paymentAttempts, serviceOrders } from '../src/db/schema/index.js';
import type { TestContext } from './helpers.js';

/** A fresh logged-in reader without membership (a session issued directly: no argon2 work). */
export async function newReader(ctx: TestContext, username: string): Promise<{ id: number; token: string }> {
  const [m] = await ctx.app.db.insert(members).values({ username, passwordHash: 'not-a-login-account' }).returning({ id: members.id });
  const { token } = await ctx.app.sessions.issue(m!.id);
  return { id: m!.id, token };
}

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
