import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { contentSecurityPolicy, cspSources, remoteOrigins } from '../src/plugins/securityHeaders.js';
import { ConfigError, defaultPaymentSettings, loadConfig, type AppConfig } from '../src/config.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
let dir: string;
let web: string;
const CDN = 'https://cdn.example.net';
// Like the shell's index.html: an inline boot script that starts the preloaded shell scripts.
const INDEX =
  '<!doctype html><html><head><link rel="preload" href="/main.3f9a1c2b.js" as="script"></head><body>' +
  '<div id=qy-header-ad class=qy-header-ad--reserved></div><main id=qy-main class=qy-main--pending></main>' +
  '<script>(function (s) { s.forEach(function (src) { var e = document.createElement("script"); e.src = src; document.head.appendChild(e); }); })(["/main.3f9a1c2b.js"]);</script>' +
  '</body></html>';

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qy-sec-'));
  web = join(dir, 'web');
  const releases = join(dir, 'releases');
  await mkdir(web, { recursive: true });
  await writeFile(join(web, 'index.html'), INDEX);
  await writeFile(join(web, 'main.3f9a1c2b.js'), 'console.log("shell")');
  await writeFile(join(web, 'routes.json'), JSON.stringify({ remotes: { 'mf-content': ['/', '/index', '/article-*'], 'mf-account': ['/personal'] } }));
  await mkdir(join(releases, 'mf-account', '1.0.0'), { recursive: true });
  await writeFile(join(releases, 'mf-account', '1.0.0', 'mf-manifest.json'), '{"name":"mf-account"}');
  // One remote on a CDN, one released beside the shell.
  await writeFile(
    join(releases, 'remotes.json'),
    JSON.stringify({ 'mf-content': `${CDN}/mf-content/1.0.0/mf-manifest.json`, 'mf-account': '/remotes/mf-account/1.0.0/mf-manifest.json' }),
  );
  // The proxy in front of the server is this machine (app.inject's default address).
  ctx = await createTestApp({ config: { webRoot: web, releasesDir: releases, trustProxy: '127.0.0.1' } });
});
after(async () => {
  await ctx?.close();
  await rm(dir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

/** The policy's directives by name. */
function directives(header: unknown): Map<string, string[]> {
  assert.equal(typeof header, 'string', 'a Content-Security-Policy header');
  const out = new Map<string, string[]>();
  for (const part of (header as string).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

/** Inline <script> elements of a page: their attributes and text. */
function inlineScripts(page: string) {
  return [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\bsrc\s*=/i.test(m[1]!))
    .map((m) => ({ attrs: m[1]!, text: m[2]! }));
}

/** Checks the headers every HTML page must carry; returns the policy's directives. */
function assertHtmlPolicy(res: { headers: Record<string, unknown>; text: string }, what: string) {
  assert.match(String(res.headers['content-type']), /text\/html/, `${what}: an HTML page`);
  const csp = directives(res.headers['content-security-policy']);
  const script = csp.get('script-src') ?? csp.get('default-src');
  assert.ok(script, `${what}: script-src`);
  assert.ok(!script.includes("'unsafe-inline'"), `${what}: no 'unsafe-inline' for scripts`);
  assert.ok(!script.includes("'unsafe-eval'"), `${what}: no 'unsafe-eval'`);
  assert.ok(script.includes("'self'"), `${what}: the site's own scripts`);
  const nonces = script.filter((s) => s.startsWith("'nonce-")).map((s) => s.slice(7, -1));
  const hashes = script.filter((s) => s.startsWith("'sha256-")).map((s) => s.slice(8, -1));
  for (const s of inlineScripts(res.text)) {
    const nonce = /\bnonce="([^"]*)"/.exec(s.attrs)?.[1];
    const hash = createHash('sha256').update(s.text).digest('base64');
    assert.ok((nonce && nonces.includes(nonce)) || hashes.includes(hash), `${what}: inline script allowed by the policy: ${s.text.slice(0, 60)}`);
  }
  assert.deepEqual(csp.get('frame-ancestors'), ["'none'"], `${what}: frame-ancestors 'none'`);
  assert.deepEqual(csp.get('object-src'), ["'none'"], `${what}: object-src 'none'`);
  assert.deepEqual(csp.get('base-uri'), ["'self'"], `${what}: base-uri 'self'`);
  assert.ok(csp.get('form-action')?.includes("'self'"), `${what}: form-action`);
  assert.equal(res.headers['x-frame-options'], 'DENY', `${what}: X-Frame-Options`);
  assert.equal(res.headers['x-content-type-options'], 'nosniff', `${what}: nosniff`);
  assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin', `${what}: referrer policy`);
  assert.equal(res.headers['strict-transport-security'], undefined, `${what}: no HSTS over plain http`);
  return { csp, nonces };
}

async function sandboxTrade(outTradeNo: string) {
  const sandbox = ctx.app.payments.providers.sandbox!;
  await sandbox.create({
    channel: 'alipay',
    method: 'page',
    outTradeNo,
    amountFen: 1800,
    description: '月度会员',
    expiresAt: new Date(ctx.clock.now().getTime() + 3_600_000),
    clientIp: '127.0.0.1',
    origin: 'http://localhost',
  });
}

describe('security headers on HTML pages', () => {
  it('every HTML page carries a policy with no inline script allowed except those drawn with its nonce', async () => {
    await sandboxTrade('SEC2026112500001');
    const pages: [string, { method?: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string }][] = [
      ['the shell at /', { url: '/', headers: html }],
      ['/index.html', { url: '/index.html', headers: html }],
      ['an SPA route (fallback)', { url: '/article-123', headers: html }],
      ['the 404 page', { url: '/no/such/page', headers: html }],
      ['the personal centre', { url: '/personal?type=flag4', headers: html }],
      ['the local outbox', { url: '/dev/outbox' }],
      ['the WeChat simulator', { url: '/dev/wechat/authorize?app=open&redirect_uri=%2Fwechat%2Fwxlogin&state=abc' }],
      ['the WeChat simulator refusing', { url: '/dev/wechat/authorize?app=open&redirect_uri=https%3A%2F%2Fevil.example&state=abc' }],
      ['the sandbox cashier', { url: '/dev/cashier/SEC2026112500001' }],
      [
        'the sandbox cashier after paying',
        {
          method: 'POST',
          url: '/dev/cashier/SEC2026112500001/pay',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'back=%2Fpersonal%3Ftype%3Dflag4',
        },
      ],
      ['Swagger UI', { url: '/api/docs', headers: html }],
    ];
    let inline = 0;
    for (const [what, request] of pages) {
      const res = await ctx.app.inject({ method: request.method ?? 'GET', url: request.url, headers: request.headers, payload: request.payload });
      assert.ok(res.statusCode < 500, `${what}: answered (${res.statusCode})`);
      assertHtmlPolicy({ headers: res.headers, text: res.body }, what);
      inline += inlineScripts(res.body).length;
    }
    assert.ok(inline >= 5, 'the shell pages have inline scripts (config, remote map, first view, boot) and all were checked');
  });

  it('the not-built page carries the policy too', async () => {
    await rename(join(web, 'index.html'), join(web, 'index.away'));
    try {
      const res = await ctx.get('/', html);
      assert.match(res.text, /前端尚未构建/);
      assertHtmlPolicy(res, 'not built');
    } finally {
      await rename(join(web, 'index.away'), join(web, 'index.html'));
    }
  });

  it('gives every page its own nonce, on each of the inline scripts the server draws', async () => {
    const a = await ctx.get('/', html);
    const b = await ctx.get('/', html);
    const na = assertHtmlPolicy(a, 'first').nonces;
    const nb = assertHtmlPolicy(b, 'second').nonces;
    assert.equal(na.length, 1);
    assert.notEqual(na[0], nb[0], 'a fresh nonce per response');
    assert.ok(na[0]!.length >= 22, 'at least 128 bits');
    const scripts = inlineScripts(a.text);
    for (const name of ['__QY_CONFIG__', '__QY_REMOTES__', '__QY_FIRST__', 'createElement']) {
      const s = scripts.find((x) => x.text.includes(name));
      assert.ok(s, `${name} is drawn inline`);
      assert.match(s.attrs, new RegExp(`nonce="${na[0]!.replace(/[+/]/g, '\\$&')}"`), `${name} carries the nonce`);
    }
  });

  it('allows the remotes of the active remote map, also on another host', async () => {
    const { csp } = assertHtmlPolicy(await ctx.get('/article-5', html), 'article');
    for (const d of ['script-src', 'style-src', 'connect-src', 'img-src', 'font-src']) {
      assert.ok(csp.get(d)?.includes(CDN), `${d} allows the CDN's origin`);
      assert.ok(!csp.get(d)?.some((s) => s.startsWith(`${CDN}/`)), `${d} names the origin, not a path`);
    }
    assert.ok(!csp.get('script-src')!.includes('https:'), 'not every https host');
    // The share card inside WeChat: its JSSDK file, and nothing else of WeChat's host.
    assert.ok(csp.get('script-src')!.includes('https://res.wx.qq.com/open/js/jweixin-1.6.0.js'), 'the WeChat JSSDK file');
    assert.ok(!csp.get('script-src')!.some((s) => s === 'https://res.wx.qq.com' || s.endsWith('.qq.com')), 'not the whole host');
  });

  it('sends HSTS only when the request came over https through a trusted proxy', async () => {
    const viaProxy = await ctx.app.inject({ method: 'GET', url: '/', headers: { ...html, 'x-forwarded-proto': 'https' } });
    assert.match(String(viaProxy.headers['strict-transport-security']), /^max-age=\d{7,}; includeSubDomains$/);
    const api = await ctx.app.inject({ method: 'GET', url: '/api/jhRegion/getTree', headers: { 'x-forwarded-proto': 'https' } });
    assert.ok(api.headers['strict-transport-security'], 'on API replies over https too');
    const untrusted = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...html, 'x-forwarded-proto': 'https' },
      remoteAddress: '203.0.113.9',
    });
    assert.equal(untrusted.headers['strict-transport-security'], undefined, 'a forged X-Forwarded-Proto from an untrusted address');
    const plain = await ctx.get('/', html);
    assert.equal(plain.headers['strict-transport-security'], undefined);
  });
});

