import assert from 'node:assert/strict';
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ConfigError, defaultAccountsSettings, loadConfig } from '../src/config.js';
import { SmtpMail } from '../src/providers/mail/smtp.js';
import { AliyunSms, signRpc } from '../src/providers/sms/aliyun.js';
import { WechatCodeError } from '../src/providers/wechat/index.js';
import { WechatOfficial } from '../src/providers/wechat/official.js';
import { eq } from 'drizzle-orm';
import { captchas } from '../src/db/schema/index.js';
import { call, freshIp } from './auth-helpers.js';
import { createTestApp, type TestContext } from './helpers.js';

const listen = async <T extends Server | TcpServer>(server: T): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

/**
 * A fake dysmsapi: recomputes the RPC v1 signature from the query it received (its own code, not
 * the adapter's) and answers like Aliyun: Code OK, or SignatureDoesNotMatch.
 */
function fakeAliyun(secret: string) {
  const received: Array<Record<string, string>> = [];
  const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  const server = createHttpServer((req, res) => {
    const params = Object.fromEntries(new URL(req.url!, 'http://x').searchParams);
    const { Signature, ...rest } = params;
    const canonical = Object.keys(rest)
      .sort()
      .map((k) => `${enc(k)}=${enc(rest[k]!)}`)
      .join('&');
    const expected = createHmac('sha1', `${secret}&`).update(`GET&%2F&${enc(canonical)}`).digest('base64');
    res.setHeader('content-type', 'application/json');
    if (Signature !== expected) {
      res.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' }));
      return;
    }
    received.push(params);
    res.end(JSON.stringify({ Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990' }));
  });
  return { server, received };
}

/** A tiny SMTP server: enough of RFC 5321 for nodemailer without TLS or auth. */
function fakeSmtp() {
  const mails: Array<{ from: string; to: string[]; data: string }> = [];
  const server = createTcpServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 fake.smtp ESMTP ready\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 OK queued\r\n');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake.smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') (current.from = line), socket.write('250 OK\r\n');
        else if (verb === 'RCPT') current.to.push(line), socket.write('250 OK\r\n');
        else if (verb === 'DATA') (inData = true), socket.write('354 go ahead\r\n');
        else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return { server, mails };
}

describe('Aliyun SMS adapter', () => {
  it('signs as the published example of the RPC signature (V1, HMAC-SHA1)', () => {
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      TimeStamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    assert.equal(signRpc(params, 'testsecret'), 'CT9X0VtwR86fNWSnsc6v8YGOjuE=');
  });

  it('sends a code with a signature the fake server accepts, and reports a refusal', async () => {
    const fake = fakeAliyun('the-secret');
    const port = await listen(fake.server);
    try {
      const settings = {
        provider: 'aliyun' as const,
        accessKeyId: 'LTAIexample',
        accessKeySecret: 'the-secret',
        signName: '千言医学',
        templateCode: 'SMS_0001',
        noticeTemplateCode: '',
        endpoint: `http://127.0.0.1:${port}`,
      };
      await new AliyunSms(settings).send('13900001111', { kind: 'code', code: '012345', purpose: 0 });
      assert.equal(fake.received.length, 1);
      const got = fake.received[0]!;
      assert.equal(got.Action, 'SendSms');
      assert.equal(got.PhoneNumbers, '13900001111');
      assert.equal(got.SignName, '千言医学');
      assert.equal(got.TemplateCode, 'SMS_0001');
      assert.deepEqual(JSON.parse(got.TemplateParam!), { code: '012345' });
      assert.match(got.Timestamp!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      await new AliyunSms(settings).send('13900001111', { kind: 'notice', notice: 'registered' });
      assert.equal(fake.received.length, 1, 'notices are skipped without a notice template');
      await assert.rejects(
        new AliyunSms({ ...settings, accessKeySecret: 'wrong' }).send('13900001111', { kind: 'code', code: '1', purpose: 0 }),
        /SignatureDoesNotMatch/,
      );
    } finally {
      fake.server.close();
    }
  });
});

describe('SMTP mail adapter', () => {
  it('delivers a code mail over a real socket', async () => {
    const fake = fakeSmtp();
    const port = await listen(fake.server);
    const mail = new SmtpMail(
      { provider: 'smtp', host: '127.0.0.1', port, secure: false, user: '', password: '', from: '千言医学 <no-reply@example.org>' },
      { ignoreTLS: true },
    );
    try {
      await mail.send({ to: 'reader@example.org', subject: '千言医学注册账号验证码：123456', text: '验证码为：123456', html: '<p>123456</p>' });
      assert.equal(fake.mails.length, 1);
      const got = fake.mails[0]!;
      assert.match(got.from, /no-reply@example\.org/);
      assert.match(got.to[0]!, /reader@example\.org/);
      assert.match(got.data, /^Subject: =\?UTF-8\?/m);
      assert.match(got.data, /123456/);
    } finally {
      await mail.close();
      fake.server.close();
    }
  });

  it('carries the one-click unsubscribe header fields of list mail (RFC 8058)', async () => {
    const fake = fakeSmtp();
    const port = await listen(fake.server);
    const mail = new SmtpMail(
      { provider: 'smtp', host: '127.0.0.1', port, secure: false, user: '', password: '', from: '千言医学 <no-reply@example.org>' },
      { ignoreTLS: true },
    );
    const unsubscribe = '<https://www.example.org/api/newsletter/unsubscribe?token=abc.def>, <mailto:unsubscribe@example.org?subject=unsubscribe>';
    try {
      await mail.send({
        to: 'reader@example.org',
        subject: '周刊',
        text: '本周文章',
        html: '<p>本周文章</p>',
        headers: { 'List-Unsubscribe': unsubscribe, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      assert.equal(fake.mails.length, 1);
      // Header fields end at the first empty line; a long one may be folded onto continuation lines.
      const head = fake.mails[0]!.data.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
      assert.match(head, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      const field = /^List-Unsubscribe: (.*)$/m.exec(head)?.[1]?.replace(/\s+/g, ' ');
      assert.equal(field, unsubscribe);
    } finally {
      await mail.close();
      fake.server.close();
    }
  });
});

describe('WeChat adapter', () => {
  it('builds the QR and in-app authorize URLs and exchanges a code at a fake WeChat', async () => {
    const calls: string[] = [];
    const server = createHttpServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      calls.push(url.pathname);
      res.setHeader('content-type', 'text/plain');
      if (url.pathname === '/sns/oauth2/access_token') {
        if (url.searchParams.get('code') !== 'good-code') return res.end(JSON.stringify({ errcode: 40029, errmsg: 'invalid code' }));
        assert.equal(url.searchParams.get('appid'), 'wxopen');
        assert.equal(url.searchParams.get('secret'), 'open-secret');
        assert.equal(url.searchParams.get('grant_type'), 'authorization_code');
        return res.end(JSON.stringify({ access_token: 'AT', expires_in: 7200, refresh_token: 'RT', openid: 'OPENID', scope: 'snsapi_login', unionid: 'UNIONID' }));
      }
      if (url.pathname === '/sns/userinfo') {
        assert.equal(url.searchParams.get('access_token'), 'AT');
        return res.end(JSON.stringify({ openid: 'OPENID', nickname: '微信昵称', headimgurl: 'https://thirdwx.example/head.png', unionid: 'UNIONID' }));
      }
      res.statusCode = 404;
      res.end('{}');
    });
    const port = await listen(server);
    try {
      const wechat = new WechatOfficial({
        provider: 'wechat',
        openAppId: 'wxopen',
        openAppSecret: 'open-secret',
        mpAppId: 'wxmp',
        mpAppSecret: 'mp-secret',
        openBase: 'https://open.weixin.qq.com',
        apiBase: `http://127.0.0.1:${port}`,
      });
      const qr = new URL(wechat.authorizeUrl({ app: 'open', redirectUri: 'https://site.example/wechat/wxlogin', state: 'S' }));
      assert.equal(qr.pathname, '/connect/qrconnect');
      assert.equal(qr.searchParams.get('scope'), 'snsapi_login');
      assert.equal(qr.searchParams.get('appid'), 'wxopen');
      assert.equal(qr.searchParams.get('redirect_uri'), 'https://site.example/wechat/wxlogin');
      assert.equal(qr.hash, '#wechat_redirect');
      const inApp = new URL(wechat.authorizeUrl({ app: 'mp', redirectUri: 'https://site.example/wechat/wxlogin', state: 'S' }));
      assert.equal(inApp.pathname, '/connect/oauth2/authorize');
      assert.equal(inApp.searchParams.get('scope'), 'snsapi_userinfo');
      assert.equal(inApp.searchParams.get('appid'), 'wxmp');

      assert.deepEqual(await wechat.exchange('good-code', 'open'), {
        openid: 'OPENID',
        unionid: 'UNIONID',
        nickname: '微信昵称',
        avatar: 'https://thirdwx.example/head.png',
      });
      await assert.rejects(wechat.exchange('bad-code', 'open'), (err: unknown) => err instanceof WechatCodeError && err.errcode === 40029);
      assert.deepEqual(calls, ['/sns/oauth2/access_token', '/sns/userinfo', '/sns/oauth2/access_token']);
    } finally {
      server.close();
    }
  });
});

describe('configuration', () => {
  const live = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/qy' };

  it('stops a production database without secrets or real providers, naming each problem', () => {
    assert.throws(
      () => loadConfig(live),
      (err: unknown) =>
        err instanceof ConfigError &&
        ['AUTH_SECRET', 'SSO_SECRET', 'SMS_PROVIDER=local', 'MAIL_PROVIDER=local', 'WECHAT_PROVIDER=simulator'].every((p) =>
          err.problems.some((x) => x.includes(p)),
        ),
    );
  });

  it('asks for the keys of the chosen providers', () => {
    assert.throws(
      () => loadConfig({ SMS_PROVIDER: 'aliyun', MAIL_PROVIDER: 'smtp', WECHAT_PROVIDER: 'wechat' }),
      (err: unknown) =>
        err instanceof ConfigError &&
        ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_TEMPLATE_CODE', 'SMTP_HOST', 'WECHAT_OPEN_APP_ID', 'PUBLIC_BASE_URL'].every((p) =>
          err.problems.some((x) => x.includes(p)),
        ),
    );
  });

  it('accepts a complete production setting and turns the dev pages off', () => {
    const alipayKeys = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const config = loadConfig({
      ...live,
      AUTH_SECRET: 'a'.repeat(40),
      SSO_SECRET: 'b'.repeat(40),
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '千言医学',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      MAIL_PROVIDER: 'smtp',
      SMTP_HOST: 'smtp.example.org',
      MAIL_FROM: '千言医学 <no-reply@example.org>',
      WECHAT_PROVIDER: 'wechat',
      WECHAT_OPEN_APP_ID: 'wx1',
      WECHAT_OPEN_APP_SECRET: 's1',
      PUBLIC_BASE_URL: 'https://www.example.org/',
      CODE_SEND_LIMIT_IP: '3,20,50',
      // A live site also takes real payments (the sandbox cashier is refused there).
      PAY_PROVIDER: 'live',
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: alipayKeys.privateKey,
      ALIPAY_PUBLIC_KEY: alipayKeys.publicKey,
      ALIPAY_SELLER_ID: '2088000000000001',
    });
    assert.equal(config.accounts?.devTools, false);
    assert.deepEqual(config.accounts?.generatedSecrets, []);
    assert.equal(config.accounts?.publicBaseUrl, 'https://www.example.org');
    assert.deepEqual(config.accounts?.sendLimits.ip, { minute: 3, hour: 20, day: 50 });
    assert.equal(config.accounts?.mail.provider === 'smtp' && config.accounts.mail.port, 587);
  });

  it('runs the embedded demo (npm start) with the local providers and generated secrets', () => {
    // npm start gives DEV_TOOLS=true on the embedded database; production mode alone has none.
    assert.equal(loadConfig({ NODE_ENV: 'production' }).accounts?.devTools, false);
    const config = loadConfig({ NODE_ENV: 'production', DEV_TOOLS: 'true' });
    assert.equal(config.accounts?.devTools, true);
    assert.deepEqual(config.accounts?.generatedSecrets, ['AUTH_SECRET', 'SSO_SECRET']);
    assert.throws(() => loadConfig({ AUTH_SECRET: 'short' }), /at least 32 characters/);
    assert.throws(() => loadConfig({ CODE_SEND_LIMIT_TARGET: '1,2' }), /CODE_SEND_LIMIT_TARGET/);
  });
});

describe('an app with the Aliyun adapter and the dev pages off', () => {
  let ctx: TestContext;
  const fake = fakeAliyun('app-secret');
  let port = 0;

  before(async () => {
    port = await listen(fake.server);
    ctx = await createTestApp({
      config: {
        accounts: {
          ...defaultAccountsSettings(),
          devTools: false,
          sms: {
            provider: 'aliyun',
            accessKeyId: 'LTAIapp',
            accessKeySecret: 'app-secret',
            signName: '千言医学',
            templateCode: 'SMS_CODE',
            noticeTemplateCode: 'SMS_NOTICE',
            endpoint: `http://127.0.0.1:${port}`,
          },
        },
      },
    });
  });
  after(async () => {
    await ctx?.close();
    fake.server.close();
  });

  it('answers 404 on the outbox, the captcha answers and the WeChat simulator', async () => {
    for (const url of ['/dev/outbox', '/api/dev/outbox', '/api/dev/captchaAnswer?uuid=x', '/dev/wechat/authorize?state=s&redirect_uri=/x']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      assert.equal(res.statusCode, 404, url);
    }
  });

  /** Without the dev endpoint, the captcha answer is found from its stored HMAC (AUTH_SECRET is known here). */
  async function captchaSolvedFromHash() {
    const captcha = await call(ctx, 'GET', '/api/captchaImage');
    const uuid = captcha.body.data.uuid as string;
    const key = createHmac('sha256', ctx.config.accounts!.authSecret).update('qianyan:captcha').digest();
    const [row] = await ctx.app.db.select().from(captchas).where(eq(captchas.id, uuid));
    const answer = Array.from({ length: 100 }, (_, i) => String(i)).find(
      (a) => createHmac('sha256', key).update(`${uuid}:${a}`).digest('hex') === row!.answerHash,
    );
    assert.ok(answer !== undefined);
    return { uuid, code: answer };
  }

  it('sends the SMS code through Aliyun, and a notice with the notice template', async () => {
    const res = await call(ctx, 'POST', '/api/base/sendCode', {
      body: { phoneNo: '13900002222', codeType: 0, ...(await captchaSolvedFromHash()) },
      ip: freshIp(),
    });
    assert.deepEqual(res.body, { code: 0, msg: '发送成功', data: null });
    const sent = fake.received.at(-1)!;
    assert.equal(sent.PhoneNumbers, '13900002222');
    assert.equal(sent.TemplateCode, 'SMS_CODE');
    assert.match(JSON.parse(sent.TemplateParam!).code, /^\d{6}$/);

    const notice = await call(ctx, 'POST', '/api/base/sendCode', {
      body: { phoneNo: '13800000001', codeType: 0, ...(await captchaSolvedFromHash()) },
      ip: freshIp(),
    });
    assert.deepEqual(notice.body, res.body, 'the same reply for an existing account');
    assert.equal(fake.received.at(-1)!.TemplateCode, 'SMS_NOTICE');
    assert.deepEqual(JSON.parse(fake.received.at(-1)!.TemplateParam!), { status: '已注册' });
  });
});
