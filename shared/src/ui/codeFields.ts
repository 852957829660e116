// The pieces of every "phone or e-mail, then a code" form: registration, the phone binding after a
// WeChat login, the code login and the forgot-password dialogs.
import type { FormInstance, InputProps } from 'antd';
import { antdRule, validateCode, validateEmail, validateMobile, type CodeType } from '@qianyan/shared/core';
import { sendVerificationCode } from './sendCode';

export type Channel = 'mobile' | 'email';

/** The wire field of an account: phoneNo or email. */
export function contactOf(channel: Channel, account: string): { phoneNo: string } | { email: string } {
  const value = account.trim();
  return channel === 'mobile' ? { phoneNo: value } : { email: value };
}

/**
 * The send button's action for a form holding an `account` field: it checks the account first with
 * the on-send messages (请输入手机号 / 请输入邮箱号码), then asks for the captcha (phone) and sends.
 */
export function sendCodeFor(form: FormInstance, channel: Channel, codeType: CodeType): () => Promise<boolean> {
  return async () => {
    const value = String(form.getFieldValue('account') ?? '');
    const message = channel === 'mobile' ? validateMobile(value, { onSend: true }) : validateEmail(value, { onSend: true });
    if (message) {
      form.setFields([{ name: 'account', errors: [message] }]);
      return false;
    }
    return sendVerificationCode(contactOf(channel, value), codeType);
  };
}

/** The account field's rule and input settings for a channel. */
export function accountField(channel: Channel): { rules: ReturnType<typeof antdRule>[]; input: InputProps } {
  const mobile = channel === 'mobile';
  return {
    rules: [antdRule(mobile ? (v) => validateMobile(v) : (v) => validateEmail(v))],
    input: {
      size: 'large',
      inputMode: mobile ? 'numeric' : 'email',
      autoComplete: mobile ? 'tel' : 'email',
      maxLength: mobile ? 11 : 100,
    },
  };
}

/** The code field's rule and input settings. */
export const CODE_FIELD: { rules: ReturnType<typeof antdRule>[]; input: InputProps } = {
  rules: [antdRule(validateCode)],
  input: { size: 'large', inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 },
};