describe('security headers on API replies', () => {
  it('a member’s own data is never stored by a cache', async () => {
    const token = await ctx.login('demo_reader');
    const res = await ctx.post('/api/user/getUserInfo', {}, token);
    assert.equal(res.body.code, 0);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    const list = await ctx.post('/api/article/selectArticleList', { pageNo: 1, pageSize: 5 }, token);
    assert.equal(list.body.code, 0);
    assert.equal(list.headers['cache-control'], 'no-store', 'anything answered for a logged-in caller');
    const program = await ctx.get(`/index.php?c=program&m=getServiceList&ut=1&sf=pc&token=${token}`);
    assert.equal(program.headers['cache-control'], 'no-store', 'the membership endpoint');
    assert.equal(program.headers['x-content-type-options'], 'nosniff');
  });

  it('keeps the public caching of public replies, for visitors and members alike', async () => {
    const anon = await ctx.get('/api/jhRegion/getTree');
    assert.equal(anon.headers['cache-control'], 'public, max-age=86400');
    assert.equal(anon.headers['x-content-type-options'], 'nosniff');
    const token = await ctx.login('demo_reader');
    const member = await ctx.get('/api/jhRegion/getTree', { authorization: `Bearer ${token}` });
    assert.equal(member.headers['cache-control'], 'public, max-age=86400', 'the region tree is the same for everybody');
  });
});

