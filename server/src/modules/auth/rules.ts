import { AppError, Messages } from '../../lib/errors.js';

// Spec §5 rules with their exact messages (the same as shared/src/validation.ts).
const MOBILE_RE = /^1\d{10}$/;
const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;

const blank = (v: unknown) => v == null || String(v).trim() === '';

/** A mainland mobile number (11 digits from 1); `onSend` picks the send-button wording when it is missing. */
export function mobileOf(value: string | undefined, opts: { onSend?: boolean } = {}): string {
  if (blank(value)) throw AppError.badParameter(opts.onSend ? Messages.mobileRequiredOnSend : Messages.mobileRequired);
  const v = String(value).trim();
  if (!MOBILE_RE.test(v)) throw AppError.badParameter(Messages.mobileInvalid);
  return v;
}

/** An e-mail address, lower-cased (stored and compared that way). */
export function emailOf(value: string | undefined, opts: { onSend?: boolean } = {}): string {
  if (blank(value)) throw AppError.badParameter(opts.onSend ? Messages.emailRequiredOnSend : Messages.emailRequired);
  const v = String(value).trim();
  if (v.length > 254 || !EMAIL_RE.test(v)) throw AppError.badParameter(Messages.emailInvalid);
  return v.toLowerCase();
}

export function codeOf(value: string | undefined): string {
  if (blank(value)) throw AppError.badParameter(Messages.codeRequired);
  return String(value).trim();
}

/** A new password on the register and forgot-password screens (§5: 请输入密码, 请至少输入6位). */
export function newPasswordOf(value: string | undefined): string {
  if (value == null || value === '') throw AppError.badParameter(Messages.passwordRequired);
  if (value.length < 6) throw AppError.badParameter(Messages.passwordTooShort);
  if (value.length > 128) throw AppError.badParameter(Messages.passwordTooLong);
  return value;
}

/**
 * A username of 2 to 20 characters, without spaces or @, not all digits (so it never reads as a
 * mobile number or an e-mail on the login form, which accepts all three).
 */
export function usernameOf(value: string | undefined): string {
  if (blank(value)) throw AppError.badParameter(Messages.usernameRequired);
  const v = String(value).trim();
  const length = [...v].length;
  if (length < 2 || length > 20) throw AppError.badParameter(Messages.usernameLength);
  if (/[\s@]/.test(v)) throw AppError.badParameter(Messages.usernameShape);
  if (/^\d+$/.test(v)) throw AppError.badParameter(Messages.usernameDigits);
  return v;
}
