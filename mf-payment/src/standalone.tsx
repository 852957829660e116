// Runs this remote without the shell (npm run dev -w @qianyan/mf-payment): its own routes, and the
// subscription panel it exposes to mf-account on the route it has there (/personal?type=flag4).
import { runStandalone } from '@qianyan/shared/standalone';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { PaymentRoutes } from './App';
import { SubscriptionPanel } from './subscription/exposed';

function StandaloneApp() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/personal" element={<SubscriptionPanel />} />
        <Route path="*" element={<PaymentRoutes />} />
      </Routes>
    </BrowserRouter>
  );
}

runStandalone('mf-payment', StandaloneApp);
