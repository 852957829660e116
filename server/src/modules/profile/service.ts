import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { members } from '../../db/schema/index.js';
import { AppError, Messages } from '../../lib/errors.js';
import { emailOf, mobileOf, usernameOf } from '../auth/rules.js';
import { CodePurpose, type VerificationService } from '../auth/verification.js';
import type { FilesService } from '../files/service.js';
import type { MembershipService } from '../membership/service.js';
import type { RegionsService } from '../regions/service.js';
import {
  FIELDS_BY_IDENTITY,
  firstProfileError,
  ProfileMessages,
  ROLE_BY_IDENTITY,
  type Identity,
  type RoleField,
} from './rules.js';
import type { CompleteUserInfoBody, Profile, UpdateConsentBody, UpdatePhoneNoOrEmailBody } from './schemas.js';

type MemberRow = typeof members.$inferSelect;

export const AccountEditMessages = {
  modified: '修改成功',
  cancelled: '已成功取消!',
  saved: '保存成功',
  usernameRequired: '请输入用户名',
  avatarRequired: '请先上传头像图片',
  avatarNotUploaded: '头像图片无效，请重新上传',
  mobileChanged: '修改手机号成功',
  emailChanged: '修改邮箱成功',
  mobileTaken: '该手机号已被其他账号使用',
  emailTaken: '该邮箱已被其他账号使用',
  oneContact: '请只填写手机号或邮箱中的一项',
} as const;

/** PostgreSQL's unique_violation, from either driver. */
const isUniqueViolation = (err: unknown, constraint: string) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const name = e.constraint ?? e.cause?.constraint;
  return code === '23505' && (name === undefined || name === constraint);
};

export type ProfileService = ReturnType<typeof createProfileService>;

