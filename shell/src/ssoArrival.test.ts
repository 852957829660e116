import { api, clearSession, closeDialog, dialogAtom, getSession, qyStore, type SessionUser } from '@qianyan/shared';
import { settleSsoArrival } from './ssoArrival';
import { sessionUser } from '@qianyan/shared/testing';

const user: SessionUser = sessionUser({ id: 9, membername: 'sso_doctor', truename: '林医生', identity: '执业医师', roleid: 1 });

beforeEach(() => {
  clearSession();
  closeDialog();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('shell single sign-on arrival', () => {
  it('logs in from the ticket on any page before the apps start, and cleans the address bar', async () => {
    window.history.replaceState(null, '', '/nejm-list?type=1&nejmjmedssodata=abc');
    jest.spyOn(api.authLogin, 'login').mockResolvedValue({ ...user, token: 't-9' });
    await settleSsoArrival();
    expect(getSession()?.user.membername).toBe('sso_doctor');
    expect(`${location.pathname}${location.search}`).toBe('/nejm-list?type=1');
  });

  it('does not hold the apps back longer than the wait when the server is slow', async () => {
    jest.useFakeTimers();
    window.history.replaceState(null, '', '/index?nejmjmedssodata=slow');
    jest.spyOn(api.authLogin, 'login').mockReturnValue(new Promise(() => {}));
    const settled = jest.fn();
    void settleSsoArrival(1000).then(settled);
    await jest.advanceTimersByTimeAsync(999);
    expect(settled).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalled();
    expect(location.search).toBe('');
  });

  it('opens the login popup when the ticket is refused', async () => {
    window.history.replaceState(null, '', '/index?nejmjmedssodata=bad');
    jest.spyOn(api.authLogin, 'login').mockRejectedValue(new Error('refused'));
    await settleSsoArrival();
    expect(qyStore.get(dialogAtom)).toEqual({ name: 'login' });
  });
});
