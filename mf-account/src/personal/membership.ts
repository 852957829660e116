// Pure rules of the personal centre: membership state (§3 service types, §4 Membership),
// identity labels (§3 Options) and the masked mobile number.
import { formatDate, type RoleId, type SessionUser, type SubscribeInfo } from '@qianyan/shared';
import { ACCOUNT_MSG } from '../messages';

export type MembershipState =
  | { kind: 'member'; endDate: string; title: string }
  | { kind: 'expired'; endDate: string }
  | { kind: 'none' };

/** Expired: service type 6, or an end date that has passed (§4 Membership). */
export function isMembershipExpired(info: SubscribeInfo | undefined | null, now: number = Date.now()): boolean {
  if (!info) return false;
  if (info.service_type === 6) return true;
  if (!info.service_end_date) return false;
  const end = Date.parse(info.service_end_date);
  return Number.isFinite(end) && end <= now;
}

export function membershipState(
  user: Pick<SessionUser, 'subscribe_info' | 'subscribePo'>,
  now: number = Date.now(),
): MembershipState {
  const info = user.subscribe_info;
  const endDate = formatDate(info?.service_end_date ?? null);
  if (isMembershipExpired(info, now)) return { kind: 'expired', endDate };
  const type = info?.service_type ?? 0;
  if (type >= 1 && type <= 4) return { kind: 'member', endDate, title: user.subscribePo?.serviceTitle ?? '' };
  return { kind: 'none' };
}

/** 会员 · 到期时间 2027-05-01 / 已过期 / 普通用户 */
export function membershipText(state: MembershipState): string {
  switch (state.kind) {
    case 'member': {
      const name = state.title ? `${ACCOUNT_MSG.member}（${state.title}）` : ACCOUNT_MSG.member;
      return state.endDate ? `${name}，${ACCOUNT_MSG.endDate} ${state.endDate}` : name;
    }
    case 'expired':
      return state.endDate ? `${ACCOUNT_MSG.expired}（${ACCOUNT_MSG.endDate} ${state.endDate}）` : ACCOUNT_MSG.expired;
    default:
      return ACCOUNT_MSG.regularUser;
  }
}

/**
 * Identity by roleid: 1 执业医师, 5 医学生, 0 其他. roleid 0 is also what a member who has not
 * chosen an identity yet carries (identity ''), so that case says so instead of claiming 其他.
 */
export function identityLabel(roleid: RoleId | number | undefined, identity?: string): string {
  if (roleid === 1) return ACCOUNT_MSG.identityDoctor;
  if (roleid === 5) return ACCOUNT_MSG.identityStudent;
  return identity ? ACCOUNT_MSG.identityOther : ACCOUNT_MSG.identityUnset;
}

/** 13800000001 → 138****0001; other lengths keep a third at each end. */
export function maskMobile(mobile: string | null | undefined): string {
  const m = (mobile ?? '').trim();
  if (!m) return '';
  if (m.length === 11) return `${m.slice(0, 3)}****${m.slice(7)}`;
  if (m.length <= 4) return '*'.repeat(m.length);
  const keep = Math.max(1, Math.floor(m.length / 3));
  return `${m.slice(0, keep)}${'*'.repeat(m.length - keep * 2)}${m.slice(-keep)}`;
}

/** The avatar placeholder: the first character of the real name, else of the username. */
export function initialOf(user: Pick<SessionUser, 'truename' | 'membername'>): string {
  const name = (user.truename || user.membername || '').trim();
  return name ? Array.from(name)[0]! : '?';
}
