import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { members } from '../src/db/schema/index.js';
import { call, codeFor, freshEmail, freshIp, freshPhone, verifyTokenFor } from './auth-helpers.js';
import { createTestApp, DEMO_PASSWORD, type TestContext } from './helpers.js';

let ctx: TestContext;
const MINUTE = 60_000;

before(async () => {
  ctx = await createTestApp();
});
after(() => ctx?.close());

const post = (url: string, body: unknown, options: { token?: string; ip?: string } = {}) =>
  call(ctx, 'POST', url, { body, ip: options.ip ?? freshIp(), token: options.token });
const memberInfo = (token: string) => post('/api/user/getMemberInfo', {}, { token });
let nextName = 1;
const freshName = () => `reader_${nextName++}_${Date.now() % 10000}`;

describe('user/register', () => {
  it('creates the account for a verified phone, logs in and says so', async () => {
    const phone = freshPhone();
    const verifyToken = await verifyTokenFor(ctx, phone, 0);
    const name = freshName();
    const res = await post('/api/user/register', { mobile: phone, membername: name, password: 'secret1', verifyToken });
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    assert.equal(res.body.msg, '注册成功！请继续完善信息。');
    assert.equal(res.body.data.membername, name);
    assert.equal(res.body.data.mobile, phone);
    assert.deepEqual(res.body.data.subscribe_info, { service_type: 0, service_end_date: null, auto_renew: 0 });
    assert.equal((await memberInfo(res.body.data.token)).body.data.id, res.body.data.id);
    const [row] = await ctx.app.db.select().from(members).where(eq(members.id, res.body.data.id));
    assert.match(row!.passwordHash, /^\$argon2id\$/);
    const login = await post('/api/login/login', { accountName: name, password: 'secret1' });
    assert.equal(login.body.code, 0);
  });

  it('registers by e-mail (stored lower-cased)', async () => {
    const email = freshEmail().toUpperCase();
    const verifyToken = await verifyTokenFor(ctx, email, 0);
    const res = await post('/api/user/register', { email, membername: freshName(), password: 'secret1', verifyToken });
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    assert.equal(res.body.data.email, email.toLowerCase());
  });

  it('spends the proof once, and only for its own phone', async () => {
    const phone = freshPhone();
    const verifyToken = await verifyTokenFor(ctx, phone, 0);
    const other = await post('/api/user/register', { mobile: freshPhone(), membername: freshName(), password: 'secret1', verifyToken });
    assert.deepEqual(other.body, { code: 10001, msg: '验证已失效，请重新获取验证码', data: null });
    assert.equal((await post('/api/user/register', { mobile: phone, membername: freshName(), password: 'secret1', verifyToken })).body.code, 0);
    const again = await post('/api/user/register', { mobile: phone, membername: freshName(), password: 'secret1', verifyToken });
    assert.equal(again.body.msg, '验证已失效，请重新获取验证码');
  });

  it('refuses a proof made for another purpose', async () => {
    const email = 'demo_reader@example.com';
    const resetProof = await verifyTokenFor(ctx, email, 2);
    const res = await post('/api/user/register', { email, membername: freshName(), password: 'secret1', verifyToken: resetProof });
    assert.equal(res.body.msg, '验证已失效，请重新获取验证码');
  });

  it('says when the username is taken and keeps the proof for another try', async () => {
    const phone = freshPhone();
    const verifyToken = await verifyTokenFor(ctx, phone, 0);
    const taken = await post('/api/user/register', { mobile: phone, membername: 'demo_reader', password: 'secret1', verifyToken });
    assert.deepEqual(taken.body, { code: 10001, msg: '该用户名已被使用，请换一个', data: null });
    const retry = await post('/api/user/register', { mobile: phone, membername: freshName(), password: 'secret1', verifyToken });
    assert.equal(retry.body.code, 0);
  });

  it('never sends a register code to an existing account, so it cannot be registered twice', async () => {
    const sent = await codeFor(ctx, freshPhone(), 0);
    assert.match(sent, /^\d{6}$/);
    const check = await post('/api/base/checkCode', { code: '123456', phoneNo: '13800000002', codeType: 0 });
    assert.equal(check.body.code, 10005);
  });

  it('validates with the spec messages', async () => {
    const base = { mobile: freshPhone(), membername: freshName(), password: 'secret1', verifyToken: 'x'.repeat(43) };
    const msg = async (patch: Record<string, unknown>) => (await post('/api/user/register', { ...base, ...patch })).body.msg;
    assert.equal(await msg({ mobile: undefined }), '请使用手机号或邮箱注册');
    assert.equal(await msg({ mobile: '2380000000' }), '手机输入不正确，请重新输入');
    assert.equal(await msg({ mobile: undefined, email: 'bad@' }), '邮箱输入不正确，请重新输入');
    assert.equal(await msg({ membername: ' ' }), '请输入用户名');
    assert.equal(await msg({ membername: 'a' }), '用户名长度应为2到20个字符');
    assert.equal(await msg({ membername: 'has space' }), '用户名不能包含空格或@');
    assert.equal(await msg({ membername: '13912345678' }), '用户名不能全为数字');
    assert.equal(await msg({ password: '' }), '请输入密码');
    assert.equal(await msg({ password: '12345' }), '请至少输入6位');
    assert.equal(await msg({}), '验证已失效，请重新获取验证码');
  });
});