export function createProfileService(deps: {
  db: Db;
  membership: MembershipService;
  regions: RegionsService;
  files: FilesService;
  verification: VerificationService;
  now: () => Date;
}) {
  const { db, regions } = deps;

  async function memberRow(memberId: number): Promise<MemberRow> {
    const [row] = await db.select().from(members).where(eq(members.id, memberId)).limit(1);
    if (!row) throw AppError.noSession();
    return row;
  }

  async function toProfile(row: MemberRow): Promise<Profile> {
    const [sub, autoRenew] = await Promise.all([deps.membership.subscriptionOf(row.id), deps.membership.autoRenewOf(row.id)]);
    const serviceEndDate = sub.serviceEndDate?.toISOString() ?? null;
    const code = (n: number | null) => (n == null ? '' : String(n));
    // The joined forms come from the tree when the codes are in it (names follow the data), else as saved.
    const city =
      row.provinceId != null && row.cityId != null
        ? regions.resolveCity(code(row.provinceId), code(row.cityId), code(row.districtId))
        : undefined;
    const flag = (v: number) => (v === 1 ? 1 : 0);
    const consents = { ifReceiveNejm: flag(row.ifReceiveNejm), ifReceiveJh: flag(row.ifReceiveJh), ifReceiveDsf: flag(row.ifReceiveDsf) } as const;
    return {
      id: row.id,
      membername: row.username,
      truename: row.truename,
      avatar: row.avatar,
      mobile: row.mobile ?? '',
      email: row.email ?? '',
      roleid: (row.roleid === 1 || row.roleid === 5 ? row.roleid : 0) as Profile['roleid'],
      identity: row.identity,
      provinceId: code(row.provinceId),
      cityId: code(row.cityId),
      districtId: code(row.districtId),
      cityidspliter: city?.idPath ?? row.cityIdPath ?? '',
      cityName: city?.namePath ?? row.cityNamePath ?? '',
      hospital: row.hospital ?? '',
      division: row.division ?? '',
      joblevel: row.joblevel ?? '',
      jobname: row.jobname ?? '',
      university: row.university ?? '',
      majors: row.majors ?? '',
      entranceYear: row.entranceYear == null ? '' : String(row.entranceYear),
      qualification: row.qualification ?? '',
      otherCompany: row.otherCompany ?? '',
      otherDepartment: row.otherDepartment ?? '',
      otherJobname: row.otherJobname ?? '',
      important: row.important ?? '',
      ...consents,
      emailUnsubscribe: consents.ifReceiveNejm === 0 && consents.ifReceiveJh === 0 && consents.ifReceiveDsf === 0 ? 1 : 0,
      ifNeedUpdate: row.ifNeedUpdate === 1 ? 1 : 0,
      subscribePo: { serviceTitle: sub.serviceTitle, serviceEndDate },
      subscribe_info: { service_type: sub.serviceType, service_end_date: serviceEndDate, auto_renew: autoRenew },
    };
  }

  async function update(memberId: number, values: Partial<typeof members.$inferInsert>): Promise<Profile> {
    const [row] = await db
      .update(members)
      .set({ ...values, updatedAt: deps.now() })
      .where(eq(members.id, memberId))
      .returning();
    if (!row) throw AppError.noSession();
    return toProfile(row);
  }

  /** The current calendar year in Asia/Shanghai. */
  const thisYear = () => new Date(deps.now().getTime() + 8 * 3600_000).getUTCFullYear();

  return {
    async getProfile(memberId: number): Promise<Profile> {
      return toProfile(await memberRow(memberId));
    },

    /**
     * Saves the profile form: the rules of §5 by identity (first failing field's message), region
     * codes that exist in the tree, a department of the tree, an entrance year not in the future.
     * roleid follows the identity and the fields of the other identities are cleared.
     */
    async completeUserInfo(memberId: number, body: CompleteUserInfoBody): Promise<Profile> {
      const t = (v: string | undefined) => (v ?? '').trim();
      const identity = t(body.identity);
      const provinceId = t(body.provinceId);
      const cityId = t(body.cityId);
      const districtId = t(body.districtId);
      const fields: Record<RoleField, string> = {
        hospital: t(body.hospital),
        division: t(body.division),
        joblevel: t(body.joblevel),
        jobname: t(body.jobname),
        university: t(body.university),
        majors: t(body.majors),
        entranceYear: t(body.entranceYear),
        qualification: t(body.qualification),
        otherCompany: t(body.otherCompany),
        otherDepartment: t(body.otherDepartment),
        otherJobname: t(body.otherJobname),
      };
      const truename = t(body.truename);
      const error = firstProfileError({ identity, truename, city: provinceId && cityId ? cityId : '', fields });
      if (error) throw AppError.badParameter(error);
      const chosen = identity as Identity;

      const city = regions.resolveCity(provinceId, cityId, districtId);
      if (!city) throw AppError.badParameter(ProfileMessages.cityInvalid);
      if (chosen === '执业医师' && !regions.isDepartment(fields.division)) {
        throw AppError.badParameter(ProfileMessages.divisionRequired);
      }
      let entranceYear: number | null = null;
      if (chosen === '医学生') {
        if (!/^\d{4}$/.test(fields.entranceYear) || Number(fields.entranceYear) < 1950) {
          throw AppError.badParameter(ProfileMessages.entranceYearRequired);
        }
        entranceYear = Number(fields.entranceYear);
        if (entranceYear > thisYear()) throw AppError.badParameter(ProfileMessages.entranceYearFuture);
      }

      // Only the chosen identity's fields are kept; the others are cleared (spec §4).
      const kept = new Set<string>(FIELDS_BY_IDENTITY[chosen]);
      const keep = (field: RoleField) => (kept.has(field) ? fields[field] : null);
      return update(memberId, {
        truename,
        identity: chosen,
        roleid: ROLE_BY_IDENTITY[chosen],
        provinceId: city.provinceId,
        cityId: city.cityId,
        districtId: city.districtId,
        cityIdPath: city.idPath,
        cityNamePath: city.namePath,
        hospital: keep('hospital'),
        division: keep('division'),
        joblevel: keep('joblevel'),
        jobname: keep('jobname'),
        university: keep('university'),
        majors: keep('majors'),
        entranceYear: kept.has('entranceYear') ? entranceYear : null,
        qualification: keep('qualification'),
        otherCompany: keep('otherCompany'),
        otherDepartment: keep('otherDepartment'),
        otherJobname: keep('otherJobname'),
        ...(body.important !== undefined ? { important: body.important.trim() } : {}),
        ...(body.ifReceiveNejm !== undefined ? { ifReceiveNejm: body.ifReceiveNejm } : {}),
        ...(body.ifReceiveJh !== undefined ? { ifReceiveJh: body.ifReceiveJh } : {}),
        ...(body.ifReceiveDsf !== undefined ? { ifReceiveDsf: body.ifReceiveDsf } : {}),
        ifNeedUpdate: 0,
      });
    },

    /** Changes the username (membername); the unique index decides between two members racing for one. */
    async updateSignAccount(memberId: number, membername: string | undefined): Promise<Profile> {
      const name = usernameOf(membername);
      try {
        return await update(memberId, { username: name });
      } catch (err) {
        if (isUniqueViolation(err, 'members_username_key')) throw AppError.badParameter(Messages.usernameTaken);
        throw err;
      }
    },

    /** Sets the avatar to a picture this server stored for this member (File/uploadFile), nothing else. */
    async updateAvatar(memberId: number, avatar: string | undefined): Promise<Profile> {
      const url = (avatar ?? '').trim();
      if (!url) throw AppError.badParameter(AccountEditMessages.avatarRequired);
      if (!(await deps.files.isMembersUpload(memberId, url))) throw AppError.badParameter(AccountEditMessages.avatarNotUploaded);
      return update(memberId, { avatar: url });
    },

    /** Saves the three consents; `cancelled` when one of them was switched off (the client says 已成功取消!). */
    async updateSubscribe(memberId: number, consents: UpdateConsentBody): Promise<{ profile: Profile; cancelled: boolean }> {
      const before = await memberRow(memberId);
      const cancelled =
        (before.ifReceiveNejm === 1 && consents.ifReceiveNejm === 0) ||
        (before.ifReceiveJh === 1 && consents.ifReceiveJh === 0) ||
        (before.ifReceiveDsf === 1 && consents.ifReceiveDsf === 0);
      const profile = await update(memberId, {
        ifReceiveNejm: consents.ifReceiveNejm,
        ifReceiveJh: consents.ifReceiveJh,
        ifReceiveDsf: consents.ifReceiveDsf,
      });
      return { profile, cancelled };
    },

    /**
     * Changes the mobile or the e-mail to one proven by base/checkCode (codeType 1, the same new
     * mobile or e-mail). The proof is spent in the same transaction as the change, so a refused
     * change (taken by someone meanwhile) leaves it usable.
     */
    async updatePhoneNoOrEmail(memberId: number, body: UpdatePhoneNoOrEmailBody): Promise<{ profile: Profile; msg: string }> {
      const has = (v: string | undefined) => v !== undefined && v.trim() !== '';
      if (has(body.phoneNo) && has(body.email)) throw AppError.badParameter(AccountEditMessages.oneContact);
      const byEmail = !has(body.phoneNo) && body.email !== undefined;
      const column = byEmail ? members.email : members.mobile;
      const value = byEmail ? emailOf(body.email) : mobileOf(body.phoneNo);
      const constraint = byEmail ? 'members_email_key' : 'members_mobile_key';
      const taken = byEmail ? AccountEditMessages.emailTaken : AccountEditMessages.mobileTaken;

      const me = await memberRow(memberId);
      if ((byEmail ? me.email : me.mobile) === value) {
        throw AppError.badParameter(byEmail ? Messages.sameEmail : Messages.sameMobile);
      }
      const [holder] = await db.select({ id: members.id }).from(members).where(eq(column, value)).limit(1);
      if (holder) throw AppError.badParameter(taken);

      let row: MemberRow | undefined;
      try {
        row = await db.transaction(async (tx) => {
          await deps.verification.consume(body.verifyToken, { target: value, purpose: CodePurpose.change }, tx);
          const [updated] = await tx
            .update(members)
            .set(byEmail ? { email: value, updatedAt: deps.now() } : { mobile: value, updatedAt: deps.now() })
            .where(eq(members.id, memberId))
            .returning();
          return updated;
        });
      } catch (err) {
        if (isUniqueViolation(err, constraint)) throw AppError.badParameter(taken);
        throw err;
      }
      if (!row) throw AppError.noSession();
      return { profile: await toProfile(row), msg: byEmail ? AccountEditMessages.emailChanged : AccountEditMessages.mobileChanged };
    },
  };
}
