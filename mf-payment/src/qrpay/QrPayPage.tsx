// /qrcode-member-ali-pay/:qrcode_id/:token (spec §2.14, §4): the phone that scanned the desktop
// Alipay QR. A new record (status '0') with valid data is marked scanned (1), the plan's type picks
// wap pay or sign pay (3 and 4), and the returned form is submitted; anything else shows
// 二维码已失效，请刷新二维码重新扫码.
import { api, MSG, pageTitle, SectionPanel, useDocumentTitle } from '@qianyan/shared';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PAY_MSG } from '../messages';
import { browser } from '../subscription/browser';
import './qrpay.css';

type PageState = { kind: 'working' } | { kind: 'invalid' };

function serviceIdOf(resultData: string): number | null {
  try {
    const parsed = JSON.parse(resultData) as { service_id?: unknown };
    const id = Number(parsed?.service_id);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export function QrPayPage() {
  const params = useParams();
  const qrId = Number(params.qrcode_id);
  const token = params.token ?? '';
  const [state, setState] = useState<PageState>({ kind: 'working' });

  useDocumentTitle(pageTitle(PAY_MSG.qrPageName));

  useEffect(() => {
    let live = true;
    const invalid = () => live && setState({ kind: 'invalid' });
    if (!Number.isInteger(qrId) || qrId <= 0 || !token) {
      invalid();
      return undefined;
    }
    (async () => {
      const { data } = await api.qrcode.getInfo(qrId, token, { silent: true });
      const serviceId = data && String(data.status) === '0' ? serviceIdOf(data.result_data) : null;
      if (!serviceId) return invalid();
      await api.qrcode.updateStatus(qrId, token, { silent: true });
      const { data: plan } = await api.program.getServiceInfo(serviceId, { silent: true });
      const payParams = { service_id: serviceId, qrcode_id: qrId, token };
      const reply =
        plan.type === 3 || plan.type === 4
          ? await api.alipay.memberOrderSignPay(payParams, { silent: true })
          : await api.alipay.memberOrderWapPay(payParams, { silent: true });
      if (!live) return;
      if (!browser.submitForm(reply.form)) invalid();
    })().catch(invalid);
    return () => {
      live = false;
    };
  }, [qrId, token]);

  return state.kind === 'working' ? <QrWorking /> : <QrInvalid />;
}

// Each state is the shared section panel (the centred card with the ways home and to the journal
// list) in mf-payment's frame.
const FRAME = { page: 'qy-qrpay', card: 'qy-qrpay__card' };

/** On the way to Alipay's cashier: the page submits the form and the browser leaves. */
function QrWorking() {
  return <SectionPanel label={PAY_MSG.qrPageName} title={PAY_MSG.qrWorking} text={PAY_MSG.qrWorkingText} frame={FRAME} />;
}

/** 二维码已失效，请刷新二维码重新扫码: announced, with the way to the plans besides home. */
function QrInvalid() {
  return (
    <div role="alert">
      <SectionPanel label={PAY_MSG.qrPageName} title={MSG.invalidPaymentQr} text={PAY_MSG.qrInvalidText} frame={FRAME}>
        <p className="qy-qrpay__plans">
          <Link className="qy-construction-link" to="/personal?type=flag4">
            {PAY_MSG.viewPlans}
          </Link>
        </p>
      </SectionPanel>
    </div>
  );
}
