import { useDialog } from '@qianyan/shared';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { LoginDialog } from './LoginDialog';

/** The dialogs any app opens through @qianyan/shared (openLoginDialog, openDialog). */
export function Dialogs() {
  const dialog = useDialog();
  return (
    <>
      <LoginDialog open={dialog?.name === 'login'} />
      <ForgotPasswordDialog open={dialog?.name === 'forgotPassword'} />
    </>
  );
}
