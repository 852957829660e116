import { identityLabel, initialOf, isMembershipExpired, maskMobile, membershipState, membershipText } from './membership';

const now = Date.parse('2026-05-01T00:00:00Z');

describe('membership state', () => {
  it('counts service type 6 as expired', () => {
    expect(isMembershipExpired({ service_type: 6, service_end_date: null }, now)).toBe(true);
  });

  it('counts an end date in the past as expired, and a future one as active', () => {
    expect(isMembershipExpired({ service_type: 3, service_end_date: '2026-04-30T23:59:59Z' }, now)).toBe(true);
    expect(isMembershipExpired({ service_type: 3, service_end_date: '2026-05-02T00:00:00Z' }, now)).toBe(false);
  });

  it('does not call a user who never subscribed expired', () => {
    expect(isMembershipExpired({ service_type: 0, service_end_date: null }, now)).toBe(false);
    expect(membershipText(membershipState({ subscribe_info: { service_type: 0, service_end_date: null } }, now))).toBe(
      '普通用户',
    );
  });

  it('describes members 1–4 with their end date as YYYY-MM-DD', () => {
    const state = membershipState(
      { subscribe_info: { service_type: 4, service_end_date: '2027-01-15T04:00:00Z' }, subscribePo: { serviceEndDate: null, serviceTitle: '连续包年' } },
      now,
    );
    expect(state).toEqual({ kind: 'member', endDate: '2027-01-15', title: '连续包年' });
    expect(membershipText(state)).toBe('会员（连续包年），到期时间 2027-01-15');
  });

  it('says 已过期 for service type 6', () => {
    expect(
      membershipText(membershipState({ subscribe_info: { service_type: 6, service_end_date: '2026-01-15T04:00:00Z' } }, now)),
    ).toBe('已过期（到期时间 2026-01-15）');
  });
});

describe('identity and display helpers', () => {
  it('labels roleid 1, 5 and 0', () => {
    expect(identityLabel(1, '执业医师')).toBe('执业医师');
    expect(identityLabel(5, '医学生')).toBe('医学生');
    expect(identityLabel(0, '其他')).toBe('其他');
  });

  it('does not claim 其他 for a member who has not chosen an identity', () => {
    expect(identityLabel(0, '')).toBe('身份未完善');
  });

  it('masks the middle four digits of a mobile number', () => {
    expect(maskMobile('13800000001')).toBe('138****0001');
    expect(maskMobile('')).toBe('');
  });

  it('uses the first character of the real name, else of the username', () => {
    expect(initialOf({ truename: '周明远', membername: 'demo_member' })).toBe('周');
    expect(initialOf({ truename: '', membername: 'demo_reader' })).toBe('d');
  });
});
