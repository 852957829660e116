import { makeUser } from './testUtils';
import { displayName, membershipLine } from './member';

const now = new Date('2026-06-01T00:00:00Z');

describe('membership line', () => {
  it('shows the end date for an active plan', () => {
    const user = makeUser({ subscribe_info: { service_type: 4, service_end_date: '2027-05-31T16:00:00.000Z' } });
    expect(membershipLine(user, now)).toMatch(/^会员 · 有效期至 2027-0[56]-\d\d$/);
  });

  it('falls back to subscribePo.serviceEndDate', () => {
    const user = makeUser({
      subscribe_info: { service_type: 1, service_end_date: null },
      subscribePo: { serviceEndDate: '2026-07-01' },
    });
    expect(membershipLine(user, now)).toBe('会员 · 有效期至 2026-07-01');
  });

  it('says 普通用户 without a plan and 会员已过期 after it ended', () => {
    expect(membershipLine(makeUser({ subscribe_info: { service_type: 0, service_end_date: null } }), now)).toBe(
      '普通用户',
    );
    expect(membershipLine(makeUser({ subscribe_info: { service_type: 6, service_end_date: null } }), now)).toBe(
      '会员已过期',
    );
    expect(
      membershipLine(makeUser({ subscribe_info: { service_type: 2, service_end_date: '2026-05-01' } }), now),
    ).toBe('会员已过期');
  });
});

describe('display name', () => {
  it('prefers the member name, then the real name', () => {
    expect(displayName(makeUser({ membername: 'dr_wang', truename: '王明' }))).toBe('dr_wang');
    expect(displayName(makeUser({ membername: ' ', truename: '王明' }))).toBe('王明');
    expect(displayName(makeUser({ membername: '', truename: '' }))).toBe('用户');
  });
});
