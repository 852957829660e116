// /qrcode-member-ali-pay/:qrcode_id/:token (spec §2.14). The real page reads the QR record, marks
// it used and submits the payment provider's form; that needs the payment module. Saying the code
// is invalid would be untrue, so until then the page says plainly that paying here is not open yet.
import { ToolOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { PAY_MSG, pageTitle } from '../messages';
import './qrpay.css';

export function QrPayPage() {
  useEffect(() => {
    document.title = pageTitle(PAY_MSG.qrPageName);
  }, []);
  return (
    <div className="qy-qrpay">
      <section className="qy-qrpay__card" aria-labelledby="qy-qrpay-title">
        <span className="qy-qrpay__icon" aria-hidden="true">
          <ToolOutlined />
        </span>
        <p className="qy-qrpay__eyebrow">{PAY_MSG.qrPageName}</p>
        <h1 id="qy-qrpay-title">{PAY_MSG.qrTitle}</h1>
        <p className="qy-qrpay__text">{PAY_MSG.qrText}</p>
        <div className="qy-qrpay__actions">
          <Link className="qy-qrpay__link" to="/">
            {PAY_MSG.home}
          </Link>
          <Link className="qy-qrpay__link qy-qrpay__link--primary" to="/personal?type=flag4">
            {PAY_MSG.viewPlans}
          </Link>
        </div>
      </section>
    </div>
  );
}
