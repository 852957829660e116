import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { memberSessions, members, memberships } from '../src/db/schema/index.js';
import { createTestApp, DEMO_PASSWORD, type TestContext } from './helpers.js';

let ctx: TestContext;
const HOUR = 3_600_000;

before(async () => {
  ctx = await createTestApp();
});
after(() => ctx?.close());

/** POST /api/login/login from a given client address (the throttle counts per IP). */
async function login(body: unknown, remoteAddress = '10.1.0.1') {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login/login', payload: body as object, remoteAddress });
  return { status: res.statusCode, body: res.json() };
}

describe('login', () => {
  it('logs in with the username and returns the user, a token and the subscription', async () => {
    const res = await login({ accountName: 'demo_member', password: DEMO_PASSWORD });
    assert.equal(res.status, 200);
    assert.equal(res.body.code, 0);
    const user = res.body.data;
    assert.equal(user.membername, 'demo_member');
    assert.equal(typeof user.id, 'number');
    assert.match(user.token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(user.subscribe_info.service_type, 2);
    assert.ok(Date.parse(user.subscribe_info.service_end_date) > ctx.clock.now().getTime());
    assert.equal(user.subscribePo.serviceEndDate, user.subscribe_info.service_end_date);
    assert.equal(user.subscribePo.serviceTitle, '年度会员');
    assert.equal(user.ifNeedUpdate, 0);
    assert.equal('passwordHash' in user || 'password_hash' in user, false);
  });

  it('accepts the mobile number or the e-mail (any case) as the account name', async () => {
    const byMobile = await login({ accountName: '13800000003', password: DEMO_PASSWORD });
    assert.equal(byMobile.body.data.membername, 'demo_doctor');
    assert.equal(byMobile.body.data.roleid, 1);
    assert.equal(byMobile.body.data.truename, '林思远');
    const byEmail = await login({ accountName: 'Demo_Reader@Example.com', password: DEMO_PASSWORD });
    assert.equal(byEmail.body.data.membername, 'demo_reader');
    assert.deepEqual(byEmail.body.data.subscribe_info, { service_type: 0, service_end_date: null, auto_renew: 0 });
  });

  it('gives a new token at every login', async () => {
    const a = await ctx.login('demo_reader');
    const b = await ctx.login('demo_reader');
    assert.notEqual(a, b);
  });

  it('gives the same reply for a wrong password and an unknown account', async () => {
    const wrong = await login({ accountName: 'demo_doctor', password: 'not-the-password' }, '10.1.0.2');
    const unknown = await login({ accountName: 'nobody_here', password: 'not-the-password' }, '10.1.0.2');
    assert.equal(wrong.status, 200);
    assert.deepEqual(wrong.body, { code: 10005, msg: '用户名或密码错误', data: null });
    assert.deepEqual(unknown.body, wrong.body);
  });

  it('asks for the account name and the password with the spec messages', async () => {
    assert.deepEqual((await login({ password: 'x' })).body, { code: 10001, msg: '请输入用户名、手机或邮箱', data: null });
    assert.deepEqual((await login({ accountName: '   ', password: 'x' })).body.msg, '请输入用户名、手机或邮箱');
    assert.deepEqual((await login({ accountName: 'demo_reader' })).body, { code: 10001, msg: '请输入密码', data: null });
    assert.deepEqual((await login({ accountName: 'demo_reader', password: '' })).body.msg, '请输入密码');
    assert.deepEqual((await login({})).body.msg, '请输入用户名、手机或邮箱');
    assert.equal((await login({ accountName: 'demo_reader', password: 12 }, '10.1.0.3')).body.code, 10005, 'a number is read as text');
  });

  it('stores argon2id hashes with at least the OWASP parameters', async () => {
    const rows = await ctx.app.db.select({ hash: members.passwordHash }).from(members);
    assert.ok(rows.length >= 3);
    for (const { hash } of rows) assert.match(hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('session tokens', () => {
  it('lets the token read the member info, from either header', async () => {
    const token = await ctx.login('demo_doctor');
    const viaBearer = await ctx.post('/api/user/getMemberInfo', {}, token);
    assert.equal(viaBearer.body.code, 0);
    assert.equal(viaBearer.body.data.membername, 'demo_doctor');
    assert.equal(viaBearer.body.data.identity, '执业医师');
    assert.equal('token' in viaBearer.body.data, false);
    const viaHeader = await ctx.app.inject({ method: 'POST', url: '/api/user/getMemberInfo', headers: { token } });
    assert.equal(viaHeader.json().data.membername, 'demo_doctor');
  });

  it('keeps only a SHA-256 of the token in the database', async () => {
    const token = await ctx.login('demo_reader');
    const rows = await ctx.app.db.select().from(memberSessions);
    assert.ok(!JSON.stringify(rows).includes(token), 'no raw token in member_sessions');
    const digest = createHash('sha256').update(token).digest('hex');
    const [row] = rows.filter((r) => r.tokenHash === digest);
    assert.ok(row, 'the hash of the token is stored');
    assert.equal(row.expiresAt.getTime() - row.createdAt.getTime(), 6 * HOUR);
  });

  it('refuses getMemberInfo without a valid token with 10002', async () => {
    const none = await ctx.post('/api/user/getMemberInfo', {});
    assert.equal(none.status, 200);
    assert.deepEqual(none.body, { code: 10002, msg: '登录超时，请重新登录', data: null });
    const bogus = await ctx.post('/api/user/getMemberInfo', {}, 'x'.repeat(43));
    assert.equal(bogus.body.code, 10002);
  });

  it('revokes the token at logout', async () => {
    const token = await ctx.login('demo_reader');
    const out = await ctx.post('/api/login/userLogout', undefined, token);
    assert.deepEqual(out.body, { code: 0, msg: '操作成功！', data: null });
    assert.equal((await ctx.post('/api/user/getMemberInfo', {}, token)).body.code, 10002);
    const [row] = await ctx.app.db
      .select()
      .from(memberSessions)
      .where(eq(memberSessions.tokenHash, createHash('sha256').update(token).digest('hex')));
    assert.ok(row?.revokedAt, 'revoked_at is set');
  });

  it('answers logout without a session with success (nothing to revoke)', async () => {
    const out = await ctx.post('/api/login/userLogout');
    assert.equal(out.body.code, 0);
  });

  it('expires a token 6 hours after login, whatever the activity', async () => {
    const start = ctx.clock.current;
    try {
      const token = await ctx.login('demo_doctor');
      ctx.clock.advance(6 * HOUR - 1000);
      assert.equal((await ctx.post('/api/user/getMemberInfo', {}, token)).body.code, 0);
      ctx.clock.advance(1000);
      assert.equal((await ctx.post('/api/user/getMemberInfo', {}, token)).body.code, 10002);
    } finally {
      ctx.clock.current = start;
    }
  });
});

describe('service type', () => {
  it('is 6 once the membership has ended, with the end date kept', async () => {
    const start = ctx.clock.current;
    try {
      const [member] = await ctx.app.db.select({ id: members.id }).from(members).where(eq(members.username, 'demo_member'));
      const [period] = await ctx.app.db.select().from(memberships).where(eq(memberships.memberId, member!.id));
      ctx.clock.current = new Date(period!.endsAt.getTime() + 1000);
      const token = await ctx.login('demo_member');
      const info = (await ctx.post('/api/user/getMemberInfo', {}, token)).body.data;
      assert.equal(info.subscribe_info.service_type, 6);
      assert.equal(info.subscribe_info.service_end_date, period!.endsAt.toISOString());
    } finally {
      ctx.clock.current = start;
    }
  });

  it('is 0 for a member who never subscribed', async () => {
    const token = await ctx.login('demo_reader');
    const info = (await ctx.post('/api/user/getMemberInfo', {}, token)).body.data;
    assert.deepEqual(info.subscribe_info, { service_type: 0, service_end_date: null, auto_renew: 0 });
  });
});

describe('login throttle', () => {
  it('asks an account for the picture captcha after 5 failures in 15 minutes, even with the right password, then not again', async () => {
    const start = ctx.clock.current;
    try {
      for (let i = 0; i < 5; i++) {
        const res = await login({ accountName: 'demo_doctor', password: `wrong-${i}` }, `10.2.0.${i + 1}`);
        assert.equal(res.body.code, 10005);
      }
      const asked = await login({ accountName: 'demo_doctor', password: DEMO_PASSWORD }, '10.2.0.99');
      assert.equal(asked.status, 200);
      assert.deepEqual(asked.body, { code: 10030, msg: '请输入图片验证码', data: null });
      ctx.clock.advance(15 * 60_000 + 1000);
      const again = await login({ accountName: 'demo_doctor', password: DEMO_PASSWORD }, '10.2.0.99');
      assert.equal(again.body.code, 0);
    } finally {
      ctx.clock.current = start;
    }
  });

  it('asks an address for the picture captcha after 20 failures across accounts', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 20; i++) {
      const res = await login({ accountName: `guess_${i}`, password: 'wrong' }, ip);
      assert.equal(res.body.code, 10005);
    }
    const asked = await login({ accountName: 'demo_reader', password: DEMO_PASSWORD }, ip);
    assert.deepEqual([asked.status, asked.body.code], [200, 10030]);
    const elsewhere = await login({ accountName: 'demo_reader', password: DEMO_PASSWORD }, '10.3.0.2');
    assert.equal(elsewhere.body.code, 0);
  });
});
