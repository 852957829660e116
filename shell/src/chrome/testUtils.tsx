// Helpers for the chrome's tests: a clean session, the page's mount points, a signed-in user.
import { render } from '@testing-library/react';
import { api, clearSession, closeDialog, setSession, type SessionUser } from '@qianyan/shared';
import { StoreProvider } from '@qianyan/shared/lifecycles';
import { sessionUser } from '@qianyan/shared/testing';
import { act } from 'react';
import { ChromeApp } from './ChromeApp';

export const CLASSES = [
  { id: 4, classname: '心脑血管', code: 10, num: 3, xcxIconSe: '' },
  { id: 2, classname: '肿瘤', code: 20, num: 1, xcxIconSe: '' },
  { id: 9, classname: '感染', code: 70, num: 0, xcxIconSe: '' },
];

/** A signed-in doctor with a yearly membership; `overrides` changes any field. */
export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return sessionUser({
    id: 42,
    membername: '王医生',
    truename: '王明',
    identity: '执业医师',
    roleid: 1,
    subscribe_info: { service_type: 2, service_end_date: '2099-12-31T00:00:00.000Z' },
    ...overrides,
  });
}

export function signIn(user: SessionUser = makeUser()) {
  act(() => setSession('token-abc', user));
}

/** Resets everything the chrome keeps between tests and puts the page at `path`. */
export function resetChrome(path = '/index') {
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  act(() => {
    clearSession();
    closeDialog();
  });
  window.localStorage.clear();
  window.history.pushState(null, '', path);
  // Leave the rest of <body> alone: antd's toasts and modals remove their own nodes later.
  if (!document.getElementById('qy-footer')) {
    const footer = document.createElement('div');
    footer.id = 'qy-footer';
    document.body.appendChild(footer);
  }
}

export function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

export function renderChrome() {
  return render(
    <StoreProvider>
      <ChromeApp />
    </StoreProvider>,
  );
}

export const here = () => `${window.location.pathname}${window.location.search}`;

/**
 * The chrome tests' common ground: each starts at /index on a desktop width with the article classes
 * answered, and its spies are undone after it. Call once at the top of a test file.
 */
export function chromeTestSetup() {
  beforeEach(() => {
    resetChrome('/index');
    setWidth(1440);
    jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
  });
  afterEach(() => jest.restoreAllMocks());
}