describe('the policy builder', () => {
  it('names payment gateways, picture hosts and extra origins from the configuration', () => {
    const config = {
      site: { membershipBaseUrl: 'https://pay.example.cn' },
      uploads: { storage: 's3', dir: '', s3: { endpoint: 'https://oss-cn-beijing.aliyuncs.com', bucket: 'qy-media', forcePathStyle: false, publicBaseUrl: 'https://img.example.cn/uploads' } },
      payments: {
        ...defaultPaymentSettings(),
        mode: 'live',
        alipay: { gateway: 'https://openapi.alipay.com/gateway.do' },
      },
      cspExtraOrigins: ['https://static.example.org'],
    } as unknown as AppConfig;
    const csp = directives(contentSecurityPolicy('abc', remoteOrigins({ a: 'https://cdn.example.net/a/mf-manifest.json', b: '/remotes/b/1/mf-manifest.json' }), cspSources(config)));
    assert.ok(csp.get('form-action')!.includes('https://openapi.alipay.com'), 'the Alipay gateway takes the payment form');
    assert.ok(csp.get('form-action')!.includes('https://*.alipay.com'), 'and redirects to its cashier');
    assert.ok(csp.get('img-src')!.includes('https://img.example.cn'), 'S3 pictures');
    assert.ok(csp.get('img-src')!.includes('https://thirdwx.qlogo.cn'), 'WeChat avatars');
    assert.ok(csp.get('media-src')!.includes('https://qy-media.oss-cn-beijing.aliyuncs.com'), 'presigned media from the bucket (virtual-hosted)');
    assert.ok(csp.get('connect-src')!.includes('https://pay.example.cn'), 'the membership endpoint on its own host');
    assert.ok(csp.get('script-src')!.includes("'nonce-abc'"));
    assert.ok(csp.get('script-src')!.includes('https://cdn.example.net'));
    assert.ok(csp.get('script-src')!.includes('https://static.example.org'), 'CSP_EXTRA_ORIGINS');
    assert.deepEqual(csp.get('style-src'), ["'self'", "'unsafe-inline'", 'https://cdn.example.net', 'https://static.example.org']);
  });

  it('reads CSP_EXTRA_ORIGINS as a list of origins and refuses paths', () => {
    const env = { NODE_ENV: 'test', PGLITE_DIR: 'memory://' };
    assert.deepEqual(loadConfig({ ...env, CSP_EXTRA_ORIGINS: 'https://cdn.example.com, https://player.example.org/' }).cspExtraOrigins, [
      'https://cdn.example.com',
      'https://player.example.org',
    ]);
    assert.throws(() => loadConfig({ ...env, CSP_EXTRA_ORIGINS: 'https://cdn.example.com/assets' }), (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.match(String(err.message), /CSP_EXTRA_ORIGINS must list http\(s\) origins/);
      return true;
    });
  });
});
