import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { members } from '../src/db/schema/index.js';
import { call, freshEmail, freshIp, freshPhone, lastMessage, solvedCaptcha } from './auth-helpers.js';
import { testMember } from './fixtures.js';
import { createTestApp, type TestContext } from './helpers.js';

// Changing the mobile or e-mail in the personal centre (spec §2.9): sendCode3 to the new one,
// checkCode (codeType 1) for a proof, then user/updatePhoneNoOrEmail with that proof.

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp();
});
after(() => ctx?.close());

let seq = 0;
const newMember = () => testMember(ctx, `contact_${process.pid}_${++seq}`, { mobile: freshPhone(), email: freshEmail() });

/** The change flow's proof for a new mobile or e-mail of the logged-in member. */
async function changeProof(token: string, target: string): Promise<string> {
  const byMail = target.includes('@');
  const captcha = byMail ? {} : await solvedCaptcha(ctx).then(({ uuid, answer }) => ({ uuid, code: answer }));
  const sent = await call(ctx, 'POST', '/api/base/sendCode3', {
    token,
    ip: freshIp(),
    body: { ...(byMail ? { email: target } : { phoneNo: target }), codeType: 1, ...captcha },
  });
  assert.equal(sent.body.code, 0, JSON.stringify(sent.body));
  const code = (await lastMessage(ctx, target))!.code!;
  const checked = await call(ctx, 'POST', '/api/base/checkCode', {
    body: { code, codeType: 1, ...(byMail ? { email: target } : { phoneNo: target }) },
  });
  assert.equal(checked.body.code, 0, JSON.stringify(checked.body));
  return checked.body.data.verifyToken as string;
}

const update = (body: object, token?: string) => ctx.post('/api/user/updatePhoneNoOrEmail', body, token);
const row = async (id: number) => (await ctx.app.db.select().from(members).where(eq(members.id, id)))[0]!;

describe('updatePhoneNoOrEmail', () => {
  it('needs a session', async () => {
    assert.deepEqual((await update({ phoneNo: freshPhone(), verifyToken: 'x'.repeat(43) })).body, {
      code: 10002,
      msg: '登录超时，请重新登录',
      data: null,
    });
  });

  it('changes the mobile with a proof for that mobile: 修改手机号成功, and the new number logs in', async () => {
    const m = await newMember();
    const phone = freshPhone();
    const proof = await changeProof(m.token, phone);
    const res = await update({ phoneNo: phone, verifyToken: proof }, m.token);
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    assert.equal(res.body.msg, '修改手机号成功');
    assert.equal(res.body.data.mobile, phone);
    assert.equal((await row(m.id)).mobile, phone);
    // The proof is spent.
    const again = await update({ phoneNo: freshPhone(), verifyToken: proof }, m.token);
    assert.deepEqual(again.body, { code: 10001, msg: '验证已失效，请重新获取验证码', data: null });
  });

  it('changes the e-mail (lower-cased): 修改邮箱成功', async () => {
    const m = await newMember();
    const email = freshEmail();
    const proof = await changeProof(m.token, email);
    const res = await update({ email: email.toUpperCase(), verifyToken: proof }, m.token);
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    assert.equal(res.body.msg, '修改邮箱成功');
    assert.equal(res.body.data.email, email.toLowerCase());
  });

  it('refuses a proof for another number, another purpose, or none, and changes nothing', async () => {
    const m = await newMember();
    const before = await row(m.id);
    const phone = freshPhone();
    const proof = await changeProof(m.token, phone);
    const cases: Array<[object, string]> = [
      [{ phoneNo: freshPhone(), verifyToken: proof }, '验证已失效，请重新获取验证码'],
      [{ email: freshEmail(), verifyToken: proof }, '验证已失效，请重新获取验证码'],
      [{ phoneNo: phone }, '验证已失效，请重新获取验证码'],
      [{ phoneNo: phone, verifyToken: 'not-a-real-proof-but-long-enough-to-look' }, '验证已失效，请重新获取验证码'],
      [{}, '请输入手机号码'],
      [{ phoneNo: '2345' , verifyToken: proof }, '手机输入不正确，请重新输入'],
      [{ email: 'not-mail', verifyToken: proof }, '邮箱输入不正确，请重新输入'],
      [{ phoneNo: phone, email: freshEmail(), verifyToken: proof }, '请只填写手机号或邮箱中的一项'],
      [{ phoneNo: before.mobile!, verifyToken: proof }, '新手机号与当前手机号相同'],
    ];
    for (const [body, msg] of cases) {
      assert.deepEqual((await update(body, m.token)).body, { code: 10001, msg, data: null }, JSON.stringify(body));
    }
    assert.deepEqual(await row(m.id), before);
    // The proof survived the refusals.
    assert.equal((await update({ phoneNo: phone, verifyToken: proof }, m.token)).body.code, 0);
  });

  it('refuses a mobile or e-mail another account uses, keeping the proof', async () => {
    const m = await newMember();
    const other = await newMember();
    const taken = (await row(other.id)).mobile!;
    // The number is free when the code is sent, and taken before the change.
    const phone = freshPhone();
    const proof = await changeProof(m.token, phone);
    await ctx.app.db.update(members).set({ mobile: phone }).where(eq(members.id, other.id));
    assert.deepEqual((await update({ phoneNo: phone, verifyToken: proof }, m.token)).body, {
      code: 10001,
      msg: '该手机号已被其他账号使用',
      data: null,
    });
    await ctx.app.db.update(members).set({ mobile: taken }).where(eq(members.id, other.id));
    assert.equal((await update({ phoneNo: phone, verifyToken: proof }, m.token)).body.code, 0, 'the proof was not spent');

    const otherEmail = (await row(other.id)).email!;
    const mailProof = await changeProof(m.token, freshEmail());
    assert.deepEqual((await update({ email: otherEmail, verifyToken: mailProof }, m.token)).body, {
      code: 10001,
      msg: '该邮箱已被其他账号使用',
      data: null,
    });
  });
});
