import Type, { type Static, type TSchema } from 'typebox';
import { Envelope } from '../../lib/envelope.js';
import { IdList, IntEnum, OneOf, PageResultSchema, pageQueryProperties, Ymd } from '../../lib/lists.js';
import { SubscribeInfo } from '../account/schemas.js';
import { LessonCard } from '../courses/schemas.js';

const flag = IntEnum([0, 1] as const);

/** The full profile (spec §3 Profile); mirrors Profile of shared/src/types.ts. */
export const Profile = Type.Object({
  id: Type.Integer(),
  membername: Type.String(),
  truename: Type.String(),
  avatar: Type.String(),
  mobile: Type.String(),
  email: Type.String(),
  roleid: IntEnum([0, 1, 5] as const, { description: 'doctor 1, student 5, other 0' }),
  identity: Type.String({ description: "'' | 执业医师 | 医学生 | 其他" }),
  provinceId: Type.String({ description: "GB/T 2260 code, '' when none" }),
  cityId: Type.String(),
  districtId: Type.String(),
  cityidspliter: Type.String({ description: 'e.g. 110000,110100,110101' }),
  cityName: Type.String({ description: 'e.g. 北京市/市辖区/东城区' }),
  hospital: Type.String(),
  division: Type.String({ description: 'A leaf of the department tree' }),
  joblevel: Type.String(),
  jobname: Type.String(),
  university: Type.String(),
  majors: Type.String(),
  entranceYear: Type.String({ description: "YYYY, '' when not set" }),
  qualification: Type.String(),
  otherCompany: Type.String(),
  otherDepartment: Type.String(),
  otherJobname: Type.String(),
  important: Type.String(),
  ifReceiveNejm: flag,
  ifReceiveJh: flag,
  ifReceiveDsf: flag,
  emailUnsubscribe: IntEnum([0, 1] as const, { description: '1 only when all three consents are off' }),
  ifNeedUpdate: flag,
  subscribePo: Type.Object({ serviceTitle: Type.String(), serviceEndDate: Type.Union([Type.String(), Type.Null()]) }),
  subscribe_info: SubscribeInfo,
});
export type Profile = Static<typeof Profile>;

export const ProfileResponse = { 200: Envelope(Profile) };

const text = (maxLength: number, label: string, description?: string) =>
  Type.Optional(Type.String({ maxLength, errorMessage: `${label}不能超过${maxLength}个字`, ...(description ? { description } : {}) }));
/** A mailing consent (spec §3 ifReceiveNejm, ifReceiveJh, ifReceiveDsf): 1 ticked, 0 not. */
const consent = (description: string) => OneOf([0, 1] as const, { description, errorMessage: '订阅选项不正确' });
/** The three consents, each with the schema `field` makes for consent 1, 2 or 3. */
const consents = <T extends TSchema>(field: (n: 1 | 2 | 3) => T) => ({
  ifReceiveNejm: field(1),
  ifReceiveJh: field(2),
  ifReceiveDsf: field(3),
});

/** POST /user/completeUserInfo (roleid comes from identity; memberId and unknown fields are ignored). */
export const CompleteUserInfoBody = Type.Object(
  {
    truename: text(32, '姓名'),
    identity: text(8, '身份', '执业医师, 医学生 or 其他'),
    provinceId: text(12, '省份编号'),
    cityId: text(12, '城市编号'),
    districtId: text(12, '区县编号'),
    hospital: text(64, '医院名称'),
    division: text(32, '科室'),
    joblevel: text(32, '职称'),
    jobname: text(32, '职务'),
    university: text(64, '学校名称'),
    majors: text(32, '专业'),
    entranceYear: Type.Optional(
      Type.String({ maxLength: 4, description: 'YYYY, not after this year', errorMessage: '请选择学年份' }),
    ),
    qualification: text(32, '学历'),
    otherCompany: text(64, '单位'),
    otherDepartment: text(32, '部门'),
    otherJobname: text(32, '职务'),
    important: text(500, '备注'),
    ...consents((n) => Type.Optional(consent(`Consent ${n}; absent keeps the saved value`))),
  },
  { additionalProperties: true },
);
export type CompleteUserInfoBody = Static<typeof CompleteUserInfoBody>;

export const UpdateSignAccountBody = Type.Object(
  { membername: Type.Optional(Type.String({ maxLength: 64, errorMessage: '用户名长度应为2到20个字符' })) },
  { additionalProperties: true },
);

export const UpdateAvatarBody = Type.Object(
  { avatar: Type.Optional(Type.String({ maxLength: 1024, errorMessage: '请先上传头像图片' })) },
  { additionalProperties: true },
);

export const UpdateConsentBody = Type.Object(consents(() => consent('1 ticked, 0 not')), { additionalProperties: true });
export type UpdateConsentBody = Static<typeof UpdateConsentBody>;

export const UpdatePhoneNoOrEmailBody = Type.Object(
  {
    phoneNo: Type.Optional(Type.String({ maxLength: 32, errorMessage: '手机输入不正确，请重新输入' })),
    email: Type.Optional(Type.String({ maxLength: 254, errorMessage: '邮箱输入不正确，请重新输入' })),
    verifyToken: Type.Optional(Type.String({ maxLength: 256, errorMessage: '验证已失效，请重新获取验证码' })),
  },
  { additionalProperties: true },
);
export type UpdatePhoneNoOrEmailBody = Static<typeof UpdatePhoneNoOrEmailBody>;

/** POST /user/selectMyFavLesson and selectMyReadLesson (MyListQuery). */
export const MyLessonListBody = Type.Object(
  {
    ...pageQueryProperties,
    startDate: Ymd('YYYYMMDD (Asia/Shanghai): collected or last viewed from this day, with endDate'),
    endDate: Ymd('YYYYMMDD (Asia/Shanghai): collected or last viewed up to this day, with startDate'),
    subjectSerType: IdList('Course types: 1 single video, 2 video series, 3 list card, 4 image-text, 5 image-text series', '课程类型不正确'),
    articleClassIds: IdList('Disease-area class ids', '专业领域编号格式不正确'),
    sourceIds: Type.Optional(Type.Unknown({ description: 'Ignored (article lists only)' })),
    memberId: Type.Optional(Type.Unknown({ description: 'Ignored: the caller is taken from the token' })),
  },
  { additionalProperties: true },
);
export type MyLessonListBody = Static<typeof MyLessonListBody>;

export const MyLessonListResponse = { 200: Envelope(PageResultSchema(LessonCard)) };
