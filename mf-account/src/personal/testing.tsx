// Test helpers for the personal centre: a member fixture and the app rendered at a URL.
import { AppProviders, type SessionUser } from '@qianyan/shared';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AccountRoutes } from '../App';

export function member(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 2,
    membername: 'demo_member',
    truename: '周明远',
    identity: '医学生',
    roleid: 5,
    avatar: '',
    mobile: '13800000002',
    email: 'demo_member@example.com',
    subscribe_info: { service_type: 2, service_end_date: '2099-05-01T00:00:00.000Z' },
    subscribePo: { serviceEndDate: '2099-05-01T00:00:00.000Z', serviceTitle: '年度会员' },
    ifNeedUpdate: 0,
    ...overrides,
  };
}

function Location() {
  const loc = useLocation();
  return <output data-testid="location">{loc.pathname + loc.search}</output>;
}

export function renderAt(url: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>
        <AccountRoutes />
        <Location />
      </MemoryRouter>
    </AppProviders>,
  );
}
