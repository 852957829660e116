// How the header describes the signed-in user.
import { formatDate, type SessionUser } from '@qianyan/shared/core';
import dayjs from 'dayjs';
import { CHROME_MSG } from './messages';

export function displayName(user: SessionUser): string {
  return user.membername?.trim() || user.truename?.trim() || CHROME_MSG.user.fallbackName;
}

/** 会员 until the end date, 会员已过期, or 普通用户 (service type 0). */
export function membershipLine(user: SessionUser, now: Date = new Date()): string {
  const type = user.subscribe_info?.service_type ?? 0;
  if (type === 0) return CHROME_MSG.user.normal;
  const end = user.subscribe_info?.service_end_date ?? user.subscribePo?.serviceEndDate ?? null;
  if (type === 6 || (end && dayjs(end).isBefore(now))) return CHROME_MSG.user.expired;
  return end ? CHROME_MSG.user.memberUntil(formatDate(end)) : CHROME_MSG.user.member;
}
