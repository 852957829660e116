// The phone-or-e-mail tabs and the code row shared by the forgot-password and code-login dialogs.
import { MailOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Form, Input, Tabs, type FormInstance } from 'antd';
import {
  antdRule,
  SendCodeButton,
  sendVerificationCode,
  validateCode,
  validateEmail,
  validateMobile,
  type CodeType,
} from '@qianyan/shared';

export type Channel = 'mobile' | 'email';

export interface CodeFieldValues {
  account: string;
  code: string;
}

export function ChannelTabs({
  channel,
  onChange,
  labels,
}: {
  channel: Channel;
  onChange: (channel: Channel) => void;
  labels: { mobile: string; email: string };
}) {
  return (
    <Tabs
      activeKey={channel}
      onChange={(key) => onChange(key as Channel)}
      centered
      className="qy-code-tabs"
      items={[
        { key: 'mobile', label: labels.mobile },
        { key: 'email', label: labels.email },
      ]}
    />
  );
}

/** The wire field for the account: phoneNo or email. */
export function target(channel: Channel, account: string): { phoneNo: string } | { email: string } {
  const value = account.trim();
  return channel === 'mobile' ? { phoneNo: value } : { email: value };
}

/**
 * Phone or e-mail, then the code with its send button. Sending checks the account first with the
 * on-send messages (请输入手机号 / 请输入邮箱号码), then asks for the captcha (phone) and sends.
 */
export function CodeFields({
  form,
  channel,
  codeType,
  labels,
}: {
  // Any form holding `account` and `code` fields.
  form: FormInstance;
  channel: Channel;
  codeType: CodeType;
  labels: { mobile: string; email: string; code: string };
}) {
  const onSend = async () => {
    const value = String(form.getFieldValue('account') ?? '');
    const message = channel === 'mobile' ? validateMobile(value, { onSend: true }) : validateEmail(value, { onSend: true });
    if (message) {
      form.setFields([{ name: 'account', errors: [message] }]);
      return false;
    }
    return sendVerificationCode(target(channel, value), codeType);
  };
  const mobile = channel === 'mobile';
  return (
    <>
      <Form.Item name="account" rules={[antdRule(mobile ? (v) => validateMobile(v) : (v) => validateEmail(v))]}>
        <Input
          size="large"
          inputMode={mobile ? 'numeric' : 'email'}
          autoComplete={mobile ? 'tel' : 'email'}
          maxLength={mobile ? 11 : 100}
          placeholder={mobile ? labels.mobile : labels.email}
          aria-label={mobile ? labels.mobile : labels.email}
          prefix={mobile ? <MobileOutlined aria-hidden="true" className="qy-login__icon" /> : <MailOutlined aria-hidden="true" className="qy-login__icon" />}
        />
      </Form.Item>
      <div className="qy-code-row">
        <Form.Item name="code" rules={[antdRule(validateCode)]} className="qy-code-row__input">
          <Input
            size="large"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={labels.code}
            aria-label={labels.code}
            prefix={<SafetyOutlined aria-hidden="true" className="qy-login__icon" />}
          />
        </Form.Item>
        <SendCodeButton size="large" onSend={onSend} resetKey={channel} className="qy-code-row__send" />
      </div>
    </>
  );
}
