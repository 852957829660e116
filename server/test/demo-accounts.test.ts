// The demo accounts that make the personal centre's states visible: an expired member, a member
// asked to update the profile, and a continuous (auto-renewing) member whose agreement the sandbox
// holds, so renewal and 取消自动续费 work on it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { members, memberships, payAgreements, sandboxAgreements, serviceOrders } from '../src/db/schema/index.js';
import { createTestApp, type TestContext } from './helpers.js';
import { provider } from './payment-helpers.js';

let ctx: TestContext;

before(async () => {
  ctx = await createTestApp();
});
after(() => ctx?.close());

const DAY_MS = 86_400_000;
const memberInfo = async (token: string) => (await ctx.post('/api/user/getMemberInfo', {}, token)).body.data;
const memberRow = async (username: string) => (await ctx.app.db.select().from(members).where(eq(members.username, username)))[0]!;

describe('demo accounts for the personal centre states', () => {
  it('each logs in with the demo password by username, mobile and e-mail', async () => {
    for (const [username, mobile] of [
      ['demo_expired', '13800000004'],
      ['demo_update', '13800000005'],
      ['demo_renewing', '13800000006'],
    ] as const) {
      for (const accountName of [username, mobile, `${username}@example.com`]) {
        const res = await ctx.post('/api/login/login', { accountName, password: 'Qianyan#2026' });
        assert.equal(res.body.code, 0, `${accountName}: ${res.body.msg}`);
        assert.equal(res.body.data.membername, username);
      }
    }
  });

  it('demo_expired: a membership that has ended (service type 6, end date in the past)', async () => {
    const info = await memberInfo(await ctx.login('demo_expired'));
    assert.equal(info.subscribe_info.service_type, 6);
    assert.ok(Date.parse(info.subscribe_info.service_end_date) < ctx.clock.now().getTime());
    assert.equal(info.subscribe_info.auto_renew, 0);
    assert.equal(info.ifNeedUpdate, 0);
  });

  it('demo_update: marked ifNeedUpdate', async () => {
    const info = await memberInfo(await ctx.login('demo_update'));
    assert.equal(info.ifNeedUpdate, 1);
    assert.equal(info.subscribe_info.service_type, 0);
  });

  it('demo_renewing: 连续包年 with a signed agreement in the sandbox, its paid order and a year well ahead', async () => {
    const token = await ctx.login('demo_renewing');
    const info = await memberInfo(token);
    assert.equal(info.subscribe_info.service_type, 4);
    assert.equal(info.subscribe_info.auto_renew, 1);
    const end = Date.parse(info.subscribe_info.service_end_date);
    assert.ok(end > ctx.clock.now().getTime() + 300 * DAY_MS, 'the paid year runs for months yet');

    const { id } = await memberRow('demo_renewing');
    const [agreement] = await ctx.app.db.select().from(payAgreements).where(eq(payAgreements.memberId, id));
    assert.equal(agreement!.status, 1);
    assert.equal(agreement!.provider, 'sandbox');
    assert.equal(agreement!.nextChargeAt!.getTime(), end - DAY_MS);
    const [held] = await ctx.app.db.select().from(sandboxAgreements).where(eq(sandboxAgreements.agreementNo, agreement!.agreementNo!));
    assert.equal(held!.state, 'NORMAL');
    assert.equal(held!.externalAgreementNo, agreement!.externalAgreementNo);

    const orders = await provider(ctx, 'program', 'getServiceOrderList', { page: 1, per_page: 10 }, token);
    assert.equal(orders.items.length, 1);
    assert.equal(orders.items[0].service_type, 4);
    assert.equal(orders.items[0].status_text, '已支付');
    assert.equal(orders.items[0].period_end, info.subscribe_info.service_end_date);
    const [order] = await ctx.app.db.select().from(serviceOrders).where(eq(serviceOrders.memberId, id));
    assert.equal(order!.agreementId, agreement!.id);

    // A fresh demo is not charged nor lapsed by the renewal job.
    const summary = await ctx.app.payments.runRenewals();
    assert.equal(summary.due, 0);
    assert.equal((await ctx.app.db.select().from(memberships).where(eq(memberships.memberId, id))).length, 1);
    // Buying again is refused while it renews.
    assert.deepEqual(await provider(ctx, 'pay', 'index', { service_id: 1 }, token), { result: 0, msg: '当前已是连续包年用户，无需购买' });
  });

  it('demo_renewing renews through the sandbox when due, and can cancel', async () => {
    const { id } = await memberRow('demo_renewing');
    const [agreement] = await ctx.app.db.select().from(payAgreements).where(eq(payAgreements.memberId, id));
    const startedAt = ctx.clock.now();
    try {
      ctx.clock.current = agreement!.nextChargeAt!;
      assert.equal((await ctx.app.payments.runRenewals()).charged, 1);
      assert.equal((await ctx.app.db.select().from(memberships).where(eq(memberships.memberId, id))).length, 2);
      const { token } = await ctx.app.sessions.issue(id);
      const reply = await provider(ctx, 'program', 'cancelAutoRenew', {}, token);
      assert.equal(reply.result, 1, JSON.stringify(reply));
      assert.equal(reply.auto_renew, 0);
      const [held] = await ctx.app.db.select().from(sandboxAgreements).where(eq(sandboxAgreements.agreementNo, agreement!.agreementNo!));
      assert.equal(held!.state, 'STOP');
    } finally {
      ctx.clock.current = startedAt;
    }
  });

  it('keeps the earlier demo accounts as they were', async () => {
    assert.equal((await memberInfo(await ctx.login('demo_member'))).subscribe_info.service_type, 2);
    assert.equal((await memberInfo(await ctx.login('demo_reader'))).subscribe_info.service_type, 0);
    assert.equal((await memberRow('demo_doctor')).ifNeedUpdate, 0);
  });
});
