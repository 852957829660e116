import { LockOutlined } from '@ant-design/icons';
import { Form, Input, Modal, type InputProps } from 'antd';
import {
  antdRule,
  api,
  closeDialog,
  CODE_TYPE,
  confirmPasswordRule,
  MSG,
  openLoginDialog,
  toast,
  validatePassword,
} from '@qianyan/shared';
import { useState } from 'react';
import { ChannelTabs, CodeFields, SubmitAndBack, target, type Channel, type CodeFieldValues } from './CodeFields';
import { ACCOUNT_DIALOG_MSG } from './messages';
import './accountDialogs.css';

const T = ACCOUNT_DIALOG_MSG.forgot;

interface ForgotFields extends CodeFieldValues {
  password: string;
  confirm: string;
}

/**
 * 忘记密码 (§2.6, §5): by phone (image captcha before the SMS) or by e-mail. The form is validated,
 * the code checked (codeType 2, which yields a verifyToken), then the password reset.
 */
export function ForgotPasswordDialog({ open }: { open: boolean }) {
  return (
    <Modal
      open={open}
      title={T.title}
      onCancel={closeDialog}
      footer={null}
      width={420}
      centered
      destroyOnHidden
    >
      {open && <ForgotPasswordForm />}
    </Modal>
  );
}

function ForgotPasswordForm() {
  const [form] = Form.useForm<ForgotFields>();
  const [channel, setChannel] = useState<Channel>('mobile');
  const [submitting, setSubmitting] = useState(false);

  const switchChannel = (next: Channel) => {
    form.resetFields();
    setChannel(next);
  };

  const onFinish = async ({ account, code, password }: ForgotFields) => {
    setSubmitting(true);
    try {
      const who = target(channel, account);
      const { verifyToken } = await api.base.checkCode({ ...who, code: code.trim(), codeType: CODE_TYPE.reset });
      if ('phoneNo' in who) await api.user.forgetPasswordPhone({ phoneNo: who.phoneNo, verifyToken, password });
      else await api.user.forgetPasswordEmail({ email: who.email, verifyToken, password });
      toast.success(MSG.passwordReset);
      openLoginDialog();
    } catch {
      // The API client has shown the server's message; the form stays for another try.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="qy-account-dialog">
      <ChannelTabs channel={channel} onChange={switchChannel} labels={{ mobile: T.tabPhone, email: T.tabEmail }} />
      <Form<ForgotFields> form={form} onFinish={onFinish} requiredMark={false} autoComplete="off">
        <CodeFields
          form={form}
          channel={channel}
          codeType={CODE_TYPE.reset}
          labels={{ mobile: T.phonePlaceholder, email: T.emailPlaceholder, code: T.codePlaceholder }}
        />
        <Form.Item name="password" rules={[antdRule(validatePassword)]}>
          <NewPasswordInput placeholder={T.passwordPlaceholder} label={T.passwordLabel} />
        </Form.Item>
        <Form.Item name="confirm" dependencies={['password']} rules={[confirmPasswordRule]}>
          <NewPasswordInput placeholder={T.confirmPlaceholder} label={T.confirmLabel} />
        </Form.Item>
        <SubmitAndBack submitting={submitting} submit={T.submit} back={T.back} />
      </Form>
    </div>
  );
}

/** The new password and its confirmation: hidden text with the lock, as the browser's new-password. */
function NewPasswordInput({ placeholder, label, ...control }: { placeholder: string; label: string } & InputProps) {
  return (
    <Input.Password
      {...control}
      size="large"
      autoComplete="new-password"
      placeholder={placeholder}
      aria-label={label}
      prefix={<LockOutlined aria-hidden="true" className="qy-login__icon" />}
    />
  );
}
