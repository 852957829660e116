import { Button, Modal } from 'antd';
import { closeDialog, openLoginDialog } from '@qianyan/shared';
import { go } from '../navigation';
import { CHROME_MSG } from '../messages';

/**
 * Placeholder: resetting a password by phone or e-mail code belongs to the account module,
 * which does not offer it yet. The dialog says so and offers registration.
 */
export function ForgotPasswordDialog({ open }: { open: boolean }) {
  return (
    <Modal
      open={open}
      title={CHROME_MSG.forgot.title}
      onCancel={closeDialog}
      width={400}
      centered
      destroyOnHidden
      footer={[
        <Button key="back" onClick={openLoginDialog}>
          {CHROME_MSG.forgot.back}
        </Button>,
        <Button
          key="register"
          type="primary"
          href="/register"
          onClick={(e) => {
            e.preventDefault();
            closeDialog();
            go('/register');
          }}
        >
          {CHROME_MSG.forgot.register}
        </Button>,
      ]}
    >
      <p className="qy-dialog__text">{CHROME_MSG.forgot.text}</p>
      <p className="qy-dialog__hint">{CHROME_MSG.forgot.hint}</p>
    </Modal>
  );
}
