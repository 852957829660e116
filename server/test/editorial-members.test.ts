// Members in the business console (issue 20, item 4): editors and admins find a reader by phone,
// e-mail, username or name and see their profile, membership periods, orders, free reads and live
// sessions (editors with phone and e-mail masked); admins extend, grant or end a membership with a
// required reason and end a reader's sessions (their token stops working at once). Every change is
// audited (who, whom, what, reason, before and after) and applied once per request id: 20 calls at
// once with one id extend once, two admins ending the same membership at once end it once; a role
// that may not act is refused and nothing changes.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { editorialAudit, staffRequests, staffRoles } from '../src/db/schema/index.js';
import { EditorialMessages } from '../src/modules/editorial/messages.js';
import { MemberMessages as M } from '../src/modules/editorial/membersMessages.js';
import { auditTrail, dataOf, editorCall, refused, staffTokens, type Reply } from './editorial-helpers.js';
import { createTestApp, type TestContext } from './helpers.js';
import { testMember } from './fixtures.js';
import { periodsOf, subscribeInfo } from './payment-helpers.js';

const DAY = 86_400_000;
let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof staffTokens>>;
let secondAdmin: string;

before(async () => {
  ctx = await createTestApp();
  tokens = await staffTokens(ctx);
  // A second admin, so two different staff can act at once.
  const other = await testMember(ctx, 'members_admin2');
  await ctx.app.db.insert(staffRoles).values({ memberId: other.id, role: 'admin' });
  secondAdmin = other.token;
  dataOf(await editorCall(ctx, '/me', {}, secondAdmin));
});
after(() => ctx?.close());

const call = (path: string, body: unknown, token?: string): Promise<Reply> => editorCall(ctx, `/members${path}`, body, token);
const key = () => randomUUID();
const detail = async (id: number, token = tokens.admin) => dataOf(await call('/detail', { id }, token));
const trail = async (memberId: number) => (await auditTrail(ctx, 'member', tokens.admin)).filter((r) => r.targetId === memberId);
/** Whether a reader's token still opens a member-only call. */
const sessionWorks = async (token: string) => (await ctx.post('/api/user/getMemberInfo', {}, token)).body.code === 0;
const periodCount = async (memberId: number) => (await periodsOf(ctx, memberId)).length;

describe('members console: finding and viewing a reader', () => {
  it('finds a reader by phone, e-mail, username or name; editors see phone and e-mail masked', async () => {
    const r = await testMember(ctx, 'members_find', { mobile: '13912345678', email: 'find.me@example.com', truename: '赵查找' });
    for (const q of ['13912345678', 'find.me@', 'members_find', '赵查找', '2345']) {
      const found = dataOf(await call('/search', { q }, tokens.admin));
      const row = found.results.find((x: any) => x.id === r.id);
      assert.ok(row, `found by ${q}`);
      assert.equal(row.mobile, '13912345678');
      assert.equal(row.email, 'find.me@example.com');
    }
    const byEditor = dataOf(await call('/search', { q: '赵查找' }, tokens.editor));
    assert.equal(byEditor.page.total, 1);
    assert.equal(byEditor.results[0].mobile, '139****5678');
    assert.equal(byEditor.results[0].email, 'fi***@example.com');
    // A wildcard in the text is matched as itself.
    assert.equal(dataOf(await call('/search', { q: '%' }, tokens.admin)).page.total, 0);
    refused(await call('/search', { q: 'x'.repeat(65) }, tokens.admin), 10001, M.queryTooLong);
  });

  it("shows a reader's profile, membership periods, orders, free reads and live sessions", async () => {
    const d = await detail(await memberIdOf('demo_member'));
    assert.equal(d.profile.username, 'demo_member');
    assert.equal(d.profile.truename, '周明远');
    assert.equal(d.subscription.serviceType, 2);
    assert.equal(d.subscription.open, true);
    assert.ok(d.periods.length >= 1 && d.periods.some((p: any) => p.current));
    assert.ok(Array.isArray(d.orders) && Array.isArray(d.freeReads));
    assert.ok(d.plans.length >= 1);
    assert.equal(d.can.change, true);
    const r = await testMember(ctx, 'members_sessions', { member: true });
    await ctx.app.sessions.issue(r.id, { ip: '10.1.2.3', userAgent: 'Mozilla/5.0 (iPhone) TestDevice' });
    const seen = await detail(r.id);
    assert.equal(seen.sessions.length, 2);
    assert.ok(seen.sessions.some((s: any) => s.device.includes('TestDevice') && s.ip === '10.1.2.3'));
    assert.equal((await detail(r.id, tokens.editor)).can.change, false);
    refused(await call('/detail', { id: 2_000_000_000 }, tokens.admin), 10001, M.memberNotFound);
  });

  it('refuses visitors, readers and contributors', async () => {
    refused(await call('/search', { q: 'demo' }), 10002, /./);
    refused(await call('/search', { q: 'demo' }, tokens.reader), 10403, EditorialMessages.notStaff);
    refused(await call('/search', { q: 'demo' }, tokens.contributor), 10403, EditorialMessages.editorOnly);
    refused(await call('/detail', { id: 1 }, tokens.contributor), 10403, EditorialMessages.editorOnly);
  });
});

