import assert from 'node:assert/strict';
import type { TestContext } from './helpers.js';

// Helpers shared by the accounts tests (auth*.test.ts): requests from a chosen client address,
// solving captchas through the dev endpoint, reading codes from the local outbox.

let nextIp = 1;
/** A fresh client address, so per-address send limits of one test do not touch another. */
export const freshIp = () => `10.77.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

let nextPhone = 1;
/** A mobile number no demo account uses. */
export const freshPhone = () => `139${String(10_000_000 + nextPhone++ * 7919).slice(-8)}`;
let nextMail = 1;
export const freshEmail = () => `reader${nextMail++}.${Date.now() % 100000}@example.org`;

export interface Reply {
  status: number;
  body: any;
}

export async function call(
  ctx: TestContext,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; token?: string; ip?: string; query?: Record<string, string | number> } = {},
): Promise<Reply> {
  const qs = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]): [string, string] => [k, String(v)])).toString()}` : '';
  const res = await ctx.app.inject({
    method,
    url: url + qs,
    remoteAddress: options.ip ?? '10.99.0.1',
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  let body: unknown;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body };
}

/** Where the dev tools answer: they serve a person on the server's own machine only. */
export const THIS_MACHINE = '127.0.0.1';

/** A new captcha and its answer (through /api/dev/captchaAnswer). */
export async function solvedCaptcha(ctx: TestContext): Promise<{ uuid: string; answer: string }> {
  const captcha = await call(ctx, 'GET', '/api/captchaImage');
  assert.equal(captcha.body.code, 0, JSON.stringify(captcha.body));
  const uuid = captcha.body.data.uuid as string;
  const answer = await call(ctx, 'GET', '/api/dev/captchaAnswer', { query: { uuid }, ip: THIS_MACHINE });
  assert.equal(answer.body.code, 0);
  return { uuid, answer: answer.body.data.answer as string };
}

/** Newest outbox entry for a recipient. */
export async function lastMessage(ctx: TestContext, to: string) {
  const res = await call(ctx, 'GET', '/api/dev/outbox', { query: { to }, ip: THIS_MACHINE });
  assert.equal(res.body.code, 0);
  return res.body.data[0] as { code: string | null; body: string; subject: string; channel: string } | undefined;
}

export async function sendSms(ctx: TestContext, phoneNo: string, codeType: number, ip = freshIp()): Promise<Reply> {
  const { uuid, answer } = await solvedCaptcha(ctx);
  return call(ctx, 'POST', '/api/base/sendCode', { body: { phoneNo, codeType, uuid, code: answer }, ip });
}

export async function sendMail(ctx: TestContext, email: string, codeType: number, ip = freshIp()): Promise<Reply> {
  return call(ctx, 'POST', '/api/base/sendCode2', { body: { email, codeType }, ip });
}

/** Sends a code and returns it from the outbox. */
export async function codeFor(ctx: TestContext, target: string, codeType: number): Promise<string> {
  const sent = target.includes('@') ? await sendMail(ctx, target, codeType) : await sendSms(ctx, target, codeType);
  assert.deepEqual(sent.body, { code: 0, msg: '发送成功', data: null });
  const message = await lastMessage(ctx, target);
  assert.ok(message?.code, `a code reached ${target}`);
  return message.code;
}

/** checkCode, returning the verifyToken. */
export async function verifyTokenFor(ctx: TestContext, target: string, codeType: number): Promise<string> {
  const code = await codeFor(ctx, target, codeType);
  const key = target.includes('@') ? 'email' : 'phoneNo';
  const res = await call(ctx, 'POST', '/api/base/checkCode', { body: { code, [key]: target, codeType } });
  assert.equal(res.body.code, 0, JSON.stringify(res.body));
  assert.equal(res.body.data.verified, true);
  return res.body.data.verifyToken as string;
}
