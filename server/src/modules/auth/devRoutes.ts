import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { ok } from '../../lib/envelope.js';
import { ErrorCode, Messages } from '../../lib/errors.js';
import { WechatSimulator } from '../../providers/wechat/simulator.js';
import type { OutboxEntry } from '../../providers/outbox.js';
import type { Services } from '../../services.js';
import { OutboxQuery, OutboxResponse } from './schemas.js';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const shanghaiTime = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

const PAGE_STYLE = `
  *{box-sizing:border-box}body{margin:0;font:14px/1.6 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f2329;background:#f4f5f7}
  main{max-width:1080px;margin:0 auto;padding:24px 16px}h1{font-size:22px;margin:0 0 4px}p.note{color:#646a73;margin:0 0 16px}
  form.filter{display:flex;gap:8px;flex-wrap:wrap;margin-bottom:16px}input,button{font:inherit;padding:6px 10px;border:1px solid #c9cdd4;border-radius:6px}
  button{background:#1664ff;color:#fff;border-color:#1664ff;cursor:pointer}a{color:#1664ff}
  .msg{background:#fff;border-radius:8px;padding:14px 16px;margin-bottom:12px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
  .meta{display:flex;gap:12px;flex-wrap:wrap;color:#646a73;font-size:13px}.tag{padding:0 8px;border-radius:10px;background:#e8f3ff;color:#1664ff}
  .tag.email{background:#f0e8ff;color:#7a3cff}.code{font:600 20px/1.4 ui-monospace,Menlo,monospace;letter-spacing:3px;color:#d4380d}
  .subject{font-weight:600;margin-top:6px}.body{white-space:pre-wrap;margin-top:4px;word-break:break-all}.empty{color:#8f959e;padding:40px;text-align:center;background:#fff;border-radius:8px}`;

