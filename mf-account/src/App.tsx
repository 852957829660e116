import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { PersonalPage } from './personal/PersonalPage';
import { PLACEHOLDERS, UnderConstructionPage } from './placeholder/UnderConstructionPage';

/** The routes mf-account owns (ARCHITECTURE §3.5). */
export function AccountRoutes() {
  return (
    <Routes>
      <Route path="/personal" element={<PersonalPage />} />
      <Route path="/register" element={<UnderConstructionPage {...PLACEHOLDERS.register} />} />
      <Route path="/wechat/wxlogin" element={<UnderConstructionPage {...PLACEHOLDERS.wxlogin} />} />
      <Route path="/wxloginBindPhone" element={<UnderConstructionPage {...PLACEHOLDERS.bindPhone} />} />
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
