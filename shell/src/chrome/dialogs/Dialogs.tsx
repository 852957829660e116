import { useDialog } from '@qianyan/shared';
import { CaptchaDialog } from './CaptchaDialog';
import { CodeLoginDialog } from './CodeLoginDialog';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { LoginDialog } from './LoginDialog';
import { ShareHintDialog, ShareQrDialog, shareProps } from './ShareDialogs';
import { WechatLoginDialog } from './WechatLoginDialog';

/** The dialogs any app opens through @qianyan/shared (openLoginDialog, openDialog). */
export function Dialogs() {
  const dialog = useDialog();
  return (
    <>
      <LoginDialog open={dialog?.name === 'login'} />
      <ForgotPasswordDialog open={dialog?.name === 'forgotPassword'} />
      <CodeLoginDialog open={dialog?.name === 'codeLogin'} />
      <WechatLoginDialog open={dialog?.name === 'wechatQrLogin'} />
      <ShareQrDialog open={dialog?.name === 'shareQr'} share={shareProps(dialog?.props)} />
      <ShareHintDialog open={dialog?.name === 'shareHint'} share={shareProps(dialog?.props)} />
      {/* Last: opens above the others (requestCaptcha). */}
      <CaptchaDialog />
    </>
  );
}
