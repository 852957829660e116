// How the shell waits for a remote: a loading state at once, a few seconds per attempt (the
// federation runtime's own limit is 20 s), one retry after a pause with the remote's entry read
// afresh, and one request at a time per module however many widgets ask for it.

/** One attempt to load a remote module may take this long before it counts as failed. */
export const REMOTE_ATTEMPT_MS = 5000;
/** The pause before the one retry. */
export const RETRY_BACKOFF_MS = 800;
export const REMOTE_LOADING_TEXT = '正在加载…';

export class RemoteTimeoutError extends Error {
  constructor(id: string, ms: number) {
    super(`${id}: no answer within ${ms} ms`);
    this.name = 'RemoteTimeoutError';
  }
}

export function withTimeout<T>(work: Promise<T>, ms: number, id: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteTimeoutError(id, ms)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RetryOptions {
  attemptMs?: number;
  backoffMs?: number;
}

/**
 * Runs `attempt` with a time limit; if it fails or is too slow (or `failed` says its result is a
 * stand-in for a failure), waits, calls `beforeRetry` (re-register the remote from a fresh map) and
 * tries once more. The second attempt's outcome is final.
 */
export async function loadWithRetry<T>(
  id: string,
  attempt: () => Promise<T>,
  beforeRetry: () => Promise<void>,
  { attemptMs = REMOTE_ATTEMPT_MS, backoffMs = RETRY_BACKOFF_MS }: RetryOptions = {},
  failed: (result: T) => boolean = () => false,
): Promise<T> {
  try {
    const result = await withTimeout(attempt(), attemptMs, id);
    if (!failed(result)) return result;
  } catch (err) {
    console.warn(`[qy] ${id} did not load; trying once more`, err);
  }
  await sleep(backoffMs);
  await beforeRetry();
  return withTimeout(attempt(), attemptMs, id);
}

/**
 * Shares one load per key between callers that ask while it is under way (several widgets of one
 * dead remote make one request, not a burst); the next call after it settles starts afresh.
 */
export function singleFlight<T>(load: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const pending = new Map<string, Promise<T>>();
  return (key) => {
    const running = pending.get(key);
    if (running) return running;
    const p = load(key).finally(() => pending.delete(key));
    pending.set(key, p);
    return p;
  };
}

/**
 * A quiet loading line in the page area while a remote's code arrives; shown only if the area has
 * nothing else to show (the server's picture of the page's top stays as it is).
 */
export function showRemoteLoading(domElement: HTMLElement): () => void {
  if (domElement.childElementCount > 0) return () => {};
  const el = document.createElement('div');
  el.className = 'qy-remote-loading';
  el.setAttribute('role', 'status');
  el.setAttribute('aria-live', 'polite');
  el.textContent = REMOTE_LOADING_TEXT;
  el.style.cssText = 'max-width:640px;margin:64px auto;text-align:center;color:#86909c;font-size:15px';
  domElement.appendChild(el);
  return () => el.remove();
}
