// The profile rules of spec §5 and §3 Options, as shared/src/validation.ts (validateProfile) and
// shared/src/constants.ts state them for the browser; test/profile-rules.test.ts checks they agree.

export const ProfileMessages = {
  nameRequired: '请输入姓名',
  cityRequired: '请选择城市',
  hospitalRequired: '请选择医院',
  divisionRequired: '请选择科室',
  joblevelRequired: '请选择职称',
  jobnameRequired: '请选择职务',
  universityRequired: '请选择学校',
  majorsRequired: '请输入专业',
  entranceYearRequired: '请选择学年份',
  qualificationRequired: '请选择学历',
  otherCompanyRequired: '请输入单位',
  otherDepartmentRequired: '请输入部门',
  otherJobnameRequired: '请输入职务',
  // Where the spec is silent.
  identityRequired: '请选择身份',
  cityInvalid: '所选城市不存在，请重新选择',
  entranceYearFuture: '入学年份不能晚于今年',
  saved: '保存成功',
} as const;

export const IDENTITIES = ['执业医师', '医学生', '其他'] as const;
export type Identity = (typeof IDENTITIES)[number];
export const ROLE_BY_IDENTITY: Record<Identity, 0 | 1 | 5> = { 执业医师: 1, 医学生: 5, 其他: 0 };

export const JOB_LEVELS: readonly string[] = [
  '未定级（在读本科或研究生）',
  '住院医师（初级）',
  '主治医师（中级）',
  '副主任医师（副高）',
  '主任医师（正高）',
];
export const JOB_TITLES: readonly string[] = ['院长', '副院长', '科主任', '科副主任', '普通医生', '护士', '药师或职员', '其他'];
export const EDUCATIONS: readonly string[] = ['大专以下', '大专', '本科', '硕士', '博士', '博士后'];

/** The fields each identity keeps; the others are cleared when it is saved (spec §4 identity change). */
export const FIELDS_BY_IDENTITY = {
  执业医师: ['hospital', 'division', 'joblevel', 'jobname'],
  医学生: ['university', 'majors', 'entranceYear', 'qualification'],
  其他: ['otherCompany', 'otherDepartment', 'otherJobname'],
} as const satisfies Record<Identity, readonly string[]>;

export type RoleField = (typeof FIELDS_BY_IDENTITY)[Identity][number];

const REQUIRED_MESSAGE: Record<RoleField, string> = {
  hospital: ProfileMessages.hospitalRequired,
  division: ProfileMessages.divisionRequired,
  joblevel: ProfileMessages.joblevelRequired,
  jobname: ProfileMessages.jobnameRequired,
  university: ProfileMessages.universityRequired,
  majors: ProfileMessages.majorsRequired,
  entranceYear: ProfileMessages.entranceYearRequired,
  qualification: ProfileMessages.qualificationRequired,
  otherCompany: ProfileMessages.otherCompanyRequired,
  otherDepartment: ProfileMessages.otherDepartmentRequired,
  otherJobname: ProfileMessages.otherJobnameRequired,
};

/** Choices that must come from a list: a value outside it gets the field's "please choose" message. */
const CHOICES: Partial<Record<RoleField, readonly string[]>> = {
  joblevel: JOB_LEVELS,
  jobname: JOB_TITLES,
  qualification: EDUCATIONS,
};

export const isIdentity = (v: string): v is Identity => (IDENTITIES as readonly string[]).includes(v);

export interface ProfileDraft {
  identity: string;
  truename: string;
  /** Non-empty when a city was chosen. */
  city: string;
  fields: Partial<Record<RoleField, string>>;
}

/**
 * The first failing rule's message, in the form's order (name, city, then the identity's fields),
 * or null. Checks presence and list choices; region codes, the department and the year are
 * checked by the service against their data.
 */
export function firstProfileError(draft: ProfileDraft): string | null {
  if (!isIdentity(draft.identity)) return ProfileMessages.identityRequired;
  if (!draft.truename) return ProfileMessages.nameRequired;
  if (!draft.city) return ProfileMessages.cityRequired;
  for (const field of FIELDS_BY_IDENTITY[draft.identity]) {
    const value = draft.fields[field] ?? '';
    if (!value) return REQUIRED_MESSAGE[field];
    const choices = CHOICES[field];
    if (choices && !choices.includes(value)) return REQUIRED_MESSAGE[field];
  }
  return null;
}