describe('login/loginWithoutPwd', () => {
  it('logs in with a login code sent by SMS or e-mail, with a new token each time', async () => {
    const code = await codeFor(ctx, '13800000003', 3);
    const res = await post('/api/login/loginWithoutPwd', { phoneNo: '13800000003', code });
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    assert.equal(res.body.msg, '登录成功');
    assert.equal(res.body.data.membername, 'demo_doctor');
    const mailCode = await codeFor(ctx, 'demo_doctor@example.com', 3);
    const again = await post('/api/login/loginWithoutPwd', { email: 'demo_doctor@example.com', code: mailCode });
    assert.equal(again.body.code, 0);
    assert.notEqual(again.body.data.token, res.body.data.token);
    assert.equal((await post('/api/login/loginWithoutPwd', { phoneNo: '13800000003', code })).body.code, 10005, 'single use');
  });

  it('fails an unknown account exactly like a wrong code', async () => {
    const unknown = await post('/api/login/loginWithoutPwd', { phoneNo: freshPhone(), code: '123456' });
    const wrong = await post('/api/login/loginWithoutPwd', { phoneNo: '13800000001', code: '123456' });
    assert.deepEqual(unknown.body, { code: 10005, msg: '验证码不正确或已失效，请重新获取', data: null });
    assert.deepEqual(wrong.body, unknown.body);
  });

  it('refuses a code sent for another purpose', async () => {
    const email = 'demo_member@example.com';
    const code = await codeFor(ctx, email, 2);
    assert.equal((await post('/api/login/loginWithoutPwd', { email, code })).body.code, 10005);
  });

  it('asks for the phone and the code', async () => {
    assert.equal((await post('/api/login/loginWithoutPwd', { code: '123456' })).body.msg, '请输入手机号码');
    assert.equal((await post('/api/login/loginWithoutPwd', { phoneNo: '13800000001' })).body.msg, '请输入验证码');
  });

  it('asks for the captcha per account together with password logins', async () => {
    // Failures count per account whatever name was typed: let those of the tests above (by e-mail) expire.
    ctx.clock.advance(16 * MINUTE);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      assert.equal((await post('/api/login/loginWithoutPwd', { phoneNo: '13800000002', code: '000000' }, { ip: freshIp() })).body.code, 10005);
    }
    const asked = await post('/api/login/login', { accountName: '13800000002', password: DEMO_PASSWORD }, { ip });
    assert.deepEqual([asked.status, asked.body.code], [200, 10030]);
    assert.equal((await post('/api/login/loginWithoutPwd', { phoneNo: '13800000002', code: '000000' }, { ip })).body.code, 10030);
    ctx.clock.advance(16 * MINUTE);
    assert.equal((await post('/api/login/login', { accountName: '13800000002', password: DEMO_PASSWORD }, { ip })).body.code, 0);
  });

  it('asks for the captcha per client address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) await post('/api/login/loginWithoutPwd', { phoneNo: freshPhone(), code: '000000' }, { ip });
    const res = await post('/api/login/loginWithoutPwd', { phoneNo: freshPhone(), code: '000000' }, { ip });
    assert.deepEqual([res.status, res.body.code], [200, 10030]);
    ctx.clock.advance(16 * MINUTE);
  });
});