function outboxPage(messages: OutboxEntry[], to: string): string {
  const items = messages
    .map(
      (m) => `<article class="msg" data-id="${m.id}">
  <div class="meta"><span class="tag ${m.channel}">${m.channel === 'sms' ? '短信' : '邮件'}</span><span>收件人：${escapeHtml(m.to)}</span><time datetime="${m.sentAt}">${escapeHtml(shanghaiTime(m.sentAt))}</time></div>
  ${m.code ? `<div>验证码：<span class="code">${escapeHtml(m.code)}</span></div>` : ''}
  ${m.subject ? `<div class="subject">${escapeHtml(m.subject)}</div>` : ''}
  ${Object.entries(m.headers)
    .map(([name, value]) => `<div class="meta header"><span>${escapeHtml(name)}:</span><span>${escapeHtml(value)}</span></div>`)
    .join('')}
  <div class="body">${escapeHtml(m.body)}</div>
</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>本地发件箱 · 千言医学</title><style>${PAGE_STYLE}</style></head><body><main>
<h1>本地发件箱</h1>
<p class="note">开发和演示环境不真正发送短信和邮件，验证码和通知都记录在这里（最新的在最上面）。正式环境不提供此页面。</p>
<form class="filter" method="get" action="/dev/outbox"><input name="to" value="${escapeHtml(to)}" placeholder="按手机号或邮箱筛选" aria-label="收件人">
<button type="submit">筛选</button><a href="/dev/outbox" style="align-self:center">全部</a><a href="" style="align-self:center">刷新</a></form>
${items || '<div class="empty">还没有发出的短信或邮件</div>'}
</main></body></html>`;
}

function authorizePage(args: { app: string; redirectUri: string; state: string; recent: string[] }): string {
  const hidden = `<input type="hidden" name="app" value="${escapeHtml(args.app)}"><input type="hidden" name="redirect_uri" value="${escapeHtml(args.redirectUri)}"><input type="hidden" name="state" value="${escapeHtml(args.state)}">`;
  const recent = args.recent
    .map((n) => `<button type="submit" class="pick" name="pick" value="${escapeHtml(n)}">以「${escapeHtml(n)}」身份同意</button>`)
    .join('');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>微信授权（本地模拟）</title><style>
*{box-sizing:border-box}body{margin:0;min-height:100vh;font:15px/1.6 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#ededed;color:#191919;display:flex;justify-content:center;align-items:flex-start}
.card{width:100%;max-width:420px;margin:40px 16px;background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 2px 12px rgba(0,0,0,.08)}
header{background:#07c160;color:#fff;padding:18px 20px;font-size:18px;font-weight:600}header small{display:block;font-weight:400;font-size:12px;opacity:.85}
section{padding:20px}h1{font-size:17px;margin:0 0 8px}ul{margin:0 0 16px;padding-left:20px;color:#576b95}
label{display:block;font-size:13px;color:#7f7f7f;margin-bottom:6px}input[type=text]{width:100%;font:inherit;padding:10px 12px;border:1px solid #d9d9d9;border-radius:8px;margin-bottom:16px}
.actions{display:flex;flex-direction:column;gap:10px}button{font:inherit;padding:11px;border-radius:8px;border:0;cursor:pointer}
.agree{background:#07c160;color:#fff}.deny{background:#f2f2f2;color:#191919}.pick{background:#fff;color:#07c160;border:1px solid #07c160}
.note{font-size:12px;color:#a0a0a0;margin-top:16px}
</style></head><body><div class="card"><header>微信<small>${args.app === 'mp' ? '网页授权' : '扫码登录（在手机上确认）'} · 本地模拟</small></header>
<section><h1>千言医学 申请使用</h1><ul><li>获得你的公开信息（昵称、头像）</li></ul>
<form method="get" action="/dev/wechat/confirm">${hidden}
<label for="nickname">模拟的微信用户昵称</label><input type="text" id="nickname" name="nickname" maxlength="32" value="微信用户${Math.floor(1000 + Math.random() * 9000)}">
<div class="actions"><button type="submit" class="agree" name="decision" value="agree">同意</button>${recent}<button type="submit" class="deny" name="decision" value="deny">拒绝</button></div>
</form><p class="note">这是开发和演示用的微信授权模拟页：同一个昵称就是同一个微信用户。正式环境会跳转到微信。</p></section></div></body></html>`;
}

/** A same-site path (not //host) or an address under the site's public origin. */
function safeRedirect(target: string, publicBaseUrl: string): boolean {
  if (target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')) return true;
  return publicBaseUrl !== '' && target.startsWith(`${publicBaseUrl}/`);
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1, or an IPv4-mapped 127.x address (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:/i.test(address) && isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (isIPv4(mapped)) return LOOPBACK.check(mapped, 'ipv4');
  return isIPv6(mapped) && LOOPBACK.check(mapped, 'ipv6');
}

/**
 * A person on this machine: the socket's own peer address (never request.ip, which follows
 * TRUST_PROXY) is loopback, and no proxy header says the request was passed on from elsewhere.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const h = request.headers;
  if (h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined) return false;
  return isLoopbackAddress(request.raw.socket?.remoteAddress);
}

const notFound = (reply: FastifyReply) =>
  reply.code(404).type('application/json; charset=utf-8').send({ code: ErrorCode.notFound, msg: Messages.notFound, data: null });

/**
 * Development and demo pages: the local outbox (/dev/outbox, /api/dev/outbox), captcha answers and
 * the WeChat simulator's screens. With DEV_TOOLS off (the default in production) every one is a
 * 404; on, they answer only a person on this machine (fromThisMachine) and 404 to anyone else.
 */
const devRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { settings, outbox, wechatOAuth } = services.accounts;
  const enabled = settings.devTools;
  const simulator = wechatOAuth instanceof WechatSimulator ? wechatOAuth : undefined;
  const TextQuery = Type.Object({}, { additionalProperties: Type.String({ maxLength: 1024 }) });

  // Every route of this plugin (and only these: the plugin is encapsulated) passes this gate.
  app.addHook('onRequest', async (request, reply) => {
    if (!enabled || !fromThisMachine(request)) return notFound(reply);
  });

  app.get(
    '/api/dev/outbox',
    { schema: { tags: ['dev'], summary: 'The local outbox, newest first (not in production)', querystring: OutboxQuery, response: OutboxResponse } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await outbox.list({ to: request.query.to }));
    },
  );

  app.get(
    '/api/dev/captchaAnswer',
    {
      schema: {
        tags: ['dev'],
        summary: 'The answer of a live captcha, for browser tests (not in production)',
        querystring: Type.Object({ uuid: Type.String({ maxLength: 64, errorMessage: Messages.captchaMissing }) }),
        response: { 200: Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Object({ answer: Type.Union([Type.String(), Type.Null()]) }) }) },
      },
    },
    async (request, reply) => {
      return ok({ answer: services.accounts.captcha.answerForDev(request.query.uuid) });
    },
  );

  app.get('/dev/outbox', { schema: { hide: true, querystring: OutboxQuery } }, async (request, reply) => {
    const to = request.query.to?.trim() ?? '';
    const messages = await outbox.list({ to, limit: 100 });
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(outboxPage(messages, to));
  });

  app.get('/dev/wechat/authorize', { schema: { hide: true, querystring: TextQuery } }, async (request, reply) => {
    if (!simulator) return notFound(reply);
    const q = request.query as Record<string, string | undefined>;
    const redirectUri = q.redirect_uri ?? '';
    if (!q.state || !safeRedirect(redirectUri, settings.publicBaseUrl)) {
      return reply.code(400).type('text/html; charset=utf-8').send('<p>redirect_uri 参数错误（本地模拟）</p>');
    }
    const page = authorizePage({ app: q.app === 'mp' ? 'mp' : 'open', redirectUri, state: q.state, recent: simulator.recentNicknames });
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  });

  app.get('/dev/wechat/confirm', { schema: { hide: true, querystring: TextQuery } }, async (request, reply) => {
    if (!simulator) return notFound(reply);
    const q = request.query as Record<string, string | undefined>;
    const redirectUri = q.redirect_uri ?? '';
    if (!q.state || !safeRedirect(redirectUri, settings.publicBaseUrl)) {
      return reply.code(400).type('text/html; charset=utf-8').send('<p>redirect_uri 参数错误（本地模拟）</p>');
    }
    const params = new URLSearchParams();
    const nickname = (q.pick ?? q.nickname ?? '').trim().slice(0, 32) || '微信用户';
    // As at WeChat: refusing returns with the state only, agreeing adds a fresh code.
    if (q.decision !== 'deny' && nickname) params.set('code', simulator.approve(nickname, q.app === 'mp' ? 'mp' : 'open'));
    params.set('state', q.state);
    return reply.redirect(`${redirectUri}${redirectUri.includes('?') ? '&' : '?'}${params.toString()}`, 302);
  });
};

export default devRoutes;
