import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { Static } from 'typebox';
import { Messages } from '../../lib/errors.js';
import { MAX_JSON_DEPTH, containsControlCharacter, jsonDepthExceeds } from '../../lib/inputLimits.js';
import { MAX_ID } from '../../lib/lists.js';
import type { ShippingAddressRow } from '../account/shippingAddress.js';
import { WechatJssdk } from '../../providers/payment/jssdk.js';
import type { CreatedPayment, PayChannel, PayMethod } from '../../providers/payment/index.js';
import { WechatCodeError } from '../../providers/wechat/index.js';
import type { Services } from '../../services.js';
import { PayMessages, PayRefusal } from './messages.js';
import { shanghaiDateTime, type OrderRow } from './payments.js';
import { ProviderQuery, ProviderResponse } from './schemas.js';
import { priceYuan } from './service.js';
import { SUBSCRIBE_TEXTS } from './subscribeTexts.js';

type ProviderReply = Static<(typeof ProviderResponse)[200]>;
type ProviderHandler = (request: FastifyRequest) => Promise<ProviderReply>;

/** A parameter from the query, or from the body (JSON or form) on POST. */
function paramOf(request: FastifyRequest, name: string): string {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.[name];
  const body = request.body;
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  const value = fromQuery ?? fromBody;
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** A positive id parameter, or undefined (missing or not an id). */
function idOf(request: FastifyRequest, name: string): number | undefined {
  const raw = paramOf(request, name);
  if (!/^\d{1,10}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= MAX_ID ? n : undefined;
}

const MOBILE_RE = /^1\d{10}$/;
const STATUS_TEXT = ['待支付', '已支付', '已关闭', '已退款'] as const;

/**
 * The provider's program endpoint, /index.php?c=…&m=… (spec §7.6), on this server. Methods are
 * looked up as "c.m". Replies are { result: 1, msg, … } or { result: 0, msg } (ARCHITECTURE §3.2).
 */
const membershipRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { payments, membership } = services;
  const jssdk = new WechatJssdk(services.accounts.settings.wechat, membership.now);

  // qrcode/createInfo posts a form (result_data=…); only this plugin's routes parse forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const origin = (request: FastifyRequest) => payments.settings.publicBaseUrl || `${request.protocol}://${request.host}`;
  /** A same-site return path from the client (else the subscription page), made absolute for the cashier. */
  const returnUrl = (request: FastifyRequest) => {
    const raw = paramOf(request, 'return_url');
    const path = raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\') && raw.length <= 512 ? raw : '/personal?type=flag4';
    return `${origin(request)}${path}`;
  };

  /** The logged-in member (session token in the query or the headers). */
  const memberOf = (request: FastifyRequest): number => {
    if (!request.member) throw new PayRefusal(Messages.noSession);
    return request.member.id;
  };

  /**
   * The payer: the logged-in member, or, on the phone that scanned a desktop QR code, the QR's
   * owner as vouched for by the QR's own token (then only for that QR's plan).
   */
  const payerOf = async (request: FastifyRequest, qrParam: string) => {
    const qrId = idOf(request, qrParam);
    const token = paramOf(request, 'token');
    if (qrId !== undefined && token) {
      const qr = await payments.qrFor(qrId, { token, memberId: request.member?.id });
      if (qr) return { memberId: qr.memberId, qr };
      if (!request.member) throw new PayRefusal(PayMessages.qrInvalid);
    }
    return { memberId: memberOf(request), qr: undefined };
  };

  const planIdOf = (request: FastifyRequest): number => {
    if (!paramOf(request, 'service_id')) throw new PayRefusal(PayMessages.planRequired);
    const id = idOf(request, 'service_id');
    if (id === undefined) throw new PayRefusal(PayMessages.planNotFound);
    return id;
  };

  /**
   * Spec §6 in-app browser rules: inside WeChat only WeChat Pay (so no continuous plans, which are
   * Alipay sign-pay), and no WeChat Pay inside Alipay's client. The front end hides these choices;
   * the server refuses them too.
   */
  const checkBrowser = (request: FastifyRequest, channel: PayChannel) => {
    const ua = request.headers['user-agent'] ?? '';
    if (channel === 'alipay' && /MicroMessenger/i.test(ua)) throw new PayRefusal(PayMessages.alipayInWechat);
    if (channel === 'wechat' && /AlipayClient/i.test(ua)) throw new PayRefusal(PayMessages.wechatInAlipay);
  };

  const start = (request: FastifyRequest, memberId: number, planId: number, channel: PayChannel, method: PayMethod, openid?: string) => {
    checkBrowser(request, channel);
    return payments.startPayment({
      memberId,
      planId,
      channel,
      method,
      openid,
      clientIp: request.ip,
      origin: origin(request),
      returnUrl: returnUrl(request),
    });
  };

  const alipayForm = (method: 'wap' | 'page' | 'sign') => async (request: FastifyRequest) => {
    const { memberId, qr } = await payerOf(request, 'qrcode_id');
    const planId = qr ? qr.servicePlanId : planIdOf(request);
    if (qr && paramOf(request, 'service_id') && idOf(request, 'service_id') !== qr.servicePlanId) throw new PayRefusal(PayMessages.qrDataInvalid);
    if (qr && (qr.status > 1 || qr.expiresAt <= membership.now())) throw new PayRefusal(PayMessages.qrInvalid);
    const plan = await payments.planById(planId);
    // memberOrderSignPay is for types 3 and 4; the wap/page methods pick sign-pay for them too.
    const effective = plan.type === 3 || plan.type === 4 ? 'sign' : method === 'sign' ? 'sign' : method;
    const { order, payment } = await start(request, memberId, planId, 'alipay', effective);
    if (qr) await payments.linkQrOrder(qr.id, order.ordersn);
    return { result: 1, msg: Messages.success, form: formOf(payment), ordersn: order.ordersn };
  };

  const handlers = new Map<string, ProviderHandler>([
    ['program.getServiceList', async () => ({ result: 1, msg: Messages.success, ...(await membership.serviceList()) })],
    [
      'program.articleUseMonthChance',
      async (request) => {
        if (!request.member) return { result: 0, msg: Messages.noSession };
        const raw = paramOf(request, 'id');
        if (paramOf(request, 'type') === '1') {
          // A course (lesson resource id): the claim opens the lesson's media and content for good.
          if (!raw) return { result: 0, msg: Messages.lessonIdRequired };
          const lessonResId = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
          if (!(lessonResId >= 1 && lessonResId <= MAX_ID)) return { result: 0, msg: Messages.lessonIdInvalid };
          const lesson = await services.courses.useLessonMonthChance(request.member.id, lessonResId);
          if (lesson.granted) return { result: '1', msg: Messages.freeReadUsedOk, article_content: '', wantsay: '' };
          if (lesson.block === 'profile') return { result: 0, msg: Messages.profileIncomplete };
          return { result: 0, msg: Messages.freeReadUsedUp };
        }
        if (!raw) return { result: 0, msg: Messages.articleIdRequired };
        const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
        if (!(id >= 1 && id <= MAX_ID)) return { result: 0, msg: Messages.articleIdInvalid };
        const outcome = await services.content.useMonthChance(request.member.id, id);
        if (!outcome.granted) return { result: 0, msg: Messages.freeReadUsedUp };
        return { result: '1', msg: Messages.freeReadUsedOk, article_content: outcome.content, wantsay: outcome.wantsay };
      },
    ],
    [
      'program.getServiceOrderList',
      async (request) => {
        const memberId = memberOf(request);
        const pageRaw = paramOf(request, 'page') || '1';
        const perRaw = paramOf(request, 'per_page') || '10';
        if (!/^\d{1,6}$/.test(pageRaw) || Number(pageRaw) < 1) throw new PayRefusal(PayMessages.pageInvalid);
        if (perRaw !== '3' && perRaw !== '10') throw new PayRefusal(PayMessages.perPageInvalid);
        const page = Number(pageRaw);
        const perPage = Number(perRaw);
        const { total, rows } = await payments.listOrders(memberId, page, perPage);
        return {
          result: 1,
          msg: Messages.success,
          items: rows.map((r) => orderItem(r.order, r)),
          total_count: total,
          page,
          per_page: perPage,
        };
      },
    ],
    [
      'program.deleteServiceOrder',
      async (request) => {
        const memberId = memberOf(request);
        const id = idOf(request, 'id');
        if (id === undefined) throw new PayRefusal(PayMessages.deleteMissing);
        await payments.deleteOrder(memberId, id);
        return { result: 1, msg: PayMessages.deleted };
      },
    ],
    [
      'program.getServiceInfo',
      async (request) => {
        const id = idOf(request, 'id');
        if (id === undefined) throw new PayRefusal(PayMessages.planNotFound);
        const plan = await payments.planById(id);
        return {
          result: 1,
          msg: Messages.success,
          data: {
            id: plan.id,
            type: plan.type as 1 | 2 | 3 | 4,
            title: plan.title,
            price: priceYuan(plan.priceFen),
            price_fen: plan.priceFen,
            pc_img: plan.pcImg,
            mobile_img: plan.mobileImg,
            member_equity_id: plan.memberEquityId,
            intro: plan.intro,
          },
        };
      },
    ],
    [
      'program.getMyAddress',
      async (request) => {
        const memberId = memberOf(request);
        const row = await services.shippingAddress.get(memberId);
        return { result: 1, msg: Messages.success, item: row && addressItem(row) };
      },
    ],
    [
      'program.addOrModifyAddress',
      async (request) => {
        const memberId = memberOf(request);
        const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
        const text = (name: string) => (typeof body[name] === 'string' || typeof body[name] === 'number' ? String(body[name]).trim() : '');
        const shName = text('sh_name');
        const shPhone = text('sh_phone');
        const shAddress = text('sh_address');
        if (!shName) throw new PayRefusal(PayMessages.shNameRequired);
        if ([...shName].length > 20) throw new PayRefusal(PayMessages.shNameTooLong);
        if (!shPhone) throw new PayRefusal(PayMessages.shPhoneRequired);
        if (!MOBILE_RE.test(shPhone)) throw new PayRefusal(PayMessages.shPhoneInvalid);
        const [p, c, a] = [text('pro_id'), text('city_id'), text('area_id')];
        if (!p || !c || !a || a === '0') throw new PayRefusal(PayMessages.regionRequired);
        const region = services.regions.resolveCity(p, c, a);
        if (!region || region.districtId === null) throw new PayRefusal(PayMessages.regionInvalid);
        if (!shAddress) throw new PayRefusal(PayMessages.shAddressRequired);
        if ([...shAddress].length > 100) throw new PayRefusal(PayMessages.shAddressTooLong);
        // Names come from the region tree, not from the client.
        const [proName, cityName, areaName] = region.namePath.split('/');
        const saved = await services.shippingAddress.save(memberId, {
          proId: region.provinceId,
          cityId: region.cityId,
          areaId: region.districtId,
          proName: proName ?? '',
          cityName: cityName ?? '',
          areaName: areaName ?? '',
          shName,
          shPhone,
          shAddress,
        });
        return { result: 1, msg: PayMessages.saved, item: addressItem(saved) };
      },
    ],
    [
      'program.getsubscribeQaList',
      async () => {
        const texts = await membership.subscribeTexts();
        const rows = texts.length > 0 ? texts : [...SUBSCRIBE_TEXTS];
        const xieyi = rows.find((t) => t.kind === 'xieyi');
        return {
          result: 1,
          msg: Messages.success,
          qa_lsit: rows.filter((t) => t.kind === 'qa').map((t) => ({ id: t.id, title: t.title, content: t.content })),
          xieyi: { title: xieyi?.title ?? '', content: xieyi?.content ?? '' },
        };
      },
    ],
    [
      'program.cancelAutoRenew',
      async (request) => {
        const memberId = memberOf(request);
        await payments.cancelAutoRenew(memberId);
        // The state after the call, so the page shows it without another request.
        const [sub, autoRenew] = await Promise.all([membership.subscriptionOf(memberId), membership.autoRenewOf(memberId)]);
        return {
          result: 1,
          msg: PayMessages.autoRenewCancelled,
          auto_renew: autoRenew,
          service_type: sub.serviceType,
          service_end_date: sub.serviceEndDate?.toISOString() ?? null,
        };
      },
    ],
    [
      'pay.index',
      async (request) => {
        const memberId = memberOf(request);
        const { order, payment } = await start(request, memberId, planIdOf(request), 'wechat', 'native');
        const codeUrl = payment.kind === 'code_url' ? payment.codeUrl : '';
        const paycode = await QRCode.toDataURL(codeUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
        return { result: 1, msg: Messages.success, paycode, code_url: codeUrl, ordersn: order.ordersn };
      },
    ],
    [
      'pay.h5index',
      async (request) => {
        const memberId = memberOf(request);
        const { order, payment } = await start(request, memberId, planIdOf(request), 'wechat', 'h5');
        return { result: 1, msg: Messages.success, h5_url: payment.kind === 'h5_url' ? payment.h5Url : '', ordersn: order.ordersn };
      },
    ],
    [
      'pay.notifypay',
      async (request) => {
        const memberId = memberOf(request);
        const ordersn = paramOf(request, 'ordersn');
        if (!ordersn) throw new PayRefusal(PayMessages.ordersnRequired);
        // Only the caller's own orders: another member's order number finds nothing.
        const order = await payments.orderOf(memberId, ordersn.slice(0, 40));
        if (!order) return { result: 0, msg: PayMessages.orderNotFound };
        const status = order.status as 0 | 1 | 2 | 3;
        const msg = [PayMessages.orderUnpaid, PayMessages.paySuccess, PayMessages.orderClosed, PayMessages.orderRefunded][status];
        return { result: status === 1 ? 1 : 0, msg, ordersn: order.ordersn, status };
      },
    ],
    [
      'pay.orderJsApiPay',
      async (request) => {
        const memberId = memberOf(request);
        const openid = paramOf(request, 'openid');
        if (!openid) throw new PayRefusal(PayMessages.openIdFailed);
        const { order, payment } = await start(request, memberId, planIdOf(request), 'wechat', 'jsapi', openid.slice(0, 128));
        if (payment.kind !== 'jsapi') throw new PayRefusal(PayMessages.providerDown);
        const p = payment.params;
        return {
          result: 1,
          msg: Messages.success,
          ordersn: order.ordersn,
          appId: p.appId,
          timestamp: p.timeStamp,
          nonceStr: p.nonceStr,
          package: p.package,
          signType: p.signType,
          paySign: p.paySign,
          ...(payment.cashierUrl ? { cashier_url: payment.cashierUrl } : {}),
        };
      },
    ],
    [
      'pay.getJssdkConfig',
      async (request) => {
        const url = paramOf(request, 'url');
        if (!/^https?:\/\//.test(url) || url.length > 1024) throw new PayRefusal(PayMessages.urlRequired);
        try {
          return { result: 1, msg: Messages.success, ...(await jssdk.config(url)) };
        } catch (err) {
          request.log.error({ err }, 'jssdk config failed');
          throw new PayRefusal(PayMessages.providerDown);
        }
      },
    ],
    [
      'pay.getOpenId',
      async (request) => {
        const code = paramOf(request, 'code');
        if (!code) throw new PayRefusal(PayMessages.openIdFailed);
        try {
          const identity = await services.accounts.wechatOAuth.exchange(code.slice(0, 256), 'mp');
          return { result: 1, msg: Messages.success, openid: identity.openid, unionid: identity.unionid ?? '' };
        } catch (err) {
          if (!(err instanceof WechatCodeError)) request.log.error({ err }, 'openid exchange failed');
          throw new PayRefusal(PayMessages.openIdFailed);
        }
      },
    ],
    [
      'qrcode.createInfo',
      async (request) => {
        let data: { service_id?: unknown; token?: unknown };
        const resultData = paramOf(request, 'result_data');
        // JSON inside a form field escapes the parse-time limits: the same depth and character rules.
        if (jsonDepthExceeds(resultData, MAX_JSON_DEPTH)) throw new PayRefusal(Messages.badParameter);
        try {
          data = JSON.parse(resultData || 'null') ?? {};
        } catch {
          throw new PayRefusal(PayMessages.qrDataInvalid);
        }
        if (typeof data !== 'object') throw new PayRefusal(PayMessages.qrDataInvalid);
        if (containsControlCharacter(data)) throw new PayRefusal(Messages.badParameter);
        // The member whose session token the data carries (else the caller's own session).
        const session = typeof data.token === 'string' && data.token ? await app.sessions.resolve(data.token) : null;
        const memberId = session?.id ?? memberOf(request);
        const planId = Number(data.service_id);
        if (!Number.isInteger(planId) || planId < 1 || planId > MAX_ID) throw new PayRefusal(PayMessages.planNotFound);
        const refusal = await payments.purchaseRefusal(memberId);
        if (refusal) throw new PayRefusal(refusal);
        const { row, token } = await payments.createQr(memberId, planId, JSON.stringify({ service_id: planId }));
        return { result: 1, msg: Messages.success, id: row.id, token, url: `/qrcode-member-ali-pay/${row.id}/${token}` };
      },
    ],
    [
      'qrcode.getInfo',
      async (request) => {
        const id = idOf(request, 'id');
        if (id === undefined) throw new PayRefusal(PayMessages.qrInvalid);
        const qr = await payments.qrFor(id, { token: paramOf(request, 'token'), memberId: request.member?.id });
        if (!qr) throw new PayRefusal(PayMessages.qrInvalid);
        const expired = qr.status < 2 && qr.expiresAt <= membership.now();
        const status = String(expired ? 3 : qr.status) as '0' | '1' | '2' | '3';
        return { result: 1, msg: Messages.success, data: { id: qr.id, status, result_data: qr.resultData, ordersn: qr.ordersn ?? '' } };
      },
    ],
    [
      'qrcode.updateStatus',
      async (request) => {
        const id = idOf(request, 'id');
        if (id === undefined || paramOf(request, 'status') !== '1') throw new PayRefusal(PayMessages.qrInvalid);
        const qr = await payments.qrFor(id, { token: paramOf(request, 'token'), memberId: request.member?.id });
        if (!qr || !(await payments.markQrScanned(id))) throw new PayRefusal(PayMessages.qrInvalid);
        return { result: 1, msg: Messages.success };
      },
    ],
    ['alipay.memberOrderWapPay', alipayForm('wap')],
    ['alipay.memberOrderPagePay', alipayForm('page')],
    ['alipay.memberOrderSignPay', alipayForm('sign')],
  ]);

  app.route({
    method: ['GET', 'POST'],
    url: '/index.php',
    schema: {
      tags: ['membership'],
      summary:
        'Membership endpoint (provider shape, spec §7.6): c=program (plans, orders, address, FAQ, free read), c=pay (WeChat Pay), c=qrcode (desktop Alipay QR records), c=alipay (Alipay forms)',
      querystring: ProviderQuery,
      response: ProviderResponse,
    },
    handler: async (request) => {
      const handler = handlers.get(`${request.query.c ?? ''}.${request.query.m ?? ''}`);
      if (!handler) return { result: 0, msg: Messages.wrongMethod };
      try {
        return await handler(request);
      } catch (err) {
        if (err instanceof PayRefusal) return { result: 0, msg: err.msg };
        throw err;
      }
    },
  });
};

function formOf(payment: CreatedPayment): string {
  return payment.kind === 'form' ? payment.form : '';
}

function addressItem(row: ShippingAddressRow) {
  return {
    pro_id: row.proId,
    city_id: row.cityId,
    area_id: row.areaId,
    pro_name: row.proName,
    city_name: row.cityName,
    area_name: row.areaName,
    sh_name: row.shName,
    sh_phone: row.shPhone,
    sh_address: row.shAddress,
  };
}

function orderItem(order: OrderRow, extra: { pcImg: string; mobileImg: string; startsAt: Date | null; endsAt: Date | null }) {
  const status = order.status as 0 | 1 | 2 | 3;
  return {
    id: order.id,
    ordersn: order.ordersn,
    ordertime: shanghaiDateTime(order.createdAt),
    service_id: order.servicePlanId,
    service_type: order.serviceType as 1 | 2 | 3 | 4,
    service_title: order.serviceTitle,
    price: priceYuan(order.priceFen),
    price_fen: order.priceFen,
    service_pc_img: extra.pcImg,
    service_mobile_img: extra.mobileImg,
    status,
    status_text: STATUS_TEXT[status],
    pay_channel: (order.payChannel === 'wechat' || order.payChannel === 'alipay' ? order.payChannel : '') as 'wechat' | 'alipay' | '',
    paytime: order.paidAt ? shanghaiDateTime(order.paidAt) : '',
    period_start: status === 1 && extra.startsAt ? extra.startsAt.toISOString() : '',
    period_end: status === 1 && extra.endsAt ? extra.endsAt.toISOString() : '',
    is_renewal: (order.kind === 'renewal' ? 1 : 0) as 0 | 1,
  };
}

export default membershipRoutes;