async function registered(password = 'first-pass') {
  const email = freshEmail();
  const verifyToken = await verifyTokenFor(ctx, email, 0);
  const res = await post('/api/user/register', { email, membername: freshName(), password, verifyToken });
  assert.equal(res.body.code, 0);
  ctx.clock.advance(MINUTE + 1000); // the next code to this e-mail may be sent
  return { email, token: res.body.data.token as string, name: res.body.data.membername as string, password };
}

describe('forgot password', () => {
  it('sets the new password with an e-mail proof and ends every session', async () => {
    const user = await registered();
    const second = await ctx.login(user.name, user.password);
    const verifyToken = await verifyTokenFor(ctx, user.email, 2);
    const res = await post('/api/user/forgetPasswordEmail', { email: user.email, verifyToken, password: 'second-pass' });
    assert.deepEqual(res.body, { code: 0, msg: '密码成功重置，请使用新密码重新登录', data: null });
    assert.equal((await memberInfo(user.token)).body.code, 10002);
    assert.equal((await memberInfo(second)).body.code, 10002);
    assert.equal((await post('/api/login/login', { accountName: user.email, password: user.password })).body.code, 10005);
    assert.equal((await post('/api/login/login', { accountName: user.email, password: 'second-pass' })).body.code, 0);
    const reuse = await post('/api/user/forgetPasswordEmail', { email: user.email, verifyToken, password: 'third-pass' });
    assert.equal(reuse.body.msg, '验证已失效，请重新获取验证码');
  });

  it('works by phone too', async () => {
    const phone = freshPhone();
    const proof = await verifyTokenFor(ctx, phone, 0);
    const name = freshName();
    assert.equal((await post('/api/user/register', { mobile: phone, membername: name, password: 'first-pass', verifyToken: proof })).body.code, 0);
    ctx.clock.advance(MINUTE + 1000);
    const verifyToken = await verifyTokenFor(ctx, phone, 2);
    const res = await post('/api/user/forgetPasswordPhone', { phoneNo: phone, verifyToken, password: 'second-pass' });
    assert.equal(res.body.msg, '密码成功重置，请使用新密码重新登录');
    assert.equal((await post('/api/login/login', { accountName: name, password: 'second-pass' })).body.code, 0);
  });

  it('gives an unknown account the same reply as a spent proof', async () => {
    const unknown = await post('/api/user/forgetPasswordEmail', { email: freshEmail(), verifyToken: 'y'.repeat(43), password: 'whatever1' });
    const known = await post('/api/user/forgetPasswordEmail', { email: 'demo_member@example.com', verifyToken: 'y'.repeat(43), password: 'whatever1' });
    assert.deepEqual(unknown.body, { code: 10001, msg: '验证已失效，请重新获取验证码', data: null });
    assert.deepEqual(known.body, unknown.body);
  });

  it('validates with the spec messages', async () => {
    assert.equal((await post('/api/user/forgetPasswordPhone', { verifyToken: 'x', password: 'secret1' })).body.msg, '请输入手机号');
    assert.equal((await post('/api/user/forgetPasswordEmail', { verifyToken: 'x', password: 'secret1' })).body.msg, '请输入邮箱号码');
    assert.equal((await post('/api/user/forgetPasswordEmail', { email: 'a@b', verifyToken: 'x', password: 'secret1' })).body.msg, '邮箱输入不正确，请重新输入');
    assert.equal((await post('/api/user/forgetPasswordPhone', { phoneNo: '13800000001', verifyToken: 'x' })).body.msg, '请输入密码');
    assert.equal((await post('/api/user/forgetPasswordPhone', { phoneNo: '13800000001', verifyToken: 'x', password: '123' })).body.msg, '请至少输入6位');
  });
});

