import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ErrorCode, Messages } from '../../lib/errors.js';
import { NotificationRejected } from '../../providers/payment/index.js';
import type { SandboxTrade } from '../../providers/payment/sandbox.js';
import type { Services } from '../../services.js';
import { yuan } from '../../providers/payment/alipay.js';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A same-site path (not //host): where the cashier may send the browser back to. */
const safePath = (p: string | undefined) => (p && p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\') && p.length <= 512 ? p : undefined);

const notFound = (reply: FastifyReply) =>
  reply.code(404).type('application/json; charset=utf-8').send({ code: ErrorCode.notFound, msg: Messages.notFound, data: null });

type CashierView = 'pay' | 'paid' | 'cancelled' | 'closed';

function cashierPage(trade: SandboxTrade, view: CashierView, back: string): string {
  const wechat = trade.channel === 'wechat';
  const brand = wechat ? '微信支付' : '支付宝';
  const color = wechat ? '#07c160' : '#1677ff';
  const sign = Boolean(trade.externalAgreementNo);
  const action = `/dev/cashier/${encodeURIComponent(trade.outTradeNo)}`;
  const hidden = `<input type="hidden" name="back" value="${escapeHtml(back)}">`;
  const body: Record<CashierView, string> = {
    pay: `<div class="amount">¥${yuan(trade.amountFen)}</div>
<dl><dt>商品</dt><dd>${escapeHtml(trade.description)}</dd><dt>商户订单号</dt><dd class="mono">${escapeHtml(trade.outTradeNo)}</dd>
${sign ? `<dt>自动续费</dt><dd>每${trade.agreementPeriodMonths === 12 ? '年' : '月'}到期前自动扣款 ¥${yuan(trade.amountFen)}，可随时解约</dd>` : ''}</dl>
<form method="post" action="${action}/pay">${hidden}<button type="submit" class="primary">${sign ? '签约并支付' : '支付'} ¥${yuan(trade.amountFen)}</button></form>
<form method="post" action="${action}/cancel">${hidden}<button type="submit" class="secondary">取消</button></form>`,
    paid: `<div class="state ok">支付成功</div><p>已向商户发送支付结果通知。</p><a class="primary" href="${escapeHtml(back)}">返回商户</a>`,
    cancelled: `<div class="state">您取消的支付</div><p>订单未支付，可返回商户重新发起。</p><a class="primary" href="${escapeHtml(back)}">返回商户</a>`,
    closed: `<div class="state">订单已关闭</div><p>该订单已关闭或已过期，请返回商户重新下单。</p><a class="primary" href="${escapeHtml(back)}">返回商户</a>`,
  };
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${brand}收银台（本地沙箱）</title><style>
*{box-sizing:border-box}body{margin:0;min-height:100vh;font:15px/1.6 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f2f3f5;color:#1f2329;display:flex;justify-content:center;align-items:flex-start}
.card{width:100%;max-width:440px;margin:48px 16px;background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 2px 12px rgba(0,0,0,.08)}
header{background:${color};color:#fff;padding:18px 20px;font-size:18px;font-weight:600}header small{display:block;font-weight:400;font-size:12px;opacity:.85}
section{padding:24px 20px}.amount{font-size:36px;font-weight:600;text-align:center;margin:4px 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0 0 20px;font-size:14px}dt{color:#8f959e}dd{margin:0;word-break:break-all}.mono{font-family:ui-monospace,Menlo,monospace;font-size:13px}
form{margin:0 0 10px}button,a.primary{display:block;width:100%;font:inherit;padding:12px;border-radius:8px;border:0;cursor:pointer;text-align:center;text-decoration:none}
.primary{background:${color};color:#fff}.secondary{background:#f2f3f5;color:#1f2329}
.state{font-size:22px;font-weight:600;text-align:center;margin:8px 0}.state.ok{color:${color}}p{color:#646a73;text-align:center}
.note{font-size:12px;color:#a0a4aa;margin:16px 0 0;text-align:center}
</style></head><body><div class="card"><header>${brand}<small>本地沙箱收银台 · 不会真实扣款</small></header>
<section>${body[view]}<p class="note">开发和演示环境的模拟收银台：支付后会像真实支付平台一样向商户发送签名的支付结果通知。正式环境使用微信支付或支付宝。</p></section></div></body></html>`;
}

/**
 * Payment notifications (/api/pay/notify/<provider>, each verified by its provider before anything
 * changes) and, when the sandbox serves a channel, the sandbox cashier pages (/dev/cashier/…).
 */
const payRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { payments } = services;

  // Signatures cover the exact bytes: keep bodies as text in this plugin.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', 'application/x-www-form-urlencoded', 'text/plain'], { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  app.post<{ Params: { provider: string } }>(
    '/api/pay/notify/:provider',
    { schema: { hide: true }, bodyLimit: 64 * 1024 },
    async (request, reply) => {
      const provider = payments.providers.byName(request.params.provider);
      if (!provider) return notFound(reply);
      const rawBody = typeof request.body === 'string' ? request.body : '';
      let ok = false;
      let message = '失败';
      try {
        const notification = await provider.parseNotification({ headers: request.headers, rawBody });
        ok = await payments.applyNotification(provider.name, notification);
      } catch (err) {
        if (!(err instanceof NotificationRejected)) throw err;
        await payments.rejectedNotification(provider.name, err.reason, err.message);
        message = err.reason === 'signtest_probe' ? '签名验证失败（测试签名）' : '签名验证失败';
      }
      const answer = provider.notifyReply(ok, message);
      reply.code(answer.status).type(answer.contentType);
      return reply.send(answer.body);
    },
  );

  const sandbox = payments.providers.sandbox;

  app.get<{ Params: { outTradeNo: string }; Querystring: { redirect_url?: string; back?: string } }>(
    '/dev/cashier/:outTradeNo',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!sandbox) return notFound(reply);
      const trade = await sandbox.trade(request.params.outTradeNo.slice(0, 40));
      if (!trade) return notFound(reply);
      const back = safePath(request.query.redirect_url) ?? safePath(request.query.back) ?? backOf(trade);
      const view: CashierView =
        trade.state === 'SUCCESS' || trade.state === 'REFUND' ? 'paid' : trade.state === 'CLOSED' || trade.expiresAt <= services.membership.now() ? 'closed' : 'pay';
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(cashierPage(trade, view, back));
    },
  );

  const cashierAction = (action: 'pay' | 'cancel') =>
    async function handler(request: { params: { outTradeNo: string }; body: unknown }, reply: FastifyReply) {
      if (!sandbox) return notFound(reply);
      const trade = await sandbox.trade(request.params.outTradeNo.slice(0, 40));
      if (!trade) return notFound(reply);
      const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const back = safePath(form.get('back') ?? undefined) ?? backOf(trade);
      let view: CashierView = 'cancelled';
      if (action === 'pay') {
        const outcome = await sandbox.pay(trade.outTradeNo, 'await');
        view = outcome === 'paid' || outcome === 'already_paid' ? 'paid' : 'closed';
      }
      const fresh = (await sandbox.trade(trade.outTradeNo)) ?? trade;
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(cashierPage(fresh, view, back));
    };
  app.post<{ Params: { outTradeNo: string } }>('/dev/cashier/:outTradeNo/pay', { schema: { hide: true } }, cashierAction('pay'));
  app.post<{ Params: { outTradeNo: string } }>('/dev/cashier/:outTradeNo/cancel', { schema: { hide: true } }, cashierAction('cancel'));

  function backOf(trade: SandboxTrade): string {
    if (trade.returnUrl) {
      try {
        const u = new URL(trade.returnUrl);
        return safePath(`${u.pathname}${u.search}`) ?? '/personal?type=flag4';
      } catch {
        // fall through
      }
    }
    return '/personal?type=flag4';
  }
};

export default payRoutes;
