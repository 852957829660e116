import { captchaRequestAtom, useDialog, type DialogName } from '@qianyan/shared/core';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { shareProps } from './shareProps';

// Each dialog (with its antd Form, Tabs, Modal…) is fetched the first time it opens, so the first
// view of a page carries none of them; once loaded it stays mounted for its closing animation.
// The chrome renders without antd's providers, so each dialog brings its own: the brand theme,
// Chinese locale and unspaced button labels (ThemeScope: 登录, not "登 录").
function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Dialog, { ThemeScope }] = await Promise.all([
      load(),
      import(/* webpackExports: ["ThemeScope"] */ '@qianyan/shared'),
    ]);
    function ThemedDialog(props: P) {
      return (
        <ThemeScope>
          <Dialog {...props} />
        </ThemeScope>
      );
    }
    return { default: ThemedDialog };
  });
}

// 用户登录 is drawn without antd (it opens on the first view of /personal for a visitor).
const LoginDialog = lazy(() => import('./LoginDialog').then((m) => ({ default: m.LoginDialog })));
const ForgotPasswordDialog = lazyDialog(() => import('./ForgotPasswordDialog').then((m) => m.ForgotPasswordDialog));
const CodeLoginDialog = lazyDialog(() => import('./CodeLoginDialog').then((m) => m.CodeLoginDialog));
const WechatLoginDialog = lazyDialog(() => import('./WechatLoginDialog').then((m) => m.WechatLoginDialog));
const ShareQrDialog = lazyDialog(() => import('./ShareDialogs').then((m) => m.ShareQrDialog));
const ShareHintDialog = lazyDialog(() => import('./ShareDialogs').then((m) => m.ShareHintDialog));
const CaptchaDialog = lazyDialog(() => import('./CaptchaDialog').then((m) => m.CaptchaDialog));

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
