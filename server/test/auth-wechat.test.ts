import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, freshIp, freshPhone, lastMessage, sendSms } from './auth-helpers.js';
import { createTestApp, type TestContext } from './helpers.js';
import { newReader, provider } from './payment-helpers.js';

let ctx: TestContext;
const MINUTE = 60_000;

before(async () => {
  ctx = await createTestApp();
});
after(() => ctx?.close());

/** Plays the browser: authorizeUrl, the simulator's screen, agreeing as `nickname`; returns code and state. */
async function authorize(nickname: string, iswx: 0 | 1 = 0) {
  const start = await call(ctx, 'GET', '/api/wechat/authorizeUrl', { query: { iswx, _t: Date.now() } });
  assert.equal(start.body.code, 0);
  const { url, state } = start.body.data as { url: string; state: string };
  assert.ok(url.startsWith('/dev/wechat/authorize?'), url);
  const page = await ctx.app.inject({ method: 'GET', url });
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /同意/);
  assert.match(page.body, /拒绝/);
  const q = new URL(url, 'http://site').searchParams;
  q.set('nickname', nickname);
  q.set('decision', 'agree');
  const confirm = await ctx.app.inject({ method: 'GET', url: `/dev/wechat/confirm?${q.toString()}` });
  assert.equal(confirm.statusCode, 302);
  const back = new URL(String(confirm.headers.location), 'http://site');
  assert.equal(back.pathname, '/wechat/wxlogin');
  assert.equal(back.searchParams.get('state'), state);
  return { code: back.searchParams.get('code')!, state };
}

const checkCode = (q: Record<string, string | number>) => call(ctx, 'GET', '/api/wechat/checkCode', { query: q, ip: freshIp() });
const wxlogin = (q: Record<string, string | number>) => call(ctx, 'GET', '/api/wechat/wxlogin', { query: q, ip: freshIp() });

async function bindCode(phone: string): Promise<string> {
  assert.equal((await sendSms(ctx, phone, 4)).body.code, 0);
  return (await lastMessage(ctx, phone))!.code!;
}

describe('WeChat login through the simulator', () => {
  it('binds a new WeChat user to a new phone: a new member with newFlag 1', async () => {
    const { code, state } = await authorize('张医生');
    const first = await checkCode({ code, state, iswx: 0 });
    assert.deepEqual(first.body, { code: 0, msg: 'success', data: { result: true } });
    const twice = await checkCode({ code, state, iswx: 0 });
    assert.deepEqual(twice.body.data, { result: true }, 'a reloaded page checks the same code again');

    const phone = freshPhone();
    const verifyCode = await bindCode(phone);
    const res = await wxlogin({ code, phone, verifyCode, iswx: 0 });
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    assert.equal(res.body.msg, '绑定手机成功！请继续完善信息');
    assert.equal(res.body.data.newFlag, 1);
    assert.equal(res.body.data.mobile, phone);
    assert.match(res.body.data.membername, /^wx_[a-z0-9]{8}$/);
    const info = await call(ctx, 'POST', '/api/user/getMemberInfo', { token: res.body.data.token });
    assert.equal(info.body.data.id, res.body.data.id);
    assert.equal((await wxlogin({ code, phone, verifyCode, iswx: 0 })).body.msg, '微信授权已失效，请重新扫码登录', 'the code is spent');
  });

  it('logs a returning WeChat user straight in', async () => {
    const a = await authorize('李同学');
    assert.deepEqual((await checkCode({ ...a, iswx: 0 })).body.data, { result: true });
    const phone = freshPhone();
    const bound = await wxlogin({ code: a.code, phone, verifyCode: await bindCode(phone), iswx: 0 });
    assert.equal(bound.body.data.newFlag, 1);

    const b = await authorize('李同学');
    const res = await checkCode({ ...b, iswx: 0 });
    assert.equal(res.body.code, 0);
    assert.equal(res.body.msg, '登录成功');
    assert.equal(res.body.data.result, false);
    assert.equal(res.body.data.id, bound.body.data.id);
    assert.equal(res.body.data.tokenString, res.body.data.token);
    assert.notEqual(res.body.data.token, bound.body.data.token);
  });

  it('binds WeChat to an existing member found by phone (newFlag 0)', async () => {
    const { code, state } = await authorize('demo reader on WeChat');
    await checkCode({ code, state, iswx: 0 });
    const res = await wxlogin({ code, phone: '13800000001', verifyCode: await bindCode('13800000001'), iswx: 0 });
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    assert.equal(res.body.data.newFlag, 0);
    assert.equal(res.body.data.membername, 'demo_reader');
    assert.equal(res.body.msg, '登录成功');
    ctx.clock.advance(MINUTE + 1000);
    const other = await authorize('someone else');
    await checkCode({ ...other, iswx: 0 });
    const refused = await wxlogin({ code: other.code, phone: '13800000001', verifyCode: await bindCode('13800000001'), iswx: 0 });
    assert.equal(refused.body.msg, '该手机号已绑定其他微信账号');
  });

  it('works inside WeChat (iswx=1) with its own app', async () => {
    const { code, state } = await authorize('王护士', 1);
    assert.equal((await checkCode({ code, state, iswx: 0 })).body.msg, '微信登录校验失败，请重新扫码登录', 'state is for the in-app flow');
    assert.deepEqual((await checkCode({ code, state, iswx: 1 })).body.data, { result: true });
  });

  it('refuses a bad, forged or expired state', async () => {
    const { code, state } = await authorize('赵老师');
    const [payload] = state.split('.');
    assert.equal((await checkCode({ code, state: 'nonsense', iswx: 0 })).body.msg, '微信登录校验失败，请重新扫码登录');
    assert.equal((await checkCode({ code, state: `${payload}.AAAA`, iswx: 0 })).body.code, 10001);
    assert.equal((await checkCode({ code, iswx: 0 })).body.msg, '微信登录校验失败，请重新扫码登录');
    ctx.clock.advance(10 * MINUTE + 1000);
    assert.equal((await checkCode({ code, state, iswx: 0 })).body.msg, '微信登录校验失败，请重新扫码登录');
  });

  it('refuses an unknown code, a refusal and a wrong SMS code', async () => {
    const { state } = await authorize('钱主任');
    assert.equal((await checkCode({ code: 'madeup', state, iswx: 0 })).body.msg, '微信授权已失效，请重新扫码登录');
    assert.equal((await checkCode({ state, iswx: 0 })).body.msg, '缺少微信授权码，请重新扫码登录');

    const start = await call(ctx, 'GET', '/api/wechat/authorizeUrl', { query: { iswx: 0 } });
    const q = new URL(start.body.data.url, 'http://site').searchParams;
    q.set('decision', 'deny');
    const denied = await ctx.app.inject({ method: 'GET', url: `/dev/wechat/confirm?${q.toString()}` });
    const back = new URL(String(denied.headers.location), 'http://site');
    assert.equal(back.searchParams.get('code'), null, 'a refusal returns without a code');

    const a = await authorize('孙医生');
    await checkCode({ ...a, iswx: 0 });
    const phone = freshPhone();
    const right = await bindCode(phone);
    const wrong = right === '000000' ? '111111' : '000000';
    assert.deepEqual((await wxlogin({ code: a.code, phone, verifyCode: wrong, iswx: 0 })).body, {
      code: 10005,
      msg: '验证码不正确或已失效，请重新获取',
      data: null,
    });
    assert.equal((await wxlogin({ code: a.code, phone: '', verifyCode: right, iswx: 0 })).body.msg, '请输入手机号码');
    assert.equal((await wxlogin({ code: a.code, phone, verifyCode: '', iswx: 0 })).body.msg, '请输入验证码');
    assert.equal((await wxlogin({ code: a.code, phone, verifyCode: right, iswx: 0 })).body.code, 0);
  });

  it('keeps an exchanged code about 10 minutes', async () => {
    const a = await authorize('周同学');
    await checkCode({ ...a, iswx: 0 });
    const phone = freshPhone();
    const verifyCode = await bindCode(phone);
    ctx.clock.advance(10 * MINUTE + 1000);
    assert.equal((await wxlogin({ code: a.code, phone, verifyCode, iswx: 0 })).body.msg, '微信授权已失效，请重新扫码登录');
  });

  it('refuses an outside redirect_uri on the simulator page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dev/wechat/authorize?state=x&redirect_uri=https://evil.example/' });
    assert.equal(res.statusCode, 400);
  });
});

