// Desktop payment (§4): WeChat Pay shows the pay/index QR (code_url) and polls the order; Alipay
// makes a QR record whose page (/qrcode-member-ali-pay/{id}/{token}) the phone opens, polls the
// record every 5 s and, once it was scanned (status above 0), asks whether payment completed.
import { App, Modal, Segmented } from 'antd';
import {
  api,
  ApiError,
  MSG,
  PAYMENT_POLL_MS,
  toast,
  type ProviderReply,
  type QrInfo,
  type ServicePlan,
} from '@qianyan/shared';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { PAY_FLOW_MSG } from '../messages';
import type { PayMethod } from './purchaseRules';
import { usePaymentPoll, type PollEnd } from './usePaymentPoll';

interface QrState {
  image: string;
  /** The sandbox cashier's http link, shown as 在本机打开收银台. */
  localLink: string | null;
}

const errorText = (err: unknown) => {
  const reply = err instanceof ApiError ? (err.data as ProviderReply | undefined) : undefined;
  return reply?.msg || (err as Error)?.message || MSG.payFailed;
};

export function DesktopPayModal({
  plan,
  methods,
  onPaid,
  onClose,
}: {
  plan: ServicePlan;
  methods: PayMethod[];
  onPaid: () => void;
  onClose: () => void;
}) {
  const { modal } = App.useApp();
  const [method, setMethod] = useState<PayMethod>(methods[0]);
  const [qr, setQr] = useState<QrState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ordersn, setOrdersn] = useState<string | null>(null);
  const [aliQrId, setAliQrId] = useState<number | null>(null);

  // Make the QR for the chosen method.
  useEffect(() => {
    let live = true;
    setQr(null);
    setError(null);
    setOrdersn(null);
    setAliQrId(null);
    (async () => {
      try {
        if (method === 'wechat') {
          const reply = await api.pay.index(plan.id, { silent: true });
          const image = reply.paycode || (await QRCode.toDataURL(reply.code_url, { margin: 1, width: 220 }));
          if (!live) return;
          setQr({ image, localLink: /^https?:\/\//.test(reply.code_url) ? reply.code_url : null });
          setOrdersn(reply.ordersn);
        } else {
          const reply = await api.qrcode.createInfo(plan.id, { silent: true });
          const pageUrl = new URL(reply.url || `/qrcode-member-ali-pay/${reply.id}/${reply.token}`, window.location.origin).href;
          const image = await QRCode.toDataURL(pageUrl, { margin: 1, width: 220 });
          if (!live) return;
          setQr({ image, localLink: pageUrl });
          setAliQrId(reply.id);
        }
      } catch (err) {
        if (live) setError(errorText(err));
      }
    })();
    return () => {
      live = false;
    };
  }, [method, plan.id]);

  const onEnd = (end: PollEnd) => {
    if (end.paid) onPaid();
    else {
      setOrdersn(null);
      setError(end.message || MSG.payFailed);
    }
  };
  usePaymentPoll(ordersn, onEnd);
  useAlipayQrPoll(aliQrId, (info) => {
    if (info.ordersn) setOrdersn(info.ordersn);
    if (info.status === '3') setError(MSG.invalidPaymentQr);
  }, () =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: PAY_FLOW_MSG.askDoneTitle,
        content: PAY_FLOW_MSG.askDoneText,
        okText: PAY_FLOW_MSG.doneYes,
        cancelText: PAY_FLOW_MSG.doneNo,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    }), async (info) => {
    // 已完成支付: check the order now instead of waiting for the next tick.
    if (!info.ordersn) return toast.error(MSG.payFailed);
    try {
      await api.pay.notifypay(info.ordersn, { silent: true });
      onPaid();
    } catch (err) {
      toast.error(errorText(err));
    }
  });

  const methodName = method === 'wechat' ? PAY_FLOW_MSG.wechatPay : PAY_FLOW_MSG.alipay;
  return (
    <Modal open title={PAY_FLOW_MSG.payTitle(plan.title, plan.price)} footer={null} onCancel={onClose} destroyOnHidden width={420}>
      <div className="qy-pay">
        {methods.length > 1 && (
          <Segmented<PayMethod>
            block
            value={method}
            onChange={setMethod}
            options={methods.map((m) => ({ value: m, label: m === 'wechat' ? PAY_FLOW_MSG.wechatPay : PAY_FLOW_MSG.alipay }))}
          />
        )}
        <div className="qy-pay__qr" aria-live="polite">
          {error ? (
            <p className="qy-sub__error" role="alert">
              {error}
            </p>
          ) : qr ? (
            <img src={qr.image} width={220} height={220} alt={PAY_FLOW_MSG.qrAlt(methodName)} />
          ) : (
            <p className="qy-pay__loading">{PAY_FLOW_MSG.qrLoading}</p>
          )}
        </div>
        {qr && !error && (
          <>
            <p className="qy-pay__hint">{method === 'wechat' ? PAY_FLOW_MSG.scanWechat : PAY_FLOW_MSG.scanAlipay}</p>
            {qr.localLink && (
              <a className="qy-pay__local" href={qr.localLink} target="_blank" rel="noopener noreferrer">
                {PAY_FLOW_MSG.openLocalCashier}
              </a>
            )}
            <p className="qy-pay__waiting">{PAY_FLOW_MSG.waiting}</p>
          </>
        )}
      </div>
    </Modal>
  );
}

/**
 * Polls qrcode/getInfo every PAYMENT_POLL_MS. Once the record was scanned (status above 0) asks
 * once whether payment completed; status 2 (paid) or 3 (expired) ends the polling.
 */
function useAlipayQrPoll(
  id: number | null,
  onInfo: (info: QrInfo) => void,
  ask: () => Promise<boolean>,
  onDone: (info: QrInfo) => void | Promise<void>,
) {
  const cb = useRef({ onInfo, ask, onDone });
  cb.current = { onInfo, ask, onDone };
  useEffect(() => {
    if (id == null) return undefined;
    let stopped = false;
    let asked = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const { data } = await api.qrcode.getInfo(id, undefined, { silent: true });
        if (stopped) return;
        cb.current.onInfo(data);
        if (Number(data.status) > 0 && !asked) {
          asked = true;
          void cb.current.ask().then((yes) => {
            // 还未完成: not asked again; the order is still polled and ends the flow once paid.
            if (yes && !stopped) void cb.current.onDone(data);
          });
        }
        if (data.status === '3') return;
      } catch {
        /* a failed poll is retried */
      }
      if (!stopped) timer = setTimeout(tick, PAYMENT_POLL_MS);
    };
    timer = setTimeout(tick, PAYMENT_POLL_MS);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [id]);
}
