// Whose copy the kept replies are: a device keeps one reader's copy of the week. Loaded with the
// shell (small, no service worker code), so a logout deletes a member's kept text at once, even
// before the rest of offline reading has loaded.
import { getMemberId, getToken, qyStore, sessionAtom } from '@qianyan/shared/core';
import { CACHES, type WorkerMessage } from './policy';

/** What was last kept, in local storage (keeper.ts writes it). */
export const KEPT_KEY = 'qy.offline';

/** The reader a copy is kept for: 'visitor', or the member id of the session. */
export const currentReader = (): string => (getToken() ? String(getMemberId() ?? 'reader') : 'visitor');

export function readKept<T extends { reader: string }>(): T | null {
  try {
    const raw = window.localStorage.getItem(KEPT_KEY);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Deletes every kept API reply (a member's text among them) and the note of the kept week. */
export async function clearPrivate(): Promise<void> {
  try {
    window.localStorage.removeItem(KEPT_KEY);
  } catch {
    // storage off
  }
  const message: WorkerMessage = { type: 'qy-clear-private' };
  navigator.serviceWorker?.controller?.postMessage(message);
  if (typeof caches !== 'undefined') await caches.delete(CACHES.api);
}

/**
 * Keeps the kept replies one reader's: a copy kept for someone else than the current reader (a
 * logout in another tab, an expired session) goes at start, and a logout or another login deletes
 * the previous reader's copy at once. `onLogin` runs after a login (keep the week as this reader may
 * read it). Returns the unsubscribe.
 */
export function watchReader(onLogin: () => void): () => void {
  const kept = readKept();
  if (kept && kept.reader !== 'visitor' && kept.reader !== currentReader()) void clearPrivate();
  let token = qyStore.get(sessionAtom)?.token ?? null;
  return qyStore.sub(sessionAtom, () => {
    const next = qyStore.get(sessionAtom)?.token ?? null;
    if (next === token) return;
    const previous = token;
    token = next;
    void (previous ? clearPrivate() : Promise.resolve()).then(() => {
      if (next) onLogin();
    });
  });
}
