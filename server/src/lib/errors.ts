import { MSG } from './specMessages.js';

/** Business error codes of the API envelope (ARCHITECTURE §3.1). */
export const ErrorCode = {
  badParameter: 10001,
  noSession: 10002,
  notFound: 10004,
  /** A staff route or action the caller's role does not allow (the editorial console). */
  forbidden: 10403,
  /** A save based on a revision someone else has already replaced (optimistic versioning). */
  conflict: 10409,
  wrongCredentials: 10005,
  rateLimited: 10029,
  /** A login past the throttle's limits: solve the picture captcha (msg says what is missing or wrong). */
  captchaRequired: 10030,
  wrongMethod: 10405,
  /** An outside service (SMS, mail, WeChat) failed; HTTP 200, the message says to try later. */
  providerFailed: 10503,
  internal: 50000,
} as const;

/**
 * The `msg` of the server's replies: every message the specification fixes (MSG, the list the apps
 * show, spec §5 validation and §8), under the same keys, plus the server's own below.
 */
export const Messages = {
  ...MSG,
  success: 'success',
  done: MSG.operationSuccess,
  badParameter: '请求参数错误',
  noSession: MSG.sessionExpired,
  notFound: '内容不存在',
  wrongCredentials: '用户名或密码错误',
  rateLimited: '操作过于频繁，请稍后再试',
  wrongMethod: MSG.methodNotSupported,
  internal: MSG.busy,
  freeReadUsedOk: MSG.useSuccess,
  freeReadUsedUp: MSG.freeReadFailed,
  lessonIdRequired: '请输入课程编号',
  lessonIdInvalid: '课程编号格式不正确',
  articleIdRequired: '请输入文章编号',
  articleIdInvalid: '文章编号格式不正确',
  // Accounts, where the spec is silent.
  captchaAnswerRequired: '请输入图片验证码的计算结果',
  captchaMissing: '请先获取图片验证码',
  captchaExpired: '图片验证码已失效，请重新获取',
  codeTypeInvalid: '验证码类型不正确',
  codeWrong: '验证码不正确或已失效，请重新获取',
  verifyExpired: '验证已失效，请重新获取验证码',
  sendTooOftenMinute: '发送过于频繁，请60秒后再试',
  sendTooOftenHour: '发送次数过多，请1小时后再试',
  sendTooOftenDay: '今日发送次数已达上限，请明天再试',
  sameMobile: '新手机号与当前手机号相同',
  sameEmail: '新邮箱与当前邮箱相同',
  passwordTooLong: '密码不能超过128位',
  oldPasswordRequired: '请输入原密码',
  oldPasswordWrong: '原密码不正确',
  samePassword: '新密码不能与原密码相同',
  usernameLength: '用户名长度应为2到20个字符',
  usernameShape: '用户名不能包含空格或@',
  usernameDigits: '用户名不能全为数字',
  usernameTaken: '该用户名已被使用，请换一个',
  mobileTaken: '该手机号已注册，请直接登录',
  emailTaken: '该邮箱已注册，请直接登录',
  registerTargetRequired: '请使用手机号或邮箱注册',
  wechatStateInvalid: '微信登录校验失败，请重新扫码登录',
  wechatCodeRequired: '缺少微信授权码，请重新扫码登录',
  wechatCodeInvalid: '微信授权已失效，请重新扫码登录',
  wechatUnavailable: '微信服务暂时不可用，请稍后再试',
  wechatBoundElsewhere: '该手机号已绑定其他微信账号',
  ssoTicketRequired: '缺少登录凭证',
  ssoTicketInvalid: '登录凭证无效或已过期，请重新登录',
  sendFailed: '发送失败，请稍后再试',
} as const;

/**
 * A failure the client is told about: `code` and `msg` go into the envelope. Business errors keep
 * HTTP 200; only rate limiting (429) and unexpected faults (500) change the status.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly httpStatus = 200,
    /** What the client needs to act on the refusal (a conflict's revisions); null for most errors. */
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(msg);
    this.name = 'AppError';
  }

  static badParameter(msg: string): AppError {
    return new AppError(ErrorCode.badParameter, msg);
  }

  static noSession(): AppError {
    return new AppError(ErrorCode.noSession, Messages.noSession);
  }

  static notFound(msg: string = Messages.notFound): AppError {
    return new AppError(ErrorCode.notFound, msg);
  }

  static rateLimited(): AppError {
    return new AppError(ErrorCode.rateLimited, Messages.rateLimited, 429);
  }
}
