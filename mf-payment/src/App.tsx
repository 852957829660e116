import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { QrPayPage } from './qrpay/QrPayPage';

/** The routes mf-payment owns (ARCHITECTURE §3.5). */
export function PaymentRoutes() {
  return (
    <Routes>
      <Route path="/qrcode-member-ali-pay/:qrcode_id/:token" element={<QrPayPage />} />
      {/* An incomplete QR link: the page says the code is invalid. */}
      <Route path="*" element={<QrPayPage />} />
    </Routes>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <PaymentRoutes />
    </BrowserRouter>
  );
}