describe('user/updatePassword', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const user = await registered();
    const other = await ctx.login(user.name, user.password);
    const res = await post('/api/user/updatePassword', { oldPassword: user.password, newPassword: 'changed-1', checknewPassword: 'changed-1' }, { token: user.token });
    assert.deepEqual(res.body, { code: 0, msg: '修改密码成功', data: null });
    assert.equal((await memberInfo(user.token)).body.code, 0, 'the current session stays');
    assert.equal((await memberInfo(other)).body.code, 10002, 'the other session ended');
    assert.equal((await post('/api/login/login', { accountName: user.name, password: 'changed-1' })).body.code, 0);
  });

  it('validates with the personal-centre messages (spec §5)', async () => {
    const user = await registered();
    const msg = async (body: Record<string, string>) => (await post('/api/user/updatePassword', body, { token: user.token })).body.msg;
    assert.equal(await msg({ newPassword: 'abcdef', checknewPassword: 'abcdef' }), '请输入原密码');
    assert.equal(await msg({ oldPassword: 'abc', newPassword: 'abcdef', checknewPassword: 'abcdef' }), '密码至少6位');
    assert.equal(await msg({ oldPassword: user.password, checknewPassword: 'abcdef' }), '请输入密码');
    assert.equal(await msg({ oldPassword: user.password, newPassword: 'abc', checknewPassword: 'abc' }), '密码至少6位');
    assert.equal(await msg({ oldPassword: user.password, newPassword: 'abcdef' }), '请再次输入密码');
    assert.equal(await msg({ oldPassword: user.password, newPassword: 'abcdef', checknewPassword: 'abcdeg' }), '两次输入密码不一致!');
    assert.equal(await msg({ oldPassword: user.password, newPassword: user.password, checknewPassword: user.password }), '新密码不能与原密码相同');
  });

  it('needs a session', async () => {
    const res = await post('/api/user/updatePassword', { oldPassword: 'abcdef', newPassword: 'abcdef', checknewPassword: 'abcdef' });
    assert.equal(res.body.code, 10002);
  });

  it('says the old password is wrong, and counts it as a failed login', async () => {
    const user = await registered();
    const wrong = { oldPassword: 'not-mine-1', newPassword: 'abcdefg', checknewPassword: 'abcdefg' };
    const res = await post('/api/user/updatePassword', wrong, { token: user.token });
    assert.deepEqual(res.body, { code: 10005, msg: '原密码不正确', data: null });
    for (let i = 0; i < 4; i++) await post('/api/user/updatePassword', wrong, { token: user.token, ip: freshIp() });
    const asked = await post('/api/login/login', { accountName: user.name, password: user.password });
    assert.deepEqual([asked.status, asked.body.code], [200, 10030]);
    ctx.clock.advance(16 * MINUTE);
  });
});

describe('single sign-on', () => {
  it('hands out a ticket to a member that logs in once, in a new session', async () => {
    assert.equal((await call(ctx, 'GET', '/api/authLogin/getToken')).body.code, 10002);
    const token = await ctx.login('demo_member');
    const ticket = (await call(ctx, 'GET', '/api/authLogin/getToken', { token })).body.data.result as string;
    assert.match(ticket, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const res = await call(ctx, 'POST', '/api/authLogin/login', { query: { data: ticket } });
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    assert.equal(res.body.data.membername, 'demo_member');
    assert.notEqual(res.body.data.token, token);
    assert.equal((await memberInfo(res.body.data.token)).body.data.membername, 'demo_member');
    const reuse = await call(ctx, 'POST', '/api/authLogin/login', { query: { data: ticket } });
    assert.deepEqual(reuse.body, { code: 10005, msg: '登录凭证无效或已过期，请重新登录', data: null });
  });

  it('refuses an expired, altered or missing ticket', async () => {
    const token = await ctx.login('demo_reader');
    const ticket = (await call(ctx, 'GET', '/api/authLogin/getToken', { token })).body.data.result as string;
    const [payload, sig] = ticket.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claims, m: claims.m + 1 })).toString('base64url')}.${sig}`;
    assert.equal((await call(ctx, 'POST', '/api/authLogin/login', { query: { data: forged } })).body.code, 10005);
    assert.equal((await call(ctx, 'POST', '/api/authLogin/login', { query: { data: 'garbage' } })).body.code, 10005);
    assert.equal((await call(ctx, 'POST', '/api/authLogin/login')).body.msg, '缺少登录凭证');
    ctx.clock.advance(2 * MINUTE + 1000);
    assert.equal((await call(ctx, 'POST', '/api/authLogin/login', { query: { data: ticket } })).body.msg, '登录凭证无效或已过期，请重新登录');
  });
});
