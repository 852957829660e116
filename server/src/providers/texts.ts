// The wording of what the SMS and mail providers send. The site's name is the SMS signature.

/** CODE_TYPE (shared/src/constants.ts): what a code may be used for. */
export const CodePurpose = { register: 0, change: 1, reset: 2, login: 3, bind: 4 } as const;
export type CodePurpose = (typeof CodePurpose)[keyof typeof CodePurpose];

export const CODE_TTL_MINUTES = 10;

const PURPOSE_NAMES: Record<CodePurpose, string> = {
  0: '注册账号',
  1: '更换手机号或邮箱',
  2: '找回密码',
  3: '登录',
  4: '绑定手机号',
};

export const purposeName = (purpose: CodePurpose) => PURPOSE_NAMES[purpose];

/**
 * Instead of a code: the account already exists (register) or does not (reset, login). The owner of
 * the phone or mailbox learns it; the caller of sendCode gets the same reply either way.
 */
export type NoticeKind = 'registered' | 'unregistered';

export type OutgoingMessage = { kind: 'code'; code: string; purpose: CodePurpose } | { kind: 'notice'; notice: NoticeKind };

export function smsText(message: OutgoingMessage): string {
  if (message.kind === 'code') {
    return `【千言医学】您的验证码为${message.code}，用于${purposeName(message.purpose)}，${CODE_TTL_MINUTES}分钟内有效。请勿将验证码告诉他人。`;
  }
  return message.notice === 'registered'
    ? '【千言医学】该手机号已注册千言医学账号，请直接登录；如忘记密码，可通过“忘记密码”找回。如非本人操作，请忽略本短信。'
    : '【千言医学】该手机号尚未注册千言医学账号，请先注册。如非本人操作，请忽略本短信。';
}

export function mailContent(message: OutgoingMessage): { subject: string; text: string } {
  if (message.kind === 'code') {
    return {
      subject: `千言医学${purposeName(message.purpose)}验证码：${message.code}`,
      text: [
        '您好：',
        '',
        `您正在${purposeName(message.purpose)}，验证码为：${message.code}`,
        `验证码${CODE_TTL_MINUTES}分钟内有效，仅可使用一次。请勿将验证码告诉他人。`,
        '',
        '如非本人操作，请忽略本邮件。',
        '千言医学',
      ].join('\n'),
    };
  }
  const registered = message.notice === 'registered';
  return {
    subject: registered ? '千言医学：该邮箱已注册' : '千言医学：该邮箱尚未注册',
    text: [
      '您好：',
      '',
      registered
        ? '有人使用该邮箱申请注册千言医学账号，但该邮箱已注册。请直接登录；如忘记密码，可通过“忘记密码”找回。'
        : '有人使用该邮箱申请登录或找回千言医学账号的密码，但该邮箱尚未注册千言医学账号。如需使用，请先注册。',
      '',
      '如非本人操作，请忽略本邮件。',
      '千言医学',
    ].join('\n'),
  };
}

/** A minimal HTML version of a plain-text mail (escaped, line breaks kept). */
export function textToHtml(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<div style="font-family:sans-serif;font-size:14px;line-height:1.7">${escaped.replace(/\n/g, '<br>')}</div>`;
}
