// The always-active chrome app: header in #qy-header, footer through a portal into #qy-footer,
// and the shared dialogs, all in one React tree. None of it loads antd before first use (lifecycles.tsx).
import { createPortal } from 'react-dom';
import { Dialogs } from './dialogs/Dialogs';
import { Footer } from './footer/Footer';
import { Header } from './header/Header';
import { HeaderAdvert } from './header/HeaderAdvert';
import { useSessionRefresh } from './useSessionRefresh';
import './chrome.css';

export function ChromeApp() {
  useSessionRefresh();
  const footerTarget = document.getElementById('qy-footer');
  const adTarget = document.getElementById('qy-header-ad');
  return (
    <>
      {adTarget ? createPortal(<HeaderAdvert />, adTarget) : <HeaderAdvert />}
      <Header />
      {footerTarget ? createPortal(<Footer />, footerTarget) : <Footer />}
      <Dialogs />
    </>
  );
}
