import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { PersonalPage } from './personal/PersonalPage';
import { RegisterPage } from './register/RegisterPage';
import { BindPhonePage } from './wechat/BindPhonePage';
import { WxLoginPage } from './wechat/WxLoginPage';

/** The routes mf-account owns (ARCHITECTURE §3.5). */
export function AccountRoutes() {
  return (
    <Routes>
      <Route path="/personal" element={<PersonalPage />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/wechat/wxlogin" element={<WxLoginPage />} />
      <Route path="/wxloginBindPhone" element={<BindPhonePage />} />
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
