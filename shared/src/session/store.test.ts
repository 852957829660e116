import { SESSION_LIFETIME_MS } from '../constants';
import type { SessionUser } from '../types';
import {
  clearSession,
  getMemberId,
  getSession,
  getToken,
  qyStore,
  readStoredSession,
  serviceTypeAtom,
  sessionAtom,
  setSession,
  updateSessionUser,
} from './store';
import { closeDialog, dialogAtom, notifyLoggedIn, onLoggedIn, openLoginDialog } from './dialogs';

const member: SessionUser = {
  id: 42,
  membername: 'demo_member',
  truename: '陈医生',
  identity: '执业医师',
  roleid: 1,
  avatar: '',
  subscribe_info: { service_type: 2, service_end_date: '2027-11-21T00:00:00.000Z' },
  ifNeedUpdate: 0,
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  qyStore.set(sessionAtom, null);
  jest.useRealTimers();
});

describe('session (§4 login state)', () => {
  it('keeps token and user with their save time, and memberId in session storage', () => {
    setSession('tok', member);
    expect(getToken()).toBe('tok');
    expect(getMemberId()).toBe(42);
    expect(sessionStorage.getItem('memberId')).toBe('42');
    expect(sessionStorage.getItem('token')).toBe('tok');
    const stored = JSON.parse(localStorage.getItem('qy.session') as string);
    expect(stored).toMatchObject({ token: 'tok', user: { id: 42 } });
    expect(typeof stored.savedAt).toBe('number');
  });

  it('treats a session saved 6 hours ago as absent', () => {
    const savedAt = Date.now() - SESSION_LIFETIME_MS;
    localStorage.setItem('qy.session', JSON.stringify({ token: 't', user: member, savedAt }));
    expect(readStoredSession()).toBeNull();
    expect(localStorage.getItem('qy.session')).toBeNull();
  });

  it('keeps a session saved just under 6 hours ago', () => {
    const savedAt = Date.now() - SESSION_LIFETIME_MS + 60_000;
    localStorage.setItem('qy.session', JSON.stringify({ token: 't', user: member, savedAt }));
    expect(readStoredSession()?.token).toBe('t');
  });

  it('expires an open session once its lifetime has passed', () => {
    jest.useFakeTimers({ now: new Date('2026-11-21T08:00:00Z') });
    setSession('tok', member);
    jest.setSystemTime(new Date('2026-11-21T14:00:01Z'));
    expect(getSession()).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('resets the service type to 0 when the login is lost', () => {
    setSession('tok', member);
    expect(qyStore.get(serviceTypeAtom)).toBe(2);
    clearSession();
    expect(qyStore.get(serviceTypeAtom)).toBe(0);
    expect(sessionStorage.getItem('memberId')).toBeNull();
  });

  it('replaces the user but keeps the token', () => {
    setSession('tok', member);
    updateSessionUser({ ...member, truename: '陈主任' });
    expect(getSession()).toMatchObject({ token: 'tok', user: { truename: '陈主任' } });
  });
});

describe('dialogs from any app (§3.4)', () => {
  it('opens and closes the login dialog through the shared store', () => {
    openLoginDialog();
    expect(qyStore.get(dialogAtom)?.name).toBe('login');
    closeDialog();
    expect(qyStore.get(dialogAtom)).toBeNull();
  });
  it('tells subscribers about a login until they unsubscribe', () => {
    const seen: number[] = [];
    const off = onLoggedIn(() => seen.push(1));
    notifyLoggedIn();
    off();
    notifyLoggedIn();
    expect(seen).toEqual([1]);
  });
});
