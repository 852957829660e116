import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { QrPayPage } from './qrpay/QrPayPage';

/** The routes mf-payment owns (ARCHITECTURE §3.5). */
export function PaymentRoutes() {
  return (
    <Routes>
      <Route path="/qrcode-member-ali-pay/:qrcode_id/:token" element={<QrPayPage />} />
      {/* An incomplete QR link, or this app running alone: the same honest page. */}
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
