// Step 2 of registration (§2.7): username, password, confirm and the terms checkbox; the register
// button stays disabled until the terms are accepted.
import { Button, Checkbox, Form, Input } from 'antd';
import {
  ABOUT_SERVICE_KEY,
  antdRule,
  confirmPasswordRule,
  validatePassword,
  validateUsername,
} from '@qianyan/shared';
import { useState, type MouseEvent } from 'react';
import { REGISTER_MSG as T } from './messages';
import { openTerms } from './terms';

export interface AccountValues {
  membername: string;
  password: string;
  confirm: string;
}

/** Each link also names its section in its address, for a reader who opens it in a new tab themselves. */
const TERMS_SECTION: Record<number, string> = { [ABOUT_SERVICE_KEY.termsAndPrivacy]: 'terms', [ABOUT_SERVICE_KEY.userAgreement]: 'agreement' };

function TermsLink({ serviceKey, children }: { serviceKey: number; children: string }) {
  const open = (e: MouseEvent) => {
    // Inside the checkbox's label: open the terms without ticking the box.
    e.preventDefault();
    e.stopPropagation();
    openTerms(serviceKey);
  };
  return (
    <a href={`/about?type=${TERMS_SECTION[serviceKey]}`} target="_blank" rel="noopener" onClick={open}>
      {children}
    </a>
  );
}

export function AccountStep({
  verifiedAs,
  onPrevious,
  onRegister,
}: {
  verifiedAs: string;
  onPrevious: () => void;
  /** Creates the account; a rejection keeps the form (the API client showed why). */
  onRegister: (values: AccountValues) => Promise<void>;
}) {
  const [form] = Form.useForm<AccountValues>();
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: AccountValues) => {
    setSubmitting(true);
    try {
      await onRegister({ ...values, membername: values.membername.trim() });
    } catch {
      // Shown by the API client (a taken username, an expired verification…).
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<AccountValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} autoComplete="off">
      <p className="qy-flow__verified">{T.verifiedAs(verifiedAs)}</p>
      <Form.Item name="membername" label={T.usernameLabel} rules={[antdRule(validateUsername)]}>
        <Input size="large" maxLength={32} autoComplete="username" placeholder={T.usernamePlaceholder} />
      </Form.Item>
      <Form.Item name="password" label={T.passwordLabel} rules={[antdRule((v) => validatePassword(v))]}>
        <Input.Password size="large" autoComplete="new-password" placeholder={T.passwordPlaceholder} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={T.confirmLabel}
        // Changing the password re-validates the confirmation (§5).
        dependencies={['password']}
        rules={[confirmPasswordRule]}
      >
        <Input.Password size="large" autoComplete="new-password" placeholder={T.confirmPlaceholder} />
      </Form.Item>
      <Checkbox className="qy-flow__terms" checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>
        {T.termsPrefix}
        <TermsLink serviceKey={ABOUT_SERVICE_KEY.termsAndPrivacy}>{T.termsService}</TermsLink>
        {T.termsAnd}
        <TermsLink serviceKey={ABOUT_SERVICE_KEY.userAgreement}>{T.termsAgreement}</TermsLink>
      </Checkbox>
      <div className="qy-flow__actions">
        <Button size="large" onClick={onPrevious}>
          {T.previous}
        </Button>
        <Button type="primary" htmlType="submit" size="large" disabled={!agreed} loading={submitting}>
          {T.register}
        </Button>
      </div>
    </Form>
  );
}
