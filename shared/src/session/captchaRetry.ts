// Logins past the server's failure limits (code 10030) need the 图片验证码: the call is sent again
// with the captcha's uuid and answer, as many times as the server asks (a wrong answer gets a new
// picture), until it goes through, fails for another reason, or the captcha dialog is cancelled.
import { ApiError, CODE_CAPTCHA_REQUIRED } from '../api/http';
import { requestCaptcha, type CaptchaAnswer } from './dialogs';

/**
 * Sends `send()` (first without a captcha); each time the server asks for the 图片验证码, opens the
 * shell's captcha dialog and sends again with the answer. Resolves `{ value }` when the call went
 * through and null when the captcha dialog was cancelled; rejects with any other failure. The API
 * client shows the server's message for each refusal unless the call is silent.
 */
export async function withCaptchaWhenAsked<T>(send: (captcha?: CaptchaAnswer) => Promise<T>): Promise<{ value: T } | null> {
  let captcha: CaptchaAnswer | undefined;
  for (;;) {
    try {
      return { value: await send(captcha) };
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== CODE_CAPTCHA_REQUIRED) throw err;
    }
    const answer = await requestCaptcha();
    if (!answer) return null;
    captcha = answer;
  }
}
