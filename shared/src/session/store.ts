// The one jotai store every app shares (ARCHITECTURE §3.4), and the session kept in it.
import { atom, createStore } from 'jotai';
import { SESSION_LIFETIME_MS } from '../constants';
import type { ServiceType, SessionUser } from '../types';

export const qyStore = createStore();

export interface SessionRecord {
  token: string;
  user: SessionUser;
  /** ms since epoch when the token was stored. */
  savedAt: number;
}

const STORAGE_KEY = 'qy.session';
const MEMBER_ID_KEY = 'memberId';
const TOKEN_KEY = 'token';

function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window !== 'undefined' ? window[kind] : null;
  } catch {
    return null;
  }
}

/** Reads the stored session; a record older than 6 hours counts as absent (§4 login state). */
export function readStoredSession(now = Date.now()): SessionRecord | null {
  const raw = safeStorage('localStorage')?.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const rec = JSON.parse(raw) as SessionRecord;
    if (!rec.token || !rec.user || typeof rec.savedAt !== 'number') return null;
    if (now - rec.savedAt >= SESSION_LIFETIME_MS) {
      clearStoredSession();
      return null;
    }
    return rec;
  } catch {
    return null;
  }
}

function writeStoredSession(rec: SessionRecord | null) {
  const local = safeStorage('localStorage');
  const session = safeStorage('sessionStorage');
  if (rec) {
    local?.setItem(STORAGE_KEY, JSON.stringify(rec));
    session?.setItem(TOKEN_KEY, rec.token);
    session?.setItem(MEMBER_ID_KEY, String(rec.user.id));
  } else {
    clearStoredSession();
  }
}

function clearStoredSession() {
  safeStorage('localStorage')?.removeItem(STORAGE_KEY);
  safeStorage('sessionStorage')?.removeItem(TOKEN_KEY);
  safeStorage('sessionStorage')?.removeItem(MEMBER_ID_KEY);
}

const baseSessionAtom = atom<SessionRecord | null>(readStoredSession());

/** The session (token, user, save time), persisted to storage on every write. */
export const sessionAtom = atom(
  (get) => get(baseSessionAtom),
  (_get, set, next: SessionRecord | null) => {
    writeStoredSession(next);
    set(baseSessionAtom, next);
  },
);

/** The signed-in user, or null. */
export const userAtom = atom((get) => get(sessionAtom)?.user ?? null);

/** Losing login resets the service type to 0 (§4). */
export const serviceTypeAtom = atom<ServiceType>((get) => get(sessionAtom)?.user.subscribe_info?.service_type ?? 0);

export function getSession(): SessionRecord | null {
  const rec = qyStore.get(sessionAtom);
  // Expire lazily: a tab left open longer than the lifetime must not keep using the token.
  if (rec && Date.now() - rec.savedAt >= SESSION_LIFETIME_MS) {
    qyStore.set(sessionAtom, null);
    return null;
  }
  return rec;
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

export function getMemberId(): number | undefined {
  return getSession()?.user.id;
}

export function setSession(token: string, user: SessionUser) {
  qyStore.set(sessionAtom, { token, user, savedAt: Date.now() });
}

/** Keeps the token and its save time; replaces the user (after getMemberInfo or a profile change). */
export function updateSessionUser(user: SessionUser) {
  const rec = qyStore.get(sessionAtom);
  if (rec) qyStore.set(sessionAtom, { ...rec, user });
}

/** A token found in a reply replaces the stored one (§7 intro) and restarts its lifetime. */
export function storeReplyToken(token: string) {
  const rec = qyStore.get(sessionAtom);
  if (rec && rec.token !== token) qyStore.set(sessionAtom, { ...rec, token, savedAt: Date.now() });
}

export function clearSession() {
  qyStore.set(sessionAtom, null);
}

// Another tab logging in or out updates this one.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEY) qyStore.set(baseSessionAtom, readStoredSession());
  });
}
