import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { captchas, verificationCodes } from '../src/db/schema/index.js';
import { call, codeFor, freshEmail, freshIp, freshPhone, lastMessage, sendMail, sendSms, solvedCaptcha, THIS_MACHINE } from './auth-helpers.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
const MINUTE = 60_000;

before(async () => {
  ctx = await createTestApp();
});
after(() => ctx?.close());

const check = (body: Record<string, unknown>, ip = freshIp()) => call(ctx, 'POST', '/api/base/checkCode', { body, ip });

describe('captchaImage', () => {
  it('returns a PNG data URL with an arithmetic picture and a uuid, and keeps only a hash of the answer', async () => {
    const res = await call(ctx, 'GET', '/api/captchaImage');
    assert.equal(res.body.code, 0);
    const { img, uuid } = res.body.data;
    assert.match(uuid, /^[0-9a-f-]{36}$/);
    assert.match(img, /^data:image\/png;base64,/);
    const meta = await sharp(Buffer.from(img.split(',')[1], 'base64')).metadata();
    assert.equal(meta.format, 'png');
    assert.equal(meta.width, 240);
    const answer = (await call(ctx, 'GET', '/api/dev/captchaAnswer', { query: { uuid }, ip: THIS_MACHINE })).body.data.answer;
    assert.match(answer, /^\d{1,2}$/);
    const [row] = await ctx.app.db.select().from(captchas).where(eq(captchas.id, uuid));
    assert.match(row!.answerHash, /^[0-9a-f]{64}$/);
    assert.notEqual(row!.answerHash, answer);
  });

  it('is single use: a second send with the same captcha is refused', async () => {
    const phone = freshPhone();
    const { uuid, answer } = await solvedCaptcha(ctx);
    const first = await call(ctx, 'POST', '/api/base/sendCode', { body: { phoneNo: phone, codeType: 0, uuid, code: answer }, ip: freshIp() });
    assert.equal(first.body.code, 0);
    const again = await call(ctx, 'POST', '/api/base/sendCode', { body: { phoneNo: freshPhone(), codeType: 0, uuid, code: answer }, ip: freshIp() });
    assert.deepEqual(again.body, { code: 10001, msg: '图片验证码已失效，请重新获取', data: null });
  });

  it('is used up by a wrong answer too', async () => {
    const { uuid, answer } = await solvedCaptcha(ctx);
    const wrong = String(Number(answer) + 1);
    const res = await call(ctx, 'POST', '/api/base/sendCode', { body: { phoneNo: freshPhone(), codeType: 0, uuid, code: wrong }, ip: freshIp() });
    assert.deepEqual(res.body, { code: 10001, msg: '图片验证码计算结果不正确，请重新获取', data: null });
    const retry = await call(ctx, 'POST', '/api/base/sendCode', { body: { phoneNo: freshPhone(), codeType: 0, uuid, code: answer }, ip: freshIp() });
    assert.equal(retry.body.msg, '图片验证码已失效，请重新获取');
  });

  it('expires after 2 minutes', async () => {
    const { uuid, answer } = await solvedCaptcha(ctx);
    ctx.clock.advance(2 * MINUTE + 1000);
    const res = await call(ctx, 'POST', '/api/base/sendCode', { body: { phoneNo: freshPhone(), codeType: 0, uuid, code: answer }, ip: freshIp() });
    assert.equal(res.body.msg, '图片验证码已失效，请重新获取');
  });

  it('asks for the captcha and its answer before an SMS', async () => {
    const noUuid = await call(ctx, 'POST', '/api/base/sendCode', { body: { phoneNo: freshPhone(), codeType: 0, code: '3' }, ip: freshIp() });
    assert.equal(noUuid.body.msg, '请先获取图片验证码');
    const { uuid } = await solvedCaptcha(ctx);
    const noAnswer = await call(ctx, 'POST', '/api/base/sendCode', { body: { phoneNo: freshPhone(), codeType: 0, uuid }, ip: freshIp() });
    assert.equal(noAnswer.body.msg, '请输入图片验证码的计算结果');
    const unknown = await call(ctx, 'POST', '/api/base/sendCode', {
      body: { phoneNo: freshPhone(), codeType: 0, uuid: '00000000-0000-4000-8000-000000000000', code: '3' },
      ip: freshIp(),
    });
    assert.equal(unknown.body.msg, '图片验证码已失效，请重新获取');
  });
});

