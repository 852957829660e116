// Phone payment (§4, §6): a method choice. WeChat Pay goes to the H5 cashier (h5_url), or inside
// WeChat's own browser to JSAPI pay (wechatJsapi.ts); Alipay submits the wap form (sign-pay for
// continuous plans 3 and 4). The order is remembered so the panel polls it when the member comes back.
import { Button, Modal } from 'antd';
import { AlipayCircleOutlined, WechatOutlined } from '@ant-design/icons';
import { api, ApiError, MSG, type ProviderReply, type ServicePlan } from '@qianyan/shared';
import { useState } from 'react';
import { PAY_FLOW_MSG } from '../messages';
import { browser, pendingOrder } from './browser';
import { isContinuousPlan, isWeChatBrowser, type PayMethod } from './purchaseRules';
import { payInWechat, type JsapiOutcome } from './wechatJsapi';

const RETURN_PATH = '/personal?type=flag4';

export function MobilePayModal({
  plan,
  methods,
  onClose,
  onJsapiOutcome,
}: {
  plan: ServicePlan;
  methods: PayMethod[];
  onClose: () => void;
  /** Inside WeChat: what became of JSAPI pay (the page stays). */
  onJsapiOutcome: (outcome: Exclude<JsapiOutcome, { kind: 'leaving' }>) => void;
}) {
  const [busy, setBusy] = useState<PayMethod | null>(null);
  const [error, setError] = useState<string | null>(null);

  const pay = async (method: PayMethod) => {
    setBusy(method);
    setError(null);
    try {
      if (method === 'wechat' && isWeChatBrowser(navigator.userAgent)) {
        const outcome = await payInWechat(plan);
        if (outcome.kind === 'leaving') return;
        setBusy(null);
        onJsapiOutcome(outcome);
      } else if (method === 'wechat') {
        const reply = await api.pay.h5index(plan.id, { silent: true, returnUrl: RETURN_PATH });
        pendingOrder.set(reply.ordersn);
        browser.assign(reply.h5_url);
      } else {
        const params = { service_id: plan.id, return_url: RETURN_PATH };
        const reply = isContinuousPlan(plan)
          ? await api.alipay.memberOrderSignPay(params, { silent: true })
          : await api.alipay.memberOrderWapPay(params, { silent: true });
        pendingOrder.set(reply.ordersn);
        if (!browser.submitForm(reply.form)) throw new Error(MSG.payFailed);
      }
    } catch (err) {
      const reply = err instanceof ApiError ? (err.data as ProviderReply | undefined) : undefined;
      setError(reply?.msg || (err as Error).message || MSG.payFailed);
      setBusy(null);
    }
  };

  return (
    <Modal open title={PAY_FLOW_MSG.chooseMethod} footer={null} onCancel={onClose} destroyOnHidden>
      <p className="qy-pay__hint">{PAY_FLOW_MSG.payTitle(plan.title, plan.price)}</p>
      <div className="qy-pay__methods">
        {methods.map((m) => (
          <Button
            key={m}
            size="large"
            block
            loading={busy === m}
            disabled={busy !== null && busy !== m}
            icon={m === 'wechat' ? <WechatOutlined /> : <AlipayCircleOutlined />}
            onClick={() => void pay(m)}
          >
            {m === 'wechat' ? PAY_FLOW_MSG.wechatPay : PAY_FLOW_MSG.alipay}
          </Button>
        ))}
      </div>
      {error && (
        <p className="qy-sub__error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