describe('dev pages', () => {
  it('lists the outbox newest first as a page readable in Chinese', async () => {
    const phone = freshPhone();
    await sendSms(ctx, phone, 0);
    const page = await ctx.app.inject({ method: 'GET', url: `/dev/outbox?to=${phone}` });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /text\/html/);
    assert.match(page.body, /本地发件箱/);
    assert.ok(page.body.includes(phone));
    assert.ok(page.body.includes((await lastMessage(ctx, phone))!.code!));
  });
});

describe('the openid step of paying inside WeChat', () => {
  it('returns to the given same-site page, whose code getOpenId exchanges once', async () => {
    const start = await call(ctx, 'GET', '/api/wechat/authorizeUrl', { query: { iswx: 1, back: '/personal?type=flag4&wxpay=1' } });
    assert.equal(start.body.code, 0);
    const q = new URL(start.body.data.url, 'http://site').searchParams;
    q.set('nickname', '王医生');
    q.set('decision', 'agree');
    const confirm = await ctx.app.inject({ method: 'GET', url: `/dev/wechat/confirm?${q.toString()}` });
    const back = new URL(String(confirm.headers.location), 'http://site');
    assert.equal(`${back.pathname}${back.search.replace(/&code=.*$/, '')}`, '/personal?type=flag4&wxpay=1');
    const code = back.searchParams.get('code')!;

    const reader = await newReader(ctx, 'wx_openid_reader');
    const openid = await provider(ctx, 'pay', 'getOpenId', { code }, reader.token);
    assert.equal(openid.result, 1, JSON.stringify(openid));
    assert.ok(String(openid.openid).length > 0);
    const again = await provider(ctx, 'pay', 'getOpenId', { code }, reader.token);
    assert.equal(again.msg, '获取openId失败');
  });

  it('refuses another site, or a return page outside WeChat', async () => {
    for (const query of [
      { iswx: 1, back: 'https://evil.example/x' },
      { iswx: 1, back: '//evil.example/x' },
      { iswx: 0, back: '/personal?type=flag4' },
    ]) {
      const res = await call(ctx, 'GET', '/api/wechat/authorizeUrl', { query });
      assert.equal(res.body.code, 10001, JSON.stringify(query));
    }
  });
});
