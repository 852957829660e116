// Validation rules of spec §5. Each returns the exact message to show, or null when valid.
import { MSG } from './messages';
import { PASSWORD_MIN_LENGTH } from './constants';

export type Rule = (value: string | undefined | null) => string | null;

const MOBILE_RE = /^1\d{10}$/;
// Standard shape with a 2-4 letter suffix (§5 E-mail).
const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;

const blank = (v: string | undefined | null) => v == null || String(v).trim() === '';

export function validateMobile(value: string | undefined | null, opts: { onSend?: boolean } = {}): string | null {
  if (blank(value)) return opts.onSend ? MSG.mobileRequiredOnSend : MSG.mobileRequired;
  return MOBILE_RE.test(String(value).trim()) ? null : MSG.mobileInvalid;
}

export function validateEmail(value: string | undefined | null, opts: { onSend?: boolean } = {}): string | null {
  if (blank(value)) return opts.onSend ? MSG.emailRequiredOnSend : MSG.emailRequired;
  return EMAIL_RE.test(String(value).trim()) ? null : MSG.emailInvalid;
}

export const validateCode: Rule = (v) => (blank(v) ? MSG.codeRequired : null);

export function validatePassword(value: string | undefined | null, opts: { personal?: boolean } = {}): string | null {
  if (blank(value)) return MSG.passwordRequired;
  if (String(value).length < PASSWORD_MIN_LENGTH) {
    return opts.personal ? MSG.passwordTooShortPersonal : MSG.passwordTooShort;
  }
  return null;
}

export function validateConfirmPassword(
  confirm: string | undefined | null,
  password: string | undefined | null,
  opts: { personal?: boolean } = {},
): string | null {
  if (blank(confirm)) return MSG.confirmRequired;
  if (confirm !== password) return opts.personal ? MSG.confirmMismatchPersonal : MSG.confirmMismatch;
  return null;
}

export const validateAccount: Rule = (v) => (blank(v) ? MSG.accountRequired : null);
export const validateUsername: Rule = (v) => (blank(v) ? MSG.usernameRequired : null);
export const validateName: Rule = (v) => (blank(v) ? MSG.nameRequired : null);

/** Identity as stored and sent on the wire (§3 Options). */
export type Identity = '执业医师' | '医学生' | '其他';

/** The profile fields that belong to one identity (§3 Profile); an identity change clears them (§4). */
export const PROFILE_ROLE_FIELDS = [
  'hospital',
  'division',
  'joblevel',
  'jobname',
  'university',
  'majors',
  'entranceYear',
  'qualification',
  'otherCompany',
  'otherDepartment',
  'otherJobname',
] as const;

export type ProfileRoleField = (typeof PROFILE_ROLE_FIELDS)[number];

/** The role fields that are text: all but the entrance year, which each form holds its own way. */
export type ProfileRoleText = Partial<Record<Exclude<ProfileRoleField, 'entranceYear'>, string>>;

export interface ProfileDraft extends ProfileRoleText {
  identity?: Identity | '';
  truename?: string;
  city?: string;
  entranceYear?: string | number;
}

/** Profile rules by identity (§5): returns field → message for every failing field. */
export function validateProfile(p: ProfileDraft): Partial<Record<keyof ProfileDraft, string>> {
  const errors: Partial<Record<keyof ProfileDraft, string>> = {};
  const need = (field: keyof ProfileDraft, message: string) => {
    const v = p[field];
    if (v == null || String(v).trim() === '') errors[field] = message;
  };
  need('truename', MSG.nameRequired);
  need('city', MSG.cityRequired);
  if (p.identity === '执业医师') {
    need('hospital', MSG.hospitalRequired);
    need('division', MSG.divisionRequired);
    need('joblevel', MSG.joblevelRequired);
    need('jobname', MSG.jobnameRequired);
  } else if (p.identity === '医学生') {
    need('university', MSG.universityRequired);
    need('majors', MSG.majorsRequired);
    need('entranceYear', MSG.entranceYearRequired);
    need('qualification', MSG.qualificationRequired);
  } else if (p.identity === '其他') {
    need('otherCompany', MSG.otherCompanyRequired);
    need('otherDepartment', MSG.otherDepartmentRequired);
    need('otherJobname', MSG.otherJobnameRequired);
  }
  return errors;
}

export interface ShippingDraft {
  sh_name?: string;
  sh_phone?: string;
  region?: string;
  sh_address?: string;
}

/** Yearly plans (types 2 and 4) need a shipping address; every field is required (§5). */
export function shippingRequired(serviceType: number): boolean {
  return serviceType === 2 || serviceType === 4;
}

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Client-side check before an upload (the server checks the bytes again). */
export function validateImageFile(file: { type: string; size: number }): string | null {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return MSG.imageType;
  if (file.size >= 10 * 1024 * 1024) return MSG.imageSize;
  return null;
}

/** True when the bytes start like a JPEG or a PNG. */
export function looksLikeJpegOrPng(bytes: Uint8Array): boolean {
  const starts = (magic: number[]) => magic.every((b, i) => bytes[i] === b);
  return starts(JPEG_MAGIC) || starts(PNG_MAGIC);
}

/**
 * The antd rule of a password confirmation: it must repeat the form's `password` field (§5). The
 * item also lists `dependencies={['password']}`, so a changed password checks it again.
 */
export function confirmPasswordRule({ getFieldValue }: { getFieldValue: (name: string) => unknown }) {
  return antdRule((confirm) => validateConfirmPassword(confirm, getFieldValue('password') as string | undefined));
}

/** Adapts a rule to an antd Form rule: `rules={[antdRule(validateX)]}`. */
export function antdRule(rule: Rule) {
  return {
    validator: (_: unknown, value: string) => {
      const message = rule(value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}