describe('sending codes: spec §5 messages', () => {
  it('uses the send-button wording for a missing phone or e-mail and the shape messages otherwise', async () => {
    const { uuid, answer } = await solvedCaptcha(ctx);
    assert.deepEqual((await call(ctx, 'POST', '/api/base/sendCode', { body: { codeType: 0, uuid, code: answer } })).body, {
      code: 10001,
      msg: '请输入手机号',
      data: null,
    });
    assert.equal((await call(ctx, 'POST', '/api/base/sendCode', { body: { phoneNo: '  ', codeType: 0 } })).body.msg, '请输入手机号');
    assert.equal((await call(ctx, 'POST', '/api/base/sendCode', { body: { phoneNo: '23800000000', codeType: 0 } })).body.msg, '手机输入不正确，请重新输入');
    assert.equal((await call(ctx, 'POST', '/api/base/sendCode', { body: { phoneNo: '1380000000', codeType: 0 } })).body.msg, '手机输入不正确，请重新输入');
    assert.equal((await call(ctx, 'POST', '/api/base/sendCode2', { body: { codeType: 0 } })).body.msg, '请输入邮箱号码');
    assert.equal((await call(ctx, 'POST', '/api/base/sendCode2', { body: { email: 'a@b.toolong', codeType: 0 } })).body.msg, '邮箱输入不正确，请重新输入');
    assert.equal((await call(ctx, 'POST', '/api/base/sendCode2', { body: { email: 'no-at-sign', codeType: 0 } })).body.msg, '邮箱输入不正确，请重新输入');
  });

  it('refuses a codeType a channel does not serve', async () => {
    assert.equal((await call(ctx, 'POST', '/api/base/sendCode2', { body: { email: freshEmail(), codeType: 4 } })).body.msg, '验证码类型不正确');
    assert.equal((await call(ctx, 'POST', '/api/base/sendCode2', { body: { email: freshEmail(), codeType: 1 } })).body.msg, '验证码类型不正确');
    assert.equal((await call(ctx, 'POST', '/api/base/sendCode2', { body: { email: freshEmail() } })).body.msg, '验证码类型不正确');
    assert.equal((await call(ctx, 'POST', '/api/base/sendCode', { body: { phoneNo: freshPhone(), codeType: 'x' } })).body.msg, '验证码类型不正确');
  });

  it('sends a 6-digit code to the outbox, saying what it is for', async () => {
    const phone = freshPhone();
    const sent = await sendSms(ctx, phone, 0);
    assert.deepEqual(sent.body, { code: 0, msg: '发送成功', data: null });
    const sms = await lastMessage(ctx, phone);
    assert.equal(sms?.channel, 'sms');
    assert.match(sms!.code!, /^\d{6}$/);
    assert.ok(sms!.body.includes(sms!.code!) && sms!.body.includes('注册'));
    const email = 'demo_doctor@example.com';
    await sendMail(ctx, email, 2);
    const mail = await lastMessage(ctx, email);
    assert.equal(mail?.channel, 'email');
    assert.match(mail!.subject, /找回密码/);
    const [row] = await ctx.app.db.select().from(verificationCodes).where(eq(verificationCodes.target, email));
    assert.notEqual(row!.codeHash, mail!.code, 'only a hash is stored');
  });

  it('sends a notice instead of a register code when the account exists, with the same reply', async () => {
    const res = await sendSms(ctx, '13800000001', 0);
    assert.deepEqual(res.body, { code: 0, msg: '发送成功', data: null });
    const sms = await lastMessage(ctx, '13800000001');
    assert.equal(sms?.code, null);
    assert.match(sms!.body, /已注册/);
    const mail = await sendMail(ctx, 'DEMO_READER@example.com', 0);
    assert.deepEqual(mail.body, res.body);
    assert.match((await lastMessage(ctx, 'demo_reader@example.com'))!.body, /已注册/);
  });

  it('sends a notice instead of a reset or login code when there is no account', async () => {
    const email = freshEmail();
    assert.equal((await sendMail(ctx, email, 2)).body.code, 0);
    const notice = await lastMessage(ctx, email);
    assert.equal(notice?.code, null);
    assert.match(notice!.body, /尚未注册/);
    const phone = freshPhone();
    assert.equal((await sendSms(ctx, phone, 3)).body.code, 0);
    assert.equal((await lastMessage(ctx, phone))?.code, null);
  });
});

