import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.js';
import { rsaPair } from './payment-fakes.js';

const LIVE = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db/qy', AUTH_SECRET: 'a'.repeat(40), SSO_SECRET: 'b'.repeat(40), SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'k', ALIYUN_SMS_ACCESS_KEY_SECRET: 's', ALIYUN_SMS_SIGN_NAME: 'n', ALIYUN_SMS_TEMPLATE_CODE: 't', MAIL_PROVIDER: 'smtp', SMTP_HOST: 'smtp.example.org', MAIL_FROM: 'a@example.org', WECHAT_PROVIDER: 'wechat', WECHAT_OPEN_APP_ID: 'wx1', WECHAT_OPEN_APP_SECRET: 's', PUBLIC_BASE_URL: 'https://www.example.org' };

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err.problems;
  }
};

describe('payment configuration', () => {
  it('uses the sandbox cashier by default, with the reconciler and renewals on timers', () => {
    const config = loadConfig({});
    assert.equal(config.payments!.mode, 'sandbox');
    assert.equal(config.payments!.reconcile.intervalMs, 60_000);
    assert.equal(config.payments!.renewal.intervalMs, 600_000);
  });

  it('refuses the sandbox on a production database unless DEV_TOOLS is on', () => {
    assert.ok(problemsOf(LIVE).some((p) => p.startsWith('PAY_PROVIDER=sandbox takes no money')));
    assert.deepEqual(problemsOf({ ...LIVE, DEV_TOOLS: 'true' }), []);
  });

  it('stops a live start without keys, naming every missing one', () => {
    const problems = problemsOf({ ...LIVE, PAY_PROVIDER: 'live' });
    assert.ok(problems.some((p) => p.includes('needs WeChat Pay (WECHATPAY_MCHID')));
    const wechat = problemsOf({ ...LIVE, PAY_PROVIDER: 'live', WECHATPAY_MCHID: '1900000109' });
    for (const name of ['WECHATPAY_APIV3_KEY', 'WECHATPAY_PUBLIC_KEY_ID', 'WECHATPAY_APPID', 'WECHATPAY_MERCHANT_SERIAL_NO', 'WECHATPAY_PRIVATE_KEY', 'WECHATPAY_PUBLIC_KEY']) {
      assert.ok(wechat.some((p) => p.startsWith(`${name} is required`)), name);
    }
    const alipay = problemsOf({ ...LIVE, PAY_PROVIDER: 'live', ALIPAY_APP_ID: '2021' });
    for (const name of ['ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'ALIPAY_SELLER_ID']) assert.ok(alipay.some((p) => p.startsWith(`${name} is required`)), name);
    assert.ok(problemsOf({ ...LIVE, PAY_PROVIDER: 'cash' }).some((p) => p.startsWith('PAY_PROVIDER must be sandbox or live')));
    assert.ok(
      problemsOf({ ...LIVE, PAY_PROVIDER: 'live', PAY_NOTIFY_BASE_URL: 'http://pay.example.org', ALIPAY_APP_ID: '2021' }).some((p) =>
        p.startsWith('PAY_NOTIFY_BASE_URL must be an https://'),
      ),
    );
  });

  it('reads keys as PEM text with \\n escapes, base64 or a file, and rejects what is not a key', async () => {
    const app = rsaPair();
    const alipay = rsaPair();
    const dir = await mkdtemp(join(tmpdir(), 'qy-keys-'));
    const file = join(dir, 'alipay_public.pem');
    await writeFile(file, alipay.publicPem);
    const base64Private = app.privatePem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    const config = loadConfig({
      ...LIVE,
      PAY_PROVIDER: 'live',
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: base64Private,
      ALIPAY_PUBLIC_KEY: file,
      ALIPAY_SELLER_ID: '2088000000000001',
      WECHATPAY_MCHID: '1900000109',
      WECHATPAY_APPID: 'wx8888888888888888',
      WECHATPAY_MERCHANT_SERIAL_NO: 'ABC',
      WECHATPAY_PRIVATE_KEY: app.privatePem.replace(/\n/g, '\\n'),
      WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_01',
      WECHATPAY_PUBLIC_KEY: alipay.publicPem,
      WECHATPAY_APIV3_KEY: 'k'.repeat(32),
    });
    assert.match(config.payments!.alipay!.appPrivateKey, /^-----BEGIN PRIVATE KEY-----/);
    assert.match(config.payments!.alipay!.alipayPublicKey, /^-----BEGIN PUBLIC KEY-----/);
    assert.match(config.payments!.wechatpay!.merchantPrivateKey, /^-----BEGIN PRIVATE KEY-----/);
    assert.equal(config.payments!.notifyBaseUrl, 'https://www.example.org');
    const bad = problemsOf({ ...LIVE, PAY_PROVIDER: 'live', ALIPAY_APP_ID: '2021', ALIPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----', ALIPAY_PUBLIC_KEY: '/no/such/file.pem', ALIPAY_SELLER_ID: '2088' });
    assert.ok(bad.includes('ALIPAY_PRIVATE_KEY is not a valid RSA private key'));
    assert.ok(bad.some((p) => p.startsWith('ALIPAY_PUBLIC_KEY must be a PEM key')));
    assert.ok(problemsOf({ ...LIVE, PAY_PROVIDER: 'live', WECHATPAY_MCHID: '1', WECHATPAY_APIV3_KEY: 'short' }).includes('WECHATPAY_APIV3_KEY must be the 32-character APIv3 key'));
  });
});
