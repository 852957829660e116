import { Result, Spin } from 'antd';
import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AccessGate } from './access/AccessGate';
import { useStaff } from './access/staff';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { ED_MSG } from './messages';
import { CONSOLE_ROUTES, consolePath, type ConsoleRoute } from './routes';
import './editorial.css';

function Guarded({ route }: { route: ConsoleRoute }) {
  const me = useStaff();
  if (!route.allowed(me)) return <Result status="403" title={ED_MSG.refusedTitle} />;
  const { Page } = route;
  return <Page />;
}

/** The console's routes (under /editor), inside the access gate and the console's layout. */
export function EditorialRoutes() {
  return (
    <AccessGate>
      <ConsoleLayout>
        <Suspense fallback={<div className="qy-ed-loading"><Spin /></div>}>
          <Routes>
            {CONSOLE_ROUTES.map((r) => (
              <Route key={r.path} path={consolePath(r.path)} element={<Guarded route={r} />} />
            ))}
            <Route path="*" element={<Result status="404" title={ED_MSG.notFound} />} />
          </Routes>
        </Suspense>
      </ConsoleLayout>
    </AccessGate>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <EditorialRoutes />
    </BrowserRouter>
  );
}
