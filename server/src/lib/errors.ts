/** Business error codes of the API envelope (ARCHITECTURE §3.1). */
export const ErrorCode = {
  badParameter: 10001,
  noSession: 10002,
  notFound: 10004,
  wrongCredentials: 10005,
  rateLimited: 10029,
  wrongMethod: 10405,
  internal: 50000,
} as const;

export const Messages = {
  success: 'success',
  done: '操作成功！',
  badParameter: '请求参数错误',
  noSession: '登录超时，请重新登录',
  notFound: '内容不存在',
  wrongCredentials: '用户名或密码错误',
  rateLimited: '操作过于频繁，请稍后再试',
  wrongMethod: '请求方式不支持！',
  internal: '网络繁忙，请稍后！',
  freeReadUsedOk: '使用成功',
  freeReadUsedUp: '您本月免费次数已经使用了!',
  courseFreeReadClosed: '课程免费阅读尚未开放',
  articleIdRequired: '请输入文章编号',
  articleIdInvalid: '文章编号格式不正确',
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
