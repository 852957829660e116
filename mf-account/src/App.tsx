import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { PersonalPage } from './personal/PersonalPage';
import { PlainLoadingState } from '@qianyan/shared/plain';

// Every route renders without antd on its first view: /personal (the logged-in centre brings antd
// with its own chunk), and registration and the WeChat pages, each a chunk of its own whose later
// steps (registration's account and profile forms) bring antd and its theme when they show.
const PAGES = {
  register: lazy(() => import('./register/RegisterPage').then((m) => ({ default: m.RegisterPage }))),
  wxLogin: lazy(() => import('./wechat/WxLoginPage').then((m) => ({ default: m.WxLoginPage }))),
  bindPhone: lazy(() => import('./wechat/BindPhonePage').then((m) => ({ default: m.BindPhonePage }))),
};

function Page({ name }: { name: keyof typeof PAGES }) {
  const Screen = PAGES[name];
  return (
    <Suspense fallback={<PlainLoadingState />}>
      <Screen />
    </Suspense>
  );
}

/** The routes mf-account owns (ARCHITECTURE §3.5). */
export function AccountRoutes() {
  return (
    <Routes>
      <Route path="/personal" element={<PersonalPage />} />
      <Route path="/register" element={<Page name="register" />} />
      <Route path="/wechat/wxlogin" element={<Page name="wxLogin" />} />
      <Route path="/wxloginBindPhone" element={<Page name="bindPhone" />} />
      {/* Reached only when running alone (the shell mounts this app on the paths above). */}
      <Route path="*" element={<Navigate to="/personal" replace />} />
    </Routes>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AccountRoutes />
    </BrowserRouter>
  );
}
