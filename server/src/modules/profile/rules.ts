// The profile rules of spec §5 and §3 Options, as shared/src/validation.ts (validateProfile) and
// shared/src/constants.ts state them for the browser; test/profile-rules.test.ts checks they agree.

import { MSG } from '../../lib/specMessages.js';

/**
 * The profile's messages: spec §5's come from the one list the apps show (MSG); the others are where
 * the spec is silent. Each role field's "please fill in / choose" message is MSG.<field>Required.
 */
export const ProfileMessages = {
  nameRequired: MSG.nameRequired,
  cityRequired: MSG.cityRequired,
  divisionRequired: MSG.divisionRequired,
  entranceYearRequired: MSG.entranceYearRequired,
  identityRequired: '请选择身份',
  cityInvalid: '所选城市不存在，请重新选择',
  entranceYearFuture: '入学年份不能晚于今年',
  saved: MSG.saveSuccess,
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

/** The message of a role field left empty or set outside its list (spec §5). */
const requiredMessage = (field: RoleField): string => MSG[`${field}Required`];

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
    if (!value) return requiredMessage(field);
    const choices = CHOICES[field];
    if (choices && !choices.includes(value)) return requiredMessage(field);
  }
  return null;
}
