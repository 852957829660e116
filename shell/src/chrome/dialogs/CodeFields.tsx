// The phone-or-e-mail tabs and the code row shared by the forgot-password and code-login dialogs.
import { MailOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Form, Input, Tabs, type FormInstance } from 'antd';
import { accountField, CODE_FIELD, contactOf, openLoginDialog, SendCodeButton, sendCodeFor, type Channel, type CodeType } from '@qianyan/shared';

export type { Channel } from '@qianyan/shared';

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
export const target = contactOf;

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
  const onSend = sendCodeFor(form, channel, codeType);
  const account = accountField(channel);
  const mobile = channel === 'mobile';
  return (
    <>
      <Form.Item name="account" rules={account.rules}>
        <Input
          {...account.input}
          placeholder={mobile ? labels.mobile : labels.email}
          aria-label={mobile ? labels.mobile : labels.email}
          prefix={mobile ? <MobileOutlined aria-hidden="true" className="qy-login__icon" /> : <MailOutlined aria-hidden="true" className="qy-login__icon" />}
        />
      </Form.Item>
      <div className="qy-code-row">
        <Form.Item name="code" rules={CODE_FIELD.rules} className="qy-code-row__input">
          <Input
            {...CODE_FIELD.input}
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

/** A code form's end: its submit button, spinning while the request runs, and the way back to 登录. */
export function SubmitAndBack({ submitting, submit, back }: { submitting: boolean; submit: string; back: string }) {
  return (
    <>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {submit}
      </Button>
      <BackToLogin label={back} />
    </>
  );
}

/** The way back from a login variant to the 用户登录 dialog. */
export function BackToLogin({ label }: { label: string }) {
  return (
    <p className="qy-account-dialog__back">
      <Button type="link" size="small" onClick={openLoginDialog}>
        {label}
      </Button>
    </p>
  );
}