async function memberIdOf(username: string): Promise<number> {
  const found = dataOf(await call('/search', { q: username }, tokens.admin));
  return found.results.find((x: any) => x.username === username).id;
}

describe('members console: changing a membership', () => {
  it('extends by N days after the latest end, with the reason and before/after in the audit trail', async () => {
    const r = await testMember(ctx, 'members_extend', { member: true });
    const before = await subscribeInfo(ctx, r.token);
    const reply = dataOf(await call('/extend', { memberId: r.id, days: 30, reason: '客服补偿', requestId: key() }, tokens.admin));
    assert.equal(reply.replayed, false);
    const periods = await periodsOf(ctx, r.id);
    assert.equal(periods.length, 2);
    assert.equal(periods[1]!.startsAt.getTime(), periods[0]!.endsAt.getTime());
    assert.equal(periods[1]!.endsAt.getTime() - periods[1]!.startsAt.getTime(), 30 * DAY);
    assert.equal(periods[1]!.kind, 'staff');
    const afterInfo = await subscribeInfo(ctx, r.token);
    assert.notEqual(afterInfo.service_end_date, before.service_end_date);
    const [entry] = await trail(r.id);
    assert.equal(entry!.action, 'member_extend');
    assert.equal(entry!.actorName, 'demo_admin');
    assert.equal(entry!.targetLabel, 'members_extend');
    assert.equal(entry!.after.days, 30);
    assert.notEqual(entry!.before.serviceEndDate, entry!.after.serviceEndDate);
    const [row] = await ctx.app.db.select().from(editorialAudit).where(eq(editorialAudit.targetId, r.id));
    assert.equal(row!.note, '客服补偿');
  });

  it('refuses an empty reason naming 原因, a bad day count, a reader with no membership to extend; nothing changes', async () => {
    const r = await testMember(ctx, 'members_bad', { member: true });
    refused(await call('/extend', { memberId: r.id, days: 30, reason: '   ', requestId: key() }, tokens.admin), 10001, M.reasonRequired);
    assert.match(M.reasonRequired, /原因/);
    refused(await call('/grant', { memberId: r.id, planId: 1, reason: '', requestId: key() }, tokens.admin), 10001, M.reasonRequired);
    refused(await call('/end', { memberId: r.id, reason: '', requestId: key() }, tokens.admin), 10001, M.reasonRequired);
    refused(await call('/extend', { memberId: r.id, days: 0, reason: '补偿', requestId: key() }, tokens.admin), 10001, M.days);
    refused(await call('/extend', { memberId: r.id, days: 30, reason: '补偿', requestId: 'x' }, tokens.admin), 10001, M.requestIdInvalid);
    refused(await call('/grant', { memberId: r.id, planId: 999_999, reason: '补偿', requestId: key() }, tokens.admin), 10001, M.planNotFound);
    const none = await testMember(ctx, 'members_none');
    refused(await call('/extend', { memberId: none.id, days: 30, reason: '补偿', requestId: key() }, tokens.admin), 10001, M.nothingToExtend);
    refused(await call('/end', { memberId: none.id, reason: '补偿', requestId: key() }, tokens.admin), 10409, M.nothingToEnd);
    assert.equal(await periodCount(r.id), 1);
    assert.equal(await periodCount(none.id), 0);
    assert.equal((await trail(r.id)).length, 0);
  });

  it('grants a plan (its months) or days to a reader with none, from now', async () => {
    const r = await testMember(ctx, 'members_grant');
    const plans = (await detail(r.id)).plans;
    const yearly = plans.find((p: any) => p.type === 2);
    dataOf(await call('/grant', { memberId: r.id, planId: yearly.id, reason: '合作机构赠送', requestId: key() }, tokens.admin));
    assert.equal((await subscribeInfo(ctx, r.token)).service_type, 2);
    const [p] = await periodsOf(ctx, r.id);
    assert.equal(p!.startsAt.getTime(), ctx.clock.now().getTime());
    assert.ok(p!.endsAt.getTime() - p!.startsAt.getTime() >= 365 * DAY);
    const d = await testMember(ctx, 'members_grant_days');
    const reply = dataOf(await call('/grant', { memberId: d.id, planId: yearly.id, days: 7, reason: '试用', requestId: key() }, tokens.admin));
    assert.equal(reply.serviceType, 2);
    const [q] = await periodsOf(ctx, d.id);
    assert.equal(q!.endsAt.getTime() - q!.startsAt.getTime(), 7 * DAY);
    const [entry] = await trail(d.id);
    assert.equal(entry!.action, 'member_grant');
    assert.equal(entry!.before.serviceType, 0);
    assert.equal(entry!.after.serviceType, 2);
  });

  it('ends a membership now: the current period stops, periods to come are removed', async () => {
    const r = await testMember(ctx, 'members_end', { member: true });
    dataOf(await call('/extend', { memberId: r.id, days: 10, reason: '补偿', requestId: key() }, tokens.admin));
    const reply = dataOf(await call('/end', { memberId: r.id, reason: '违规共享账号', requestId: key() }, tokens.admin));
    assert.equal(reply.serviceType, 6);
    const periods = await periodsOf(ctx, r.id);
    assert.equal(periods.length, 1);
    assert.equal(periods[0]!.endsAt.getTime(), ctx.clock.now().getTime());
    assert.equal((await subscribeInfo(ctx, r.token)).service_type, 6);
    const [entry] = await trail(r.id);
    assert.equal(entry!.action, 'member_end');
    assert.equal(entry!.before.periods.length, 2);
  });

  it('refuses editors, contributors and readers on every change, and nothing changes', async () => {
    const r = await testMember(ctx, 'members_roles', { member: true });
    const before = await periodsOf(ctx, r.id);
    for (const token of [tokens.editor, tokens.contributor, tokens.reader, r.token]) {
      for (const [path, body] of [
        ['/extend', { memberId: r.id, days: 30, reason: '补偿', requestId: key() }],
        ['/grant', { memberId: r.id, planId: 1, reason: '补偿', requestId: key() }],
        ['/end', { memberId: r.id, reason: '补偿', requestId: key() }],
        ['/sessions/end', { memberId: r.id, requestId: key() }],
      ] as const) {
        const reply = await call(path, body, token);
        assert.equal(reply.code, 10403, `${path}: ${JSON.stringify(reply)}`);
      }
    }
    refused(await call('/extend', { memberId: r.id, days: 30, reason: '补偿', requestId: key() }, tokens.editor), 10403, EditorialMessages.adminOnly);
    assert.deepEqual(await periodsOf(ctx, r.id), before);
    assert.equal(await sessionWorks(r.token), true);
    assert.equal((await trail(r.id)).length, 0);
    const keys = await ctx.app.db.select().from(staffRequests).where(eq(staffRequests.targetId, r.id));
    assert.equal(keys.length, 0);
  });
});

