import { captchaRequestAtom, useDialog, type DialogName } from '@qianyan/shared';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { shareProps } from './shareProps';

// Each dialog (with its antd Form, Tabs, Modal…) is fetched the first time it opens, so the first
// view of a page carries none of them; once loaded it stays mounted for its closing animation.
const LoginDialog = lazy(() => import('./LoginDialog').then((m) => ({ default: m.LoginDialog })));
const ForgotPasswordDialog = lazy(() =>
  import('./ForgotPasswordDialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);
const CodeLoginDialog = lazy(() => import('./CodeLoginDialog').then((m) => ({ default: m.CodeLoginDialog })));
const WechatLoginDialog = lazy(() => import('./WechatLoginDialog').then((m) => ({ default: m.WechatLoginDialog })));
const ShareQrDialog = lazy(() => import('./ShareDialogs').then((m) => ({ default: m.ShareQrDialog })));
const ShareHintDialog = lazy(() => import('./ShareDialogs').then((m) => ({ default: m.ShareHintDialog })));
const CaptchaDialog = lazy(() => import('./CaptchaDialog').then((m) => ({ default: m.CaptchaDialog })));

/** True from the first time `when` holds. */
function useOnceTrue(when: boolean): boolean {
  const [seen, setSeen] = useState(when);
  useEffect(() => {
    if (when) setSeen(true);
  }, [when]);
  return seen || when;
}

function OnDemand<P extends object>({ when, Component, props }: { when: boolean; Component: ComponentType<P>; props: P }) {
  const mounted = useOnceTrue(when);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
}

/** The dialogs any app opens through @qianyan/shared (openLoginDialog, openDialog). */
export function Dialogs() {
  const dialog = useDialog();
  const captcha = useAtomValue(captchaRequestAtom);
  const is = (name: DialogName) => dialog?.name === name;
  const share = shareProps(dialog?.props);
  return (
    <>
      <OnDemand when={is('login')} Component={LoginDialog} props={{ open: is('login') }} />
      <OnDemand when={is('forgotPassword')} Component={ForgotPasswordDialog} props={{ open: is('forgotPassword') }} />
      <OnDemand when={is('codeLogin')} Component={CodeLoginDialog} props={{ open: is('codeLogin') }} />
      <OnDemand when={is('wechatQrLogin')} Component={WechatLoginDialog} props={{ open: is('wechatQrLogin') }} />
      <OnDemand when={is('shareQr')} Component={ShareQrDialog} props={{ open: is('shareQr'), share }} />
      <OnDemand when={is('shareHint')} Component={ShareHintDialog} props={{ open: is('shareHint'), share }} />
      {/* Last: opens above the others (requestCaptcha). */}
      <OnDemand when={captcha !== null} Component={CaptchaDialog} props={{}} />
    </>
  );
}