describe('checkCode', () => {
  it('asks for the code, and checks the phone or e-mail shape (spec §5)', async () => {
    assert.deepEqual((await check({ phoneNo: freshPhone(), codeType: 0 })).body, { code: 10001, msg: '请输入验证码', data: null });
    assert.equal((await check({ code: '123456', codeType: 0 })).body.msg, '请输入手机号码');
    assert.equal((await check({ code: '123456', phoneNo: '12345', codeType: 0 })).body.msg, '手机输入不正确，请重新输入');
    assert.equal((await check({ code: '123456', email: '', codeType: 0 })).body.msg, '请输入邮箱');
    assert.equal((await check({ code: '123456', email: 'x@y', codeType: 0 })).body.msg, '邮箱输入不正确，请重新输入');
    assert.equal((await check({ code: '123456', phoneNo: freshPhone(), codeType: 3 })).body.msg, '验证码类型不正确');
  });

  it('accepts the right code once and hands out a proof', async () => {
    const phone = freshPhone();
    const code = await codeFor(ctx, phone, 0);
    const ok = await check({ code, phoneNo: phone, codeType: 0 });
    assert.equal(ok.body.code, 0);
    assert.equal(ok.body.data.verified, true);
    assert.match(ok.body.data.verifyToken, /^[A-Za-z0-9_-]{43}$/);
    const reuse = await check({ code, phoneNo: phone, codeType: 0 });
    assert.deepEqual(reuse.body, { code: 10005, msg: '验证码不正确或已失效，请重新获取', data: null });
  });

  it('binds the code to its purpose and to its phone or e-mail', async () => {
    const email = freshEmail();
    const code = await codeFor(ctx, email, 0);
    assert.equal((await check({ code, email, codeType: 2 })).body.code, 10005, 'wrong purpose');
    assert.equal((await check({ code, email: freshEmail(), codeType: 0 })).body.code, 10005, 'wrong target');
    assert.equal((await check({ code, email: email.toUpperCase(), codeType: 0 })).body.code, 0, 'e-mail compared case-blind');
  });

  it('lets a code expire after 10 minutes', async () => {
    const phone = freshPhone();
    const code = await codeFor(ctx, phone, 0);
    ctx.clock.advance(10 * MINUTE + 1000);
    assert.equal((await check({ code, phoneNo: phone, codeType: 0 })).body.code, 10005);
  });

  it('kills a code after 5 wrong tries', async () => {
    const phone = freshPhone();
    const code = await codeFor(ctx, phone, 0);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) assert.equal((await check({ code: wrong, phoneNo: phone, codeType: 0 })).body.code, 10005);
    assert.equal((await check({ code, phoneNo: phone, codeType: 0 })).body.code, 10005, 'the right code no longer works');
  });

  it('counts at most 5 tries when 20 wrong guesses arrive at once, and refuses the right code after them', async () => {
    const phone = freshPhone();
    const code = await codeFor(ctx, phone, 0);
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i * 37_171) % 1_000_000).padStart(6, '0'));
    assert.ok(!guesses.includes(code));
    const replies = await Promise.all(guesses.map((guess) => check({ code: guess, phoneNo: phone, codeType: 0 })));
    for (const reply of replies) assert.equal(reply.body.code, 10005);
    const [row] = await ctx.app.db.select().from(verificationCodes).where(eq(verificationCodes.target, phone));
    assert.equal(row!.attempts, 5, 'the stored attempts stop at 5');
    assert.equal((await check({ code, phoneNo: phone, codeType: 0 })).body.code, 10005, 'the right code no longer works');
    const [after] = await ctx.app.db.select().from(verificationCodes).where(eq(verificationCodes.target, phone));
    assert.equal(after!.attempts, 5);
    assert.equal(after!.consumedAt, null);
  });

  it('accepts the right code after 4 wrong tries', async () => {
    const email = freshEmail();
    const code = await codeFor(ctx, email, 0);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await check({ code: wrong, email, codeType: 0 });
    assert.equal((await check({ code, email, codeType: 0 })).body.code, 0);
  });

  it('only honours the newest code for a target and purpose', async () => {
    const email = freshEmail();
    const first = await codeFor(ctx, email, 0);
    ctx.clock.advance(MINUTE + 1000);
    const second = await codeFor(ctx, email, 0);
    if (first !== second) assert.equal((await check({ code: first, email, codeType: 0 })).body.code, 10005);
    assert.equal((await check({ code: second, email, codeType: 0 })).body.code, 0);
  });

  it('fails an unknown target like a wrong code (no code was ever sent)', async () => {
    assert.deepEqual((await check({ code: '123456', phoneNo: freshPhone(), codeType: 2 })).body, {
      code: 10005,
      msg: '验证码不正确或已失效，请重新获取',
      data: null,
    });
  });
});

