// Phone or e-mail with a code and its send button: step 1 of registration and the phone binding
// after a WeChat login. Sending checks the account with the on-send messages, then (phone) asks
// for the image captcha and sends.
import { Button, Form, Input } from 'antd';
import { accountField, CODE_FIELD, SendCodeButton, sendCodeFor, type Channel, type CodeType } from '@qianyan/shared';
import { useState } from 'react';
import { REGISTER_MSG as T } from './messages';

export { contactOf, type Channel } from '@qianyan/shared';

export interface CodeFormValues {
  account: string;
  code: string;
}

/** Give it a new `key` to start over: empty fields and no countdown (tab switch, previous step). */
export function CodeForm({
  channel,
  codeType,
  submitText,
  onSubmit,
}: {
  channel: Channel;
  codeType: CodeType;
  submitText: string;
  /** Called with valid values; a rejection keeps the form as it is (the API client showed why). */
  onSubmit: (values: CodeFormValues) => Promise<void>;
}) {
  const [form] = Form.useForm<CodeFormValues>();
  const [submitting, setSubmitting] = useState(false);
  const mobile = channel === 'mobile';

  const onSend = sendCodeFor(form, channel, codeType);
  const account = accountField(channel);

  const onFinish = async (values: CodeFormValues) => {
    setSubmitting(true);
    try {
      await onSubmit({ account: values.account.trim(), code: values.code.trim() });
    } catch {
      // Shown by the API client; the user corrects the code and tries again.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<CodeFormValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} autoComplete="off">
      <Form.Item
        name="account"
        label={mobile ? T.mobileLabel : T.emailLabel}
        rules={account.rules}
      >
        <Input {...account.input} placeholder={mobile ? T.mobilePlaceholder : T.emailPlaceholder} />
      </Form.Item>
      <Form.Item label={T.codeLabel} required={false} className="qy-flow__code-item">
        <div className="qy-flow__code-row">
          <Form.Item name="code" noStyle rules={CODE_FIELD.rules}>
            <Input {...CODE_FIELD.input} placeholder={T.codePlaceholder} aria-label={T.codeLabel} />
          </Form.Item>
          <SendCodeButton size="large" onSend={onSend} className="qy-flow__send" />
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {submitText}
      </Button>
    </Form>
  );
}
