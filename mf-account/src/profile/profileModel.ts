// The profile form's model (§2.8, §3 Profile, §5): form values ⇄ Profile / completeUserInfo body,
// the identity rules and the year picker's limits. Pure functions, so the rules are tested directly.
import {
  IDENTITY_OPTIONS,
  PROFILE_ROLE_FIELDS,
  ROLE_BY_IDENTITY,
  validateProfile,
  type CompleteUserInfoBody,
  type Identity,
  type Profile,
  type ProfileDraft,
  type ProfileRoleField,
  type ProfileRoleText,
  type RegionNode,
} from '@qianyan/shared';
import dayjs, { type Dayjs } from 'dayjs';

/** What the antd form holds. `city` is the cascader path of region codes (province, city, district). */
export interface ProfileFormValues extends ProfileRoleText {
  identity: Identity;
  truename: string;
  city: string[];
  entranceYear?: Dayjs | null;
  ifReceiveNejm: boolean;
  ifReceiveJh: boolean;
  ifReceiveDsf: boolean;
}

/** The fields that belong to one identity; an identity change clears all of them (§4). */
export const ROLE_FIELDS = PROFILE_ROLE_FIELDS satisfies readonly (keyof ProfileFormValues)[];

/** A member without an identity yet starts as a practising doctor, the first choice (§3 Options). */
export const DEFAULT_IDENTITY: Identity = IDENTITY_OPTIONS[0];

export function isIdentity(v: unknown): v is Identity {
  return (IDENTITY_OPTIONS as readonly unknown[]).includes(v);
}

/**
 * What an identity change leaves (§4): the name and the city stay, every role field is reset.
 * The consents are not part of an identity, so they stay too.
 */
export function identityChangeReset(): Record<ProfileRoleField, undefined> {
  return Object.fromEntries(ROLE_FIELDS.map((f) => [f, undefined])) as Record<ProfileRoleField, undefined>;
}

/** Entrance years: no year after the current one (§5). */
export function isFutureYear(year: Dayjs, now: Dayjs = dayjs()): boolean {
  return year.year() > now.year();
}

const consent = (v: 0 | 1 | undefined) => v !== 0;

/** Initial form values from a (partial) profile; consents default ticked (§2.8). */
export function toFormValues(initial: Partial<Profile> = {}): ProfileFormValues {
  const city = [initial.provinceId, initial.cityId, initial.districtId].filter((c): c is string => !!c);
  const year = initial.entranceYear ? dayjs(`${initial.entranceYear}-01-01`) : null;
  const values: ProfileFormValues = {
    identity: isIdentity(initial.identity) ? initial.identity : DEFAULT_IDENTITY,
    truename: initial.truename ?? '',
    city,
    ifReceiveNejm: consent(initial.ifReceiveNejm),
    ifReceiveJh: consent(initial.ifReceiveJh),
    ifReceiveDsf: consent(initial.ifReceiveDsf),
    entranceYear: year && year.isValid() ? year : null,
  };
  for (const f of ROLE_FIELDS) {
    if (f === 'entranceYear') continue;
    const v = initial[f];
    if (v) values[f] = v;
  }
  return values;
}

/** The draft the shared §5 rules read. */
export function toDraft(values: Partial<ProfileFormValues>): ProfileDraft {
  return {
    identity: values.identity,
    truename: values.truename,
    city: (values.city ?? []).join(','),
    hospital: values.hospital,
    division: values.division,
    joblevel: values.joblevel,
    jobname: values.jobname,
    university: values.university,
    majors: values.majors,
    entranceYear: values.entranceYear ? values.entranceYear.format('YYYY') : '',
    qualification: values.qualification,
    otherCompany: values.otherCompany,
    otherDepartment: values.otherDepartment,
    otherJobname: values.otherJobname,
  };
}

/** The §5 message for one field given the whole form, or null. */
export function profileFieldError(values: Partial<ProfileFormValues>, field: keyof ProfileDraft): string | null {
  return validateProfile(toDraft(values))[field] ?? null;
}

/** The completeUserInfo body: only the chosen identity's fields are sent filled, the rest ''. */
export function toCompleteUserInfoBody(values: ProfileFormValues): CompleteUserInfoBody {
  const [provinceId = '', cityId = '', districtId = ''] = values.city ?? [];
  const trim = (v: string | undefined) => (v ?? '').trim();
  const doctor = values.identity === '执业医师';
  const student = values.identity === '医学生';
  const other = values.identity === '其他';
  return {
    truename: trim(values.truename),
    identity: values.identity,
    provinceId,
    cityId,
    districtId,
    hospital: doctor ? trim(values.hospital) : '',
    division: doctor ? trim(values.division) : '',
    joblevel: doctor ? trim(values.joblevel) : '',
    jobname: doctor ? trim(values.jobname) : '',
    university: student ? trim(values.university) : '',
    majors: student ? trim(values.majors) : '',
    entranceYear: student && values.entranceYear ? values.entranceYear.format('YYYY') : '',
    qualification: student ? trim(values.qualification) : '',
    otherCompany: other ? trim(values.otherCompany) : '',
    otherDepartment: other ? trim(values.otherDepartment) : '',
    otherJobname: other ? trim(values.otherJobname) : '',
    ifReceiveNejm: values.ifReceiveNejm ? 1 : 0,
    ifReceiveJh: values.ifReceiveJh ? 1 : 0,
    ifReceiveDsf: values.ifReceiveDsf ? 1 : 0,
  };
}

export const roleIdOf = (identity: Identity) => ROLE_BY_IDENTITY[identity] ?? 0;

/** Province and city codes of a chosen path: hospitals and universities are listed by city. */
export function cityCodes(city: string[] | undefined): { p_code: string; c_code: string } | null {
  if (!city || city.length < 2) return null;
  return { p_code: city[0]!, c_code: city[1]! };
}

/** The joined name path of a region code path ("北京市/市辖区/东城区"). */
export function regionNamePath(tree: RegionNode[], codes: string[]): string {
  const names: string[] = [];
  let level: RegionNode[] | undefined = tree;
  for (const code of codes) {
    const node: RegionNode | undefined = level?.find((n) => n.code === code);
    if (!node) break;
    names.push(node.name);
    level = node.children;
  }
  return names.join('/');
}