describe('send limits', () => {
  it('allows one code a minute per phone, whatever the address', async () => {
    const phone = freshPhone();
    assert.equal((await sendSms(ctx, phone, 0)).body.code, 0);
    const again = await sendSms(ctx, phone, 0);
    assert.equal(again.status, 429);
    assert.deepEqual(again.body, { code: 10029, msg: '发送过于频繁，请60秒后再试', data: null });
    ctx.clock.advance(MINUTE + 1000);
    assert.equal((await sendSms(ctx, phone, 0)).body.code, 0);
  });

  it('allows 5 an hour and 10 a day per e-mail', async () => {
    const email = freshEmail();
    for (let i = 0; i < 5; i++) {
      assert.equal((await sendMail(ctx, email, 0)).body.code, 0, `send ${i + 1}`);
      ctx.clock.advance(MINUTE + 1000);
    }
    const hour = await sendMail(ctx, email, 0);
    assert.deepEqual([hour.status, hour.body.msg], [429, '发送次数过多，请1小时后再试']);
    ctx.clock.advance(60 * MINUTE);
    for (let i = 0; i < 5; i++) {
      assert.equal((await sendMail(ctx, email, 0)).body.code, 0, `send ${i + 6}`);
      ctx.clock.advance(MINUTE + 1000);
    }
    ctx.clock.advance(60 * MINUTE);
    const day = await sendMail(ctx, email, 0);
    assert.deepEqual([day.status, day.body.msg], [429, '今日发送次数已达上限，请明天再试']);
    ctx.clock.advance(24 * 60 * MINUTE);
    assert.equal((await sendMail(ctx, email, 0)).body.code, 0);
  });

  it('allows one e-mail code a minute, 5 an hour and 10 a day per client address without the picture captcha', async () => {
    const ip = freshIp();
    assert.equal((await sendMail(ctx, freshEmail(), 0, ip)).body.code, 0);
    // Past a plain window the address is asked for the captcha (code 10030), not refused.
    const minute = await sendMail(ctx, freshEmail(), 0, ip);
    assert.deepEqual([minute.status, minute.body.code, minute.body.msg], [200, 10030, '请输入图片验证码']);
    for (let i = 0; i < 4; i++) {
      ctx.clock.advance(MINUTE + 1000);
      assert.equal((await sendMail(ctx, freshEmail(), 0, ip)).body.code, 0);
    }
    ctx.clock.advance(MINUTE + 1000);
    assert.equal((await sendMail(ctx, freshEmail(), 0, ip)).body.code, 10030, 'the sixth in an hour');
    assert.equal((await sendMail(ctx, freshEmail(), 0, freshIp())).body.code, 0, 'another address still sends without one');
  });

  it('lets a busy shared address (a hospital) go on sending with the picture captcha, within its own ceiling', async () => {
    const ip = freshIp();
    const mailWith = (captcha: { uuid?: string; code?: string }) =>
      call(ctx, 'POST', '/api/base/sendCode2', { body: { email: freshEmail(), codeType: 0, ...captcha }, ip });
    assert.equal((await sendMail(ctx, freshEmail(), 0, ip)).body.code, 0);
    assert.equal((await sendMail(ctx, freshEmail(), 0, ip)).body.code, 10030);

    // A wrong answer asks again (10030 with its own message), sends nothing and spends the captcha.
    const { uuid, answer } = await solvedCaptcha(ctx);
    const wrong = await mailWith({ uuid, code: String(Number(answer) + 1) });
    assert.deepEqual([wrong.body.code, wrong.body.msg], [10030, '图片验证码计算结果不正确，请重新获取']);
    assert.equal((await mailWith({ uuid, code: answer })).body.code, 10030, 'a captcha is good for one try');
    assert.equal((await mailWith(await solvedCaptcha(ctx).then((c) => ({ uuid: c.uuid, code: c.answer })))).body.code, 0);

    // SMS codes always come with a captcha: 20 readers behind one address in one minute all get theirs
    // (before: the second was refused, 发送过于频繁), then the address's captcha ceiling holds.
    for (let i = 1; i < 20; i++) assert.equal((await sendSms(ctx, freshPhone(), 0, ip)).body.code, 0, `SMS ${i}`);
    const ceiling = await sendSms(ctx, freshPhone(), 0, ip);
    assert.deepEqual([ceiling.status, ceiling.body.msg], [429, '发送过于频繁，请60秒后再试']);
    ctx.clock.advance(MINUTE + 1000);
    assert.equal((await sendSms(ctx, freshPhone(), 0, ip)).body.code, 0);
  });

  it('does not spend the captcha when the send is refused by a limit', async () => {
    const phone = freshPhone();
    await sendSms(ctx, phone, 0);
    const { uuid, answer } = await solvedCaptcha(ctx);
    const refused = await call(ctx, 'POST', '/api/base/sendCode', { body: { phoneNo: phone, codeType: 0, uuid, code: answer }, ip: freshIp() });
    assert.equal(refused.status, 429);
    const other = await call(ctx, 'POST', '/api/base/sendCode', { body: { phoneNo: freshPhone(), codeType: 0, uuid, code: answer }, ip: freshIp() });
    assert.equal(other.body.code, 0);
  });
});

