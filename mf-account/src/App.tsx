import { LoadingState } from '@qianyan/shared';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';

// Each screen is its own chunk, fetched when its route is first shown: the personal centre does not
// carry the registration steps, nor registration the personal centre's forms.
const PersonalPage = lazy(() => import('./personal/PersonalPage').then((m) => ({ default: m.PersonalPage })));
const RegisterPage = lazy(() => import('./register/RegisterPage').then((m) => ({ default: m.RegisterPage })));
const BindPhonePage = lazy(() => import('./wechat/BindPhonePage').then((m) => ({ default: m.BindPhonePage })));
const WxLoginPage = lazy(() => import('./wechat/WxLoginPage').then((m) => ({ default: m.WxLoginPage })));

/** The routes mf-account owns (ARCHITECTURE §3.5). */
export function AccountRoutes() {
  return (
    <Suspense fallback={<LoadingState />}>
      <Routes>
        <Route path="/personal" element={<PersonalPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/wechat/wxlogin" element={<WxLoginPage />} />
        <Route path="/wxloginBindPhone" element={<BindPhonePage />} />
        {/* Reached only when running alone (the shell mounts this app on the paths above). */}
        <Route path="*" element={<Navigate to="/personal" replace />} />
      </Routes>
    </Suspense>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AccountRoutes />
    </BrowserRouter>
  );
}
