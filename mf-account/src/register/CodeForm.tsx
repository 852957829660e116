// Phone or e-mail with a code and its send button: step 1 of registration and the phone binding
// after a WeChat login, drawn without antd (these pages' first views load none). Sending checks the
// account with the on-send messages, then (phone) asks for the image captcha and sends. Each field
// is checked as it changes, and all of them on submit, as antd's Form did.
import { validateCode, validateEmail, validateMobile, type CodeType } from '@qianyan/shared/core';
import { PlainButton } from '@qianyan/shared/plain';
import { useId, useState, type FormEvent } from 'react';
import { FlowField } from '../plain/FlowField';
import { PlainSendCodeButton, sendVerificationCode } from '@qianyan/shared/plain';
import { REGISTER_MSG as T } from './messages';

export type Channel = 'mobile' | 'email';

/** The wire field of an account: phoneNo or email. */
export function contactOf(channel: Channel, account: string): { phoneNo: string } | { email: string } {
  const value = account.trim();
  return channel === 'mobile' ? { phoneNo: value } : { email: value };
}

export interface CodeFormValues {
  account: string;
  code: string;
}

type Errors = Partial<Record<keyof CodeFormValues, string | null>>;

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
  const id = useId();
  const mobile = channel === 'mobile';
  const [values, setValues] = useState<CodeFormValues>({ account: '', code: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  const checkAccount = (v: string) => (mobile ? validateMobile(v) : validateEmail(v));
  const change = (name: keyof CodeFormValues, value: string) => {
    setValues((old) => ({ ...old, [name]: value }));
    setErrors((old) => ({ ...old, [name]: name === 'account' ? checkAccount(value) : validateCode(value) }));
  };

  const onSend = async () => {
    const message = mobile ? validateMobile(values.account, { onSend: true }) : validateEmail(values.account, { onSend: true });
    if (message) {
      setErrors((old) => ({ ...old, account: message }));
      return false;
    }
    return sendVerificationCode(contactOf(channel, values.account), codeType);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const found: Errors = { account: checkAccount(values.account), code: validateCode(values.code) };
    setErrors(found);
    if (found.account || found.code) return;
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
    <form className="qy-flow__form" noValidate autoComplete="off" onSubmit={submit}>
      <FlowField
        id={`${id}-account`}
        label={mobile ? T.mobileLabel : T.emailLabel}
        error={errors.account}
        value={values.account}
        onChange={(e) => change('account', e.target.value)}
        placeholder={mobile ? T.mobilePlaceholder : T.emailPlaceholder}
        inputMode={mobile ? 'numeric' : 'email'}
        autoComplete={mobile ? 'tel' : 'email'}
        maxLength={mobile ? 11 : 100}
      />
      <FlowField
        id={`${id}-code`}
        className="qy-flow__code-item"
        label={T.codeLabel}
        error={errors.code}
        value={values.code}
        onChange={(e) => change('code', e.target.value)}
        placeholder={T.codePlaceholder}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        addon={<PlainSendCodeButton onSend={onSend} className="qy-flow__send" />}
      />
      <PlainButton {...SUBMIT} variant="primary" size="large" className="qy-flow__submit" loading={submitting}>
        {submitText}
      </PlainButton>
    </form>
  );
}

// PlainButton is a type="button" by default; this one submits its form (Enter in a field, too).
const SUBMIT = { type: 'submit' } as unknown as Record<string, never>;
