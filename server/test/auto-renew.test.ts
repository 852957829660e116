// Turning off a continuous plan's auto-renewal (program/cancelAutoRenew) from the personal centre:
// unsigned at the provider, no further charge, the paid time stays, the state in every reply.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { payAgreements, sandboxAgreements, serviceOrders } from '../src/db/schema/index.js';
import type { SandboxPay } from '../src/providers/payment/sandbox.js';
import { MemberMessages } from '../src/modules/editorial/membersMessages.js';
import { dataOf, editorCall, refused, staffTokens } from './editorial-helpers.js';
import type { TestContext } from './helpers.js';
import { newReader, outTradeNoOf, periodsOf, provider, sandboxApp } from './payment-helpers.js';

let ctx: TestContext;
let sandbox: SandboxPay;

before(async () => {
  ({ ctx, sandbox } = await sandboxApp());
});
after(() => ctx?.close());

const agreementOf = async (memberId: number) => (await ctx.app.db.select().from(payAgreements).where(eq(payAgreements.memberId, memberId)))[0]!;
const sandboxAgreement = async (agreementNo: string) =>
  (await ctx.app.db.select().from(sandboxAgreements).where(eq(sandboxAgreements.agreementNo, agreementNo)))[0]!;
const memberInfo = async (token: string) => (await ctx.post('/api/user/getMemberInfo', {}, token)).body.data;

/** A member who signed and paid a continuous plan through the sandbox's agreement pay. */
async function continuousMember(username: string, planId = 4) {
  const reader = await newReader(ctx, username);
  const form = await provider(ctx, 'alipay', 'memberOrderSignPay', { service_id: planId }, reader.token);
  assert.equal(form.result, 1, JSON.stringify(form));
  await sandbox.pay(await outTradeNoOf(ctx, form.ordersn), 'await');
  const agreement = await agreementOf(reader.id);
  assert.equal(agreement.status, 1);
  return { ...reader, agreement };
}

