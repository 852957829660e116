// The always-active chrome app: header in #qy-header, footer through a portal into #qy-footer,
// and the shared dialogs, all in one React tree (only the dialogs on a route of a remote with its own layout). None of it loads antd before first use (lifecycles.tsx).
import { createPortal } from 'react-dom';
import { Dialogs } from './dialogs/Dialogs';
import { Footer } from './footer/Footer';
import { Header } from './header/Header';
import { HeaderAdvert } from './header/HeaderAdvert';
import { hasOwnLayout } from '../routes';
import { useCurrentLocation } from './navigation';
import { useSessionRefresh } from './useSessionRefresh';
import './chrome.css';

export function ChromeApp() {
  useSessionRefresh();
  const footerTarget = document.getElementById('qy-footer');
  const adTarget = document.getElementById('qy-header-ad');
  // A remote with its own layout (the editorial console) keeps only the dialogs: no reader header,
  // advert or footer (index.html hides their boxes on those routes, see ownLayout in bootstrap.ts).
  const { pathname } = useCurrentLocation();
  if (hasOwnLayout(pathname)) return <Dialogs />;
  return (
    <>
      {adTarget ? createPortal(<HeaderAdvert />, adTarget) : <HeaderAdvert />}
      <Header />
      {footerTarget ? createPortal(<Footer />, footerTarget) : <Footer />}
      <Dialogs />
    </>
  );
}
