import { api } from './api';
import { closeDialog, dialogAtom, onLoggedIn } from './session/dialogs';
import { clearSession, getMemberId, getSession, qyStore, setSession } from './session/store';
import { completeSsoArrival, withoutSsoTicket, withSsoToken } from './sso';
import type { SessionUser } from './types';
import { sessionUser } from './testing';

const user: SessionUser = sessionUser({ membername: 'sso_reader' });

beforeEach(() => {
  clearSession();
  closeDialog();
  window.history.replaceState(null, '', '/');
});
afterEach(() => jest.restoreAllMocks());

describe('single sign-on arrival (§4)', () => {
  it('exchanges the ticket, stores the user with the member id, cleans the address bar and tells the apps', async () => {
    window.history.replaceState(null, '', '/article-info?permalinks=abc&nejmjmedssodata=T%2B1&share=1#refs');
    const login = jest.spyOn(api.authLogin, 'login').mockResolvedValue({ ...user, token: 'tok-sso' });
    const loggedIn = jest.fn();
    const off = onLoggedIn(loggedIn);
    const pending = completeSsoArrival();
    // The ticket leaves the address bar before the exchange answers.
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/article-info?permalinks=abc&share=1#refs');
    await expect(pending).resolves.toBe(true);
    off();
    expect(login).toHaveBeenCalledWith('T+1', { silent: true });
    expect(getSession()?.token).toBe('tok-sso');
    expect(getMemberId()).toBe(7);
    expect(sessionStorage.getItem('memberId')).toBe('7');
    expect(loggedIn).toHaveBeenCalledTimes(1);
    expect(qyStore.get(dialogAtom)).toBeNull();
  });

  it('opens the login popup when the exchange fails, with the ticket gone from the address bar', async () => {
    window.history.replaceState(null, '', '/course-video?nejmjmedssodata=used&id=3');
    jest.spyOn(api.authLogin, 'login').mockRejectedValue(new Error('10002'));
    await expect(completeSsoArrival()).resolves.toBe(false);
    expect(qyStore.get(dialogAtom)).toEqual({ name: 'login' });
    expect(getSession()).toBeNull();
    expect(`${location.pathname}${location.search}`).toBe('/course-video?id=3');
  });

  it('does nothing on a page without a ticket', async () => {
    window.history.replaceState(null, '', '/index?x=1');
    const login = jest.spyOn(api.authLogin, 'login');
    await expect(completeSsoArrival()).resolves.toBeNull();
    expect(login).not.toHaveBeenCalled();
    expect(`${location.pathname}${location.search}`).toBe('/index?x=1');
  });

  it('removes only the ticket, keeping the rest of the link', () => {
    expect(withoutSsoTicket('/a?nejmjmedssodata=x')).toBe('/a');
    expect(withoutSsoTicket('/a?b=1&nejmjmedssodata=x&c=2#h')).toBe('/a?b=1&c=2#h');
  });
});

describe('withSsoToken (outside links)', () => {
  it('leaves the link alone when logged out, without asking the server', async () => {
    const getToken = jest.spyOn(api.authLogin, 'getToken');
    await expect(withSsoToken('https://learn.example.com/c/1')).resolves.toBe('https://learn.example.com/c/1');
    expect(getToken).not.toHaveBeenCalled();
  });

  it('appends a fresh ticket when logged in, keeping query and hash', async () => {
    setSession('tok', user);
    jest.spyOn(api.authLogin, 'getToken').mockResolvedValue({ result: 'a b&c' });
    await expect(withSsoToken('https://learn.example.com/c/1')).resolves.toBe(
      'https://learn.example.com/c/1?nejmjmedssodata=a%20b%26c',
    );
    await expect(withSsoToken('https://learn.example.com/c?id=1#top')).resolves.toBe(
      'https://learn.example.com/c?id=1&nejmjmedssodata=a%20b%26c#top',
    );
  });

  it('replaces an old ticket already in the link', async () => {
    setSession('tok', user);
    jest.spyOn(api.authLogin, 'getToken').mockResolvedValue({ result: 'new' });
    await expect(withSsoToken('https://x.example/p?nejmjmedssodata=old&k=v')).resolves.toBe(
      'https://x.example/p?k=v&nejmjmedssodata=new',
    );
  });

  it('keeps the plain link when no ticket can be had', async () => {
    setSession('tok', user);
    jest.spyOn(api.authLogin, 'getToken').mockRejectedValue(new Error('down'));
    await expect(withSsoToken('https://x.example/p')).resolves.toBe('https://x.example/p');
  });
});
