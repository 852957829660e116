import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { PersonalPage } from './personal/PersonalPage';
import { PlainLoadingState } from '@qianyan/shared/plain';
import { preloadThemedPage, type ThemedPageName } from './themedPages';

// /personal renders without antd (a visitor's first view loads none; the logged-in centre brings
// antd with its own chunk). Registration and the WeChat pages come with the themed routes' chunk.
const ThemedRoutes = lazy(() => import('./ThemedRoutes').then((m) => ({ default: m.ThemedRoutes })));

/** The themed routes, with the route's screen chunk started beside theirs (not after: one round trip). */
function Themed({ page }: { page: ThemedPageName }) {
  preloadThemedPage(page);
  return (
    <Suspense fallback={<PlainLoadingState />}>
      <ThemedRoutes page={page} />
    </Suspense>
  );
}

/** The routes mf-account owns (ARCHITECTURE §3.5). */
export function AccountRoutes() {
  return (
    <Routes>
      <Route path="/personal" element={<PersonalPage />} />
      <Route path="/register" element={<Themed page="register" />} />
      <Route path="/wechat/wxlogin" element={<Themed page="wxLogin" />} />
      <Route path="/wxloginBindPhone" element={<Themed page="bindPhone" />} />
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