describe('members console: once per request id, under concurrency', () => {
  it('20 extensions at once with one request id extend once and all answer the same', async () => {
    const r = await testMember(ctx, 'members_burst', { member: true });
    const requestId = key();
    const replies = await Promise.all(Array.from({ length: 20 }, () => call('/extend', { memberId: r.id, days: 30, reason: '补偿', requestId }, tokens.admin)));
    const data = replies.map((x) => dataOf(x));
    assert.equal(data.filter((d) => !d.replayed).length, 1);
    assert.equal(new Set(data.map((d) => d.serviceEndDate)).size, 1);
    assert.equal(await periodCount(r.id), 2);
    assert.equal((await trail(r.id)).length, 1);
    // The same id later still applies nothing; on another action it is refused.
    assert.equal(dataOf(await call('/extend', { memberId: r.id, days: 30, reason: '补偿', requestId }, tokens.admin)).replayed, true);
    refused(await call('/end', { memberId: r.id, reason: '补偿', requestId }, tokens.admin), 10409, M.requestIdReused);
    assert.equal(await periodCount(r.id), 2);
  });

  it('two admins ending the same membership at once end it once; the other is told it is already ended', async () => {
    const r = await testMember(ctx, 'members_race', { member: true });
    const replies = await Promise.all([tokens.admin, secondAdmin].map((t) => call('/end', { memberId: r.id, reason: '退费', requestId: key() }, t)));
    assert.equal(replies.filter((x) => x.code === 0).length, 1, JSON.stringify(replies));
    const loser = replies.find((x) => x.code !== 0)!;
    refused(loser, 10409, M.nothingToEnd);
    const entries = (await trail(r.id)).filter((e) => e.action === 'member_end');
    assert.equal(entries.length, 1);
  });

  it('two admins extending at once with their own ids both apply, one after the other', async () => {
    const r = await testMember(ctx, 'members_two', { member: true });
    await Promise.all([tokens.admin, secondAdmin].map((t) => call('/extend', { memberId: r.id, days: 5, reason: '补偿', requestId: key() }, t).then(dataOf)));
    const periods = await periodsOf(ctx, r.id);
    assert.equal(periods.length, 3);
    assert.equal(periods[2]!.startsAt.getTime(), periods[1]!.endsAt.getTime());
  });
});

describe('members console: ending sessions', () => {
  it("ends all of a reader's sessions: their tokens stop working at once; audited once per request id", async () => {
    const r = await testMember(ctx, 'members_logout', { member: true });
    const second = await ctx.app.sessions.issue(r.id);
    assert.equal(await sessionWorks(r.token), true);
    assert.equal(await sessionWorks(second.token), true);
    const requestId = key();
    const replies = await Promise.all(Array.from({ length: 5 }, () => call('/sessions/end', { memberId: r.id, requestId }, tokens.admin)));
    const data = replies.map((x) => dataOf(x));
    assert.equal(data.filter((d) => !d.replayed).length, 1);
    assert.equal(data[0]!.sessionsEnded, 2);
    assert.equal(await sessionWorks(r.token), false);
    assert.equal(await sessionWorks(second.token), false);
    assert.equal((await detail(r.id)).sessions.length, 0);
    const entries = await trail(r.id);
    assert.equal(entries.length, 1);
    assert.equal(entries[0]!.action, 'end_sessions');
    assert.deepEqual(entries[0]!.before, { liveSessions: 2 });
    // The membership is untouched.
    assert.equal(await periodCount(r.id), 1);
  });
});
