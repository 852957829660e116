import { AppError, ErrorCode, Messages } from '../../lib/errors.js';
import { hashPassword, verifyAgainstDummy } from '../account/password.js';
import { MemberConflict, type AccountService, type ClientMeta, type MemberRow } from '../account/service.js';
import type { LoginReply } from '../account/schemas.js';
import type { Db } from '../../db/client.js';
import type { CaptchaService } from './captcha.js';
import { codeOf, emailOf, mobileOf, newPasswordOf, usernameOf } from './rules.js';
import { CodePurpose, type CodeTarget, type VerificationService } from './verification.js';

export interface SendCodeInput {
  phoneNo?: string;
  email?: string;
  uuid?: string;
  code?: string;
  codeType?: number;
}

type ContactByCode = { mobile: string } | { email: string };

const has = (v: string | undefined) => v !== undefined && v.trim() !== '';

function purposeOf(codeType: number | undefined, allowed: readonly CodePurpose[]): CodePurpose {
  if (codeType === undefined || !(allowed as readonly number[]).includes(codeType)) {
    throw AppError.badParameter(Messages.codeTypeInvalid);
  }
  return codeType as CodePurpose;
}

export type AuthService = ReturnType<typeof createAuthService>;

/** The flows of the accounts issue: sending and checking codes, registration, code login, reset. */
export function createAuthService(deps: {
  db: Db;
  account: AccountService;
  captcha: CaptchaService;
  verification: VerificationService;
}) {
  const { db, account, captcha, verification } = deps;

  /**
   * E-mail codes need no picture captcha until the address has used up its plain send windows (one
   * hospital's readers share an address); past them the captcha is asked for (code 10030), and a send
   * with a solved captcha counts against the address's higher captcha windows. Returns whether the
   * send came with a solved captcha. A wrong or stale answer is a 10030 with its own message, so the
   * page asks again with a new picture.
   */
  async function emailCaptcha(email: string, input: SendCodeInput, ip: string): Promise<boolean> {
    const given = has(input.uuid) || has(input.code);
    if (!given && !(await verification.needsCaptcha(ip))) return false;
    await verification.assertCanSend(email, ip, { captcha: true });
    if (!given) throw new AppError(ErrorCode.captchaRequired, Messages.captchaRequired);
    try {
      await captcha.verify(input.uuid, input.code);
    } catch (err) {
      if (err instanceof AppError) throw new AppError(ErrorCode.captchaRequired, err.msg);
      throw err;
    }
    return true;
  }

  return {
    /** base/sendCode: SMS, after the picture captcha; register 0, reset 2, login 3, bind 4. */
    async sendSms(input: SendCodeInput, meta: ClientMeta): Promise<void> {
      const mobile = mobileOf(input.phoneNo, { onSend: true });
      const purpose = purposeOf(input.codeType, [CodePurpose.register, CodePurpose.reset, CodePurpose.login, CodePurpose.bind]);
      await verification.assertCanSend(mobile, meta.ip, { captcha: true });
      await captcha.verify(input.uuid, input.code);
      await verification.send({ channel: 'sms', value: mobile }, purpose, { ...meta, captcha: true });
    },

    /** base/sendCode2: e-mail; register 0, reset 2, login 3. */
    async sendEmail(input: SendCodeInput, meta: ClientMeta): Promise<void> {
      const email = emailOf(input.email, { onSend: true });
      const purpose = purposeOf(input.codeType, [CodePurpose.register, CodePurpose.reset, CodePurpose.login]);
      const solved = await emailCaptcha(email, input, meta.ip);
      await verification.send({ channel: 'email', value: email }, purpose, { ...meta, captcha: solved });
    },

    /** base/sendCode3 (logged in, codeType 1): to a new mobile (captcha first) or a new e-mail. */
    async sendForChange(memberId: number, input: SendCodeInput, meta: ClientMeta): Promise<void> {
      const byEmail = !has(input.phoneNo) && input.email !== undefined;
      const target: CodeTarget = byEmail
        ? { channel: 'email', value: emailOf(input.email, { onSend: true }) }
        : { channel: 'sms', value: mobileOf(input.phoneNo, { onSend: true }) };
      purposeOf(input.codeType, [CodePurpose.change]);
      const me = await account.findById(memberId);
      if (!me) throw AppError.noSession();
      if (target.channel === 'sms' && me.mobile === target.value) throw AppError.badParameter(Messages.sameMobile);
      if (target.channel === 'email' && me.email === target.value) throw AppError.badParameter(Messages.sameEmail);
      let solved: boolean;
      if (target.channel === 'sms') {
        await verification.assertCanSend(target.value, meta.ip, { captcha: true });
        await captcha.verify(input.uuid, input.code);
        solved = true;
      } else {
        solved = await emailCaptcha(target.value, input, meta.ip);
      }
      await verification.send(target, CodePurpose.change, { ...meta, captcha: solved });
    },

    /** base/checkCode for register 0, change 1 and reset 2: uses the code up, returns the proof. */
    async checkCode(input: { code?: string; phoneNo?: string; email?: string; codeType?: number }) {
      const code = codeOf(input.code);
      const target = !has(input.phoneNo) && input.email !== undefined ? emailOf(input.email) : mobileOf(input.phoneNo);
      const purpose = purposeOf(input.codeType, [CodePurpose.register, CodePurpose.change, CodePurpose.reset]);
      const verifyToken = await verification.check(target, purpose, code);
      return { verified: true as const, verifyToken };
    },

    /**
     * user/register: a verified mobile or e-mail, a username and a password. The proof is spent in
     * the same transaction as the insert, so a taken username leaves it usable for another try.
     */
    async register(
      input: { mobile?: string; email?: string; membername?: string; password?: string; verifyToken?: string },
      meta: ClientMeta,
    ): Promise<LoginReply> {
      if (!has(input.mobile) && !has(input.email)) throw AppError.badParameter(Messages.registerTargetRequired);
      const contact: ContactByCode = has(input.mobile) ? { mobile: mobileOf(input.mobile) } : { email: emailOf(input.email) };
      const username = usernameOf(input.membername);
      const password = newPasswordOf(input.password);
      const passwordHash = await hashPassword(password);
      const target = 'mobile' in contact ? contact.mobile : contact.email;

      let member: MemberRow;
      try {
        member = await db.transaction(async (tx) => {
          await verification.consume(input.verifyToken, { target, purpose: CodePurpose.register }, tx as unknown as Db);
          return account.createMember({ username, passwordHash, ...contact }, tx as unknown as Db);
        });
      } catch (err) {
        if (err instanceof MemberConflict) {
          if (err.field === 'username') throw AppError.badParameter(Messages.usernameTaken);
          throw AppError.badParameter('mobile' in contact ? Messages.mobileTaken : Messages.emailTaken);
        }
        throw err;
      }
      return account.startSession(member, meta);
    },

    /**
     * login/loginWithoutPwd: a code of codeType 3. Throttled like login/login (per account and per
     * address; past the limits the captcha in `uuid` and `captchaCode` comes before the code is
     * looked at); an unknown account fails exactly as a wrong code does (it never had a code).
     */
    async loginWithCode(
      input: { phoneNo?: string; email?: string; code?: string; uuid?: string; captchaCode?: string },
      meta: ClientMeta,
    ): Promise<LoginReply> {
      const contact: ContactByCode =
        !has(input.phoneNo) && input.email !== undefined ? { email: emailOf(input.email) } : { mobile: mobileOf(input.phoneNo) };
      const code = codeOf(input.code);
      const accountName = 'mobile' in contact ? contact.mobile : contact.email;
      const owner = await account.findByContact(contact);
      const subject = account.subjectOf(owner, accountName);
      await account.throttle.pass(subject, meta.ip, { uuid: input.uuid, code: input.captchaCode });
      const ok = await verification.consumeCode(accountName, CodePurpose.login, code);
      const member = ok ? owner : undefined;
      if (!member) {
        await account.throttle.fail(subject, meta.ip);
        throw new AppError(ErrorCode.wrongCredentials, Messages.codeWrong);
      }
      await account.throttle.clear(subject);
      return account.startSession(member, meta);
    },

    /**
     * user/forgetPasswordPhone and forgetPasswordEmail: a proof of codeType 2 and the new password;
     * every session of the member ends. A proof only exists for an account that existed when the
     * code was sent, so an unknown account already failed at checkCode; if it vanished since, the
     * reply is the same as for a spent proof, after the same hashing work.
     */
    async resetPassword(input: { contact: ContactByCode; verifyToken?: string; password?: string }) {
      const password = newPasswordOf(input.password);
      const target = 'mobile' in input.contact ? input.contact.mobile : input.contact.email;
      const member = await account.findByContact(input.contact);
      if (!member) {
        await verifyAgainstDummy(password);
        throw AppError.badParameter(Messages.verifyExpired);
      }
      await verification.consume(input.verifyToken, { target, purpose: CodePurpose.reset });
      await account.setPassword(member.id, password);
      await account.throttle.clear(account.subjectOf(member, target));
    },
  };
}
