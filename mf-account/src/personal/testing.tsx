// Test helpers for the personal centre: a member fixture and the app rendered at a URL.
import type { SessionUser } from '@qianyan/shared';
import { renderAt as renderInRouter, sessionUser } from '@qianyan/shared/testing';
import { AccountRoutes } from '../App';

/** A yearly member with a complete profile; `overrides` changes any field. */
export function member(overrides: Partial<SessionUser> = {}): SessionUser {
  return sessionUser({
    id: 2,
    membername: 'demo_member',
    truename: '周明远',
    identity: '医学生',
    roleid: 5,
    mobile: '13800000002',
    email: 'demo_member@example.com',
    subscribe_info: { service_type: 2, service_end_date: '2099-05-01T00:00:00.000Z' },
    subscribePo: { serviceEndDate: '2099-05-01T00:00:00.000Z', serviceTitle: '年度会员' },
    ...overrides,
  });
}

/** The account app at `url`, with the current location shown (data-testid="location"). */
export const renderAt = (url: string) => renderInRouter(url, <AccountRoutes />);