describe('cancelling auto-renewal', () => {
  it('unsigns at the sandbox, charges nothing afterwards and keeps the paid end date', async () => {
    const { id, token, agreement } = await continuousMember('ar_cancel');
    const startedAt = ctx.clock.now();
    const before = await memberInfo(token);
    assert.equal(before.subscribe_info.service_type, 4);
    assert.equal(before.subscribe_info.auto_renew, 1, 'a signed continuous plan renews');
    const endDate = before.subscribe_info.service_end_date as string;
    assert.equal((await sandboxAgreement(agreement.agreementNo!)).state, 'NORMAL');

    const reply = await provider(ctx, 'program', 'cancelAutoRenew', {}, token);
    assert.deepEqual(reply, { result: 1, msg: '已取消自动续费', auto_renew: 0, service_type: 4, service_end_date: endDate });

    assert.equal((await sandboxAgreement(agreement.agreementNo!)).state, 'STOP', 'unsigned at the provider');
    const stopped = await agreementOf(id);
    assert.equal(stopped.status, 2);
    assert.equal(stopped.nextChargeAt, null);

    // The renewal job at (and after) the moment it would have charged: no order, no period.
    ctx.clock.current = new Date(agreement.nextChargeAt!.getTime() + 1000);
    await ctx.app.payments.runRenewals();
    const periods = await periodsOf(ctx, id);
    assert.equal(periods.length, 1, 'no renewal period');
    assert.equal(periods[0]!.endsAt.toISOString(), endDate, 'the paid time stays');
    const renewals = (await ctx.app.db.select().from(serviceOrders).where(eq(serviceOrders.memberId, id))).filter((o) => o.kind === 'renewal');
    assert.equal(renewals.length, 0);

    // The state survives a reload (getMemberInfo, the profile) until the paid time ends.
    const { token: laterToken } = await ctx.app.sessions.issue(id);
    const after = await memberInfo(laterToken);
    assert.deepEqual(after.subscribe_info, { service_type: 4, service_end_date: endDate, auto_renew: 0 });
    const profile = (await ctx.post('/api/user/getUserInfo', {}, laterToken)).body.data;
    assert.equal(profile.subscribe_info.auto_renew, 0);
    ctx.clock.current = new Date(Date.parse(endDate) + 1000);
    const atEnd = await ctx.app.sessions.issue(id);
    assert.equal((await memberInfo(atEnd.token)).subscribe_info.service_type, 6, 'ends at the paid end date');
    ctx.clock.current = startedAt;
  });

  it('answers a second cancel, and two at once, the same; the agreement is unsigned once', async () => {
    const { id, token, agreement } = await continuousMember('ar_twice', 3);
    const unsign = sandbox.unsign.bind(sandbox);
    let unsigned = 0;
    sandbox.unsign = async (agreementNo: string) => {
      unsigned += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return unsign(agreementNo);
    };
    try {
      const [a, b] = await Promise.all([
        provider(ctx, 'program', 'cancelAutoRenew', {}, token),
        provider(ctx, 'program', 'cancelAutoRenew', {}, token),
      ]);
      const again = await provider(ctx, 'program', 'cancelAutoRenew', {}, token);
      for (const reply of [a, b, again]) {
        assert.equal(reply.result, 1, JSON.stringify(reply));
        assert.equal(reply.msg, '已取消自动续费');
        assert.equal(reply.auto_renew, 0);
        assert.equal(reply.service_type, 3);
      }
      assert.equal(unsigned, 1, 'one unsign at the provider');
    } finally {
      sandbox.unsign = unsign;
    }
    assert.equal((await sandboxAgreement(agreement.agreementNo!)).state, 'STOP');
    assert.equal((await agreementOf(id)).status, 2);
    assert.equal((await periodsOf(ctx, id)).length, 1);
  });

  it('keeps the plan renewing when the provider cannot unsign, and says so', async () => {
    const { id, token, agreement } = await continuousMember('ar_down', 3);
    const unsign = sandbox.unsign.bind(sandbox);
    sandbox.unsign = async () => {
      throw new Error('gateway down');
    };
    try {
      assert.deepEqual(await provider(ctx, 'program', 'cancelAutoRenew', {}, token), { result: 0, msg: '支付服务暂时不可用，请稍后再试' });
    } finally {
      sandbox.unsign = unsign;
    }
    const still = await agreementOf(id);
    assert.equal(still.status, 1);
    assert.equal(still.stoppedAt, null);
    assert.equal(still.nextChargeAt!.getTime(), agreement.nextChargeAt!.getTime(), 'the next charge is as before');
    assert.equal((await memberInfo(token)).subscribe_info.auto_renew, 1);
    // Asked again once the provider answers: cancelled.
    assert.equal((await provider(ctx, 'program', 'cancelAutoRenew', {}, token)).result, 1);
  });

  it('refuses a member who never signed a continuous plan', async () => {
    const { token } = await newReader(ctx, 'ar_none');
    assert.deepEqual(await provider(ctx, 'program', 'cancelAutoRenew', {}, token), { result: 0, msg: '您当前没有开通自动续费' });
    assert.equal((await memberInfo(token)).subscribe_info.auto_renew, 0);
  });

  it('an admin ending the membership in the console stops the auto-renewal first; when it cannot be unsigned nothing ends', async () => {
    const { id, agreement } = await continuousMember('ar_console_end', 3);
    // A day into the paid month (the period has begun, so ending it leaves an expired membership).
    const startedAt = ctx.clock.now();
    ctx.clock.current = new Date(startedAt.getTime() + 86_400_000);
    try {
      const { admin } = await staffTokens(ctx);
      const { token } = await ctx.app.sessions.issue(id);
      const end = (requestId: string) => editorCall(ctx, '/members/end', { memberId: id, reason: '读者申请退出', requestId }, admin);

      // The provider down: refused with the reason, the membership and the agreement as they were.
      const unsign = sandbox.unsign.bind(sandbox);
      sandbox.unsign = async () => {
        throw new Error('gateway down');
      };
      try {
        refused(await end('console-end-down-1'), 10503, MemberMessages.autoRenewNotStopped);
      } finally {
        sandbox.unsign = unsign;
      }
      assert.equal((await agreementOf(id)).status, 1);
      assert.equal((await memberInfo(token)).subscribe_info.service_type, 3);

      // Then: unsigned at the provider, the membership ended, and the renewal job charges nothing.
      const reply = dataOf(await end('console-end-ok-1'));
      assert.equal(reply.serviceType, 6);
      assert.equal((await sandboxAgreement(agreement.agreementNo!)).state, 'STOP');
      assert.equal((await agreementOf(id)).status, 2);
      assert.equal((await memberInfo(token)).subscribe_info.service_type, 6);
      // The same request again changes nothing and answers the same.
      assert.equal(dataOf(await end('console-end-ok-1')).replayed, true);
      ctx.clock.current = new Date(agreement.nextChargeAt!.getTime() + 1000);
      await ctx.app.payments.runRenewals();
      const renewals = (await ctx.app.db.select().from(serviceOrders).where(eq(serviceOrders.memberId, id))).filter((o) => o.kind === 'renewal');
      assert.equal(renewals.length, 0, 'no renewal after the end');
    } finally {
      ctx.clock.current = startedAt;
    }
  });
});