describe('sendCode3 (logged in, codeType 1)', () => {
  it('needs a session, codeType 1, and a captcha for a new mobile', async () => {
    const anonymous = await call(ctx, 'POST', '/api/base/sendCode3', { body: { email: freshEmail(), codeType: 1 } });
    assert.equal(anonymous.body.code, 10002);
    const token = await ctx.login('demo_reader');
    assert.equal((await call(ctx, 'POST', '/api/base/sendCode3', { body: { email: freshEmail(), codeType: 0 }, token })).body.msg, '验证码类型不正确');
    assert.equal((await call(ctx, 'POST', '/api/base/sendCode3', { body: { codeType: 1 }, token })).body.msg, '请输入手机号');
    assert.equal((await call(ctx, 'POST', '/api/base/sendCode3', { body: { email: '', codeType: 1 }, token })).body.msg, '请输入邮箱号码');
    const noCaptcha = await call(ctx, 'POST', '/api/base/sendCode3', { body: { phoneNo: freshPhone(), codeType: 1 }, token, ip: freshIp() });
    assert.equal(noCaptcha.body.msg, '请先获取图片验证码');
    const same = await call(ctx, 'POST', '/api/base/sendCode3', { body: { phoneNo: '13800000001', codeType: 1 }, token });
    assert.equal(same.body.msg, '新手机号与当前手机号相同');

    const phone = freshPhone();
    const { uuid, answer } = await solvedCaptcha(ctx);
    const sent = await call(ctx, 'POST', '/api/base/sendCode3', { body: { phoneNo: phone, codeType: 1, uuid, code: answer }, token, ip: freshIp() });
    assert.deepEqual(sent.body, { code: 0, msg: '发送成功', data: null });
    const code = (await lastMessage(ctx, phone))!.code!;
    const proof = await check({ code, phoneNo: phone, codeType: 1 });
    assert.equal(proof.body.code, 0);

    const email = freshEmail();
    assert.equal((await call(ctx, 'POST', '/api/base/sendCode3', { body: { email, codeType: 1 }, token, ip: freshIp() })).body.code, 0);
    assert.match((await lastMessage(ctx, email))!.code!, /^\d{6}$/);
  });
});

describe('verification.consume (for updatePhoneNoOrEmail)', () => {
  it('spends a proof once, for its target and purpose only, within 15 minutes', async () => {
    const login = await ctx.login('demo_doctor');
    const proofFor = async (email: string) => {
      const sent = await call(ctx, 'POST', '/api/base/sendCode3', { body: { email, codeType: 1 }, token: login, ip: freshIp() });
      assert.equal(sent.body.code, 0);
      const code = (await lastMessage(ctx, email))!.code!;
      return (await check({ code, email, codeType: 1 })).body.data.verifyToken as string;
    };
    const email = freshEmail();
    const token = await proofFor(email);
    const consume = ctx.app.accounts.verification.consume;
    await assert.rejects(consume(token, { target: freshEmail(), purpose: 1 }), { msg: '验证已失效，请重新获取验证码' });
    await assert.rejects(consume(token, { target: email, purpose: 0 }), { msg: '验证已失效，请重新获取验证码' });
    await consume(token, { target: email, purpose: 1 });
    await assert.rejects(consume(token, { target: email, purpose: 1 }), { msg: '验证已失效，请重新获取验证码' });

    const email2 = freshEmail();
    const token2 = await proofFor(email2);
    ctx.clock.advance(15 * MINUTE + 1000);
    await assert.rejects(consume(token2, { target: email2, purpose: 1 }), { msg: '验证已失效，请重新获取验证码' });
  });
});
