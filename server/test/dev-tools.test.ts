import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.js';
import { call, freshIp } from './auth-helpers.js';
import { createTestApp, type TestContext } from './helpers.js';

// The dev tools (outbox, captcha answers, WeChat simulator) hand out what proves a phone or e-mail:
// off in production unless DEV_TOOLS=true, and even then only for a person on the machine itself.

const DEV_ROUTES = ['/dev/outbox', '/api/dev/outbox', '/api/dev/captchaAnswer?uuid=x', '/dev/wechat/authorize?state=s&redirect_uri=/wechat/wxlogin'];
const LOOPBACK = '127.0.0.1';
const DEMO_READER_MOBILE = '13800000001';

/** An app in production mode whose accounts settings come from the environment, as at a real start. */
function productionApp(env: Record<string, string>): Promise<TestContext> {
  return createTestApp({ config: { nodeEnv: 'production', accounts: loadConfig({ NODE_ENV: 'production', ...env }).accounts } });
}

async function status(ctx: TestContext, url: string, remoteAddress: string, headers: Record<string, string> = {}): Promise<number> {
  return (await ctx.app.inject({ method: 'GET', url, remoteAddress, headers })).statusCode;
}

describe('dev tools in production mode without DEV_TOOLS', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await productionApp({});
  });
  after(() => ctx?.close());

  it('are off by default, on the embedded database too', () => {
    assert.equal(ctx.config.accounts?.devTools, false);
  });

  it('answer 404 on every dev route, even from this machine', async () => {
    for (const url of DEV_ROUTES) assert.equal(await status(ctx, url, LOOPBACK), 404, url);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: LOOPBACK });
    assert.deepEqual(res.json(), { code: 10004, msg: res.json().msg, data: null });
  });
});

describe('dev tools with DEV_TOOLS=true in production mode', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await productionApp({ DEV_TOOLS: 'true' });
  });
  after(() => ctx?.close());

  it('answer a request from this machine (127.0.0.0/8, ::1, ::ffff:127.x)', async () => {
    for (const address of [LOOPBACK, '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      for (const url of DEV_ROUTES) assert.equal(await status(ctx, url, address), 200, `${url} from ${address}`);
    }
  });

  it('answer 404 to another address, as when off', async () => {
    for (const address of ['10.1.2.3', '192.168.1.20', '::ffff:10.1.2.3', 'fe80::1', '128.0.0.1']) {
      for (const url of DEV_ROUTES) assert.equal(await status(ctx, url, address), 404, `${url} from ${address}`);
    }
  });

  it('answer 404 to anything that came through a proxy (X-Forwarded-For, Forwarded, X-Real-IP)', async () => {
    const proxied: Record<string, string>[] = [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }, { 'x-real-ip': '127.0.0.1' }];
    for (const headers of proxied) {
      for (const url of DEV_ROUTES) assert.equal(await status(ctx, url, LOOPBACK, headers), 404, `${url} with ${JSON.stringify(headers)}`);
    }
  });

  it('gives a caller elsewhere no way to log in as a phone owner with a code read from the outbox', async () => {
    const attacker = '10.1.2.3';
    // The captcha is solved by eye (its answer read here on the machine); the code goes to the owner.
    const captcha = await call(ctx, 'GET', '/api/captchaImage', { ip: attacker });
    const uuid = captcha.body.data.uuid as string;
    assert.equal((await call(ctx, 'GET', '/api/dev/captchaAnswer', { query: { uuid }, ip: attacker })).status, 404);
    const answer = (await call(ctx, 'GET', '/api/dev/captchaAnswer', { query: { uuid }, ip: LOOPBACK })).body.data.answer as string;
    const sent = await call(ctx, 'POST', '/api/base/sendCode', { body: { phoneNo: DEMO_READER_MOBILE, codeType: 3, uuid, code: answer }, ip: attacker });
    assert.equal(sent.body.code, 0, JSON.stringify(sent.body));

    const read = await call(ctx, 'GET', '/api/dev/outbox', { query: { to: DEMO_READER_MOBILE }, ip: attacker });
    assert.equal(read.status, 404);
    assert.equal(read.body.data, null);
    const viaProxy = await ctx.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${DEMO_READER_MOBILE}`,
      remoteAddress: LOOPBACK,
      headers: { 'x-forwarded-for': attacker },
    });
    assert.equal(viaProxy.statusCode, 404);
    assert.equal((await status(ctx, `/dev/outbox?to=${DEMO_READER_MOBILE}`, attacker)), 404);

    // The same code, read on the machine itself, does log in: the chain above was real.
    const local = await call(ctx, 'GET', '/api/dev/outbox', { query: { to: DEMO_READER_MOBILE }, ip: LOOPBACK });
    const code = local.body.data[0]?.code as string;
    assert.match(code, /^\d{6}$/);
    const login = await call(ctx, 'POST', '/api/login/loginWithoutPwd', { body: { phoneNo: DEMO_READER_MOBILE, code }, ip: freshIp() });
    assert.equal(login.body.code, 0, JSON.stringify(login.body));
  });

  it('says once at start that they are on and for whom', () => {
    const lines = ctx.logs.filter((l) => /dev tools/i.test(l));
    assert.equal(lines.length, 1, ctx.logs.join('\n'));
    assert.match(lines[0]!, /DEV_TOOLS=true/);
    assert.match(lines[0]!, /this machine only/);
  });
});

describe('npm start', () => {
  it('turns the dev tools on for the embedded demo, keeping a DEV_TOOLS of its own', async () => {
    const { startEnv } = await import('../../scripts/lib/startEnv.mjs');
    assert.equal(startEnv({}).DEV_TOOLS, 'true');
    assert.equal(startEnv({}).NODE_ENV, 'production');
    assert.equal(startEnv({ DEV_TOOLS: 'false' }).DEV_TOOLS, 'false');
    // On a production database the live-site rules apply: no dev tools unless asked for.
    assert.equal(startEnv({ DATABASE_URL: 'postgres://db/qianyan' }).DEV_TOOLS, undefined);
  });
});
