// React hooks over the shared store. Apps render inside <Provider store={qyStore}>.
import { useAtomValue } from 'jotai';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api';
import { MSG } from '../messages';
import { toast } from '../toast';
import { withCaptchaWhenAsked } from './captchaRetry';
import { dialogAtom } from './dialogs';
import { clearSession, serviceTypeAtom, sessionAtom, setSession, userAtom } from './store';

export function useSession() {
  const session = useAtomValue(sessionAtom);
  const user = useAtomValue(userAtom);
  const serviceType = useAtomValue(serviceTypeAtom);
  return { session, user, serviceType, loggedIn: !!session };
}

export const useDialog = () => useAtomValue(dialogAtom);

/**
 * Logs in with account and password; stores the session and says 登录成功. Past the server's failure
 * limits it asks for the 图片验证码 and sends again with the answer; resolves null when that dialog
 * is cancelled (nothing logged in) and rejects when the login is refused (the message is shown).
 */
export async function loginWithPassword(accountName: string, password: string) {
  const sent = await withCaptchaWhenAsked((captcha) => api.login.login({ accountName, password, ...captcha }));
  if (!sent) return null;
  const { token, ...user } = sent.value;
  setSession(token, user);
  toast.success(MSG.loginSuccess);
  return sent.value;
}

/**
 * Logout (§4): calls the server, clears the token, member id and user, then goes to /index
 * and reloads. A failing server call still ends the local session.
 */
export async function logout(navigate: (path: string) => void = (p) => window.location.assign(p)) {
  try {
    await api.login.userLogout({ silent: true });
  } catch {
    // The local session ends regardless; the server's token expires on its own.
  }
  clearSession();
  navigate('/index');
}

export interface QueryState<T> {
  data: T | undefined;
  loading: boolean;
  error: Error | null;
  reload: () => void;
}

/**
 * One server query with loading, error and data states. `deps` re-run it; stale replies
 * from an earlier run are dropped.
 */
export function useApiQuery<T>(fn: () => Promise<T>, deps: unknown[]): QueryState<T> {
  const [state, setState] = useState<{ data: T | undefined; loading: boolean; error: Error | null }>({
    data: undefined,
    loading: true,
    error: null,
  });
  const [tick, setTick] = useState(0);
  const runId = useRef(0);
  useEffect(() => {
    const id = ++runId.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    // A reply is drawn in a transition: React renders it in slices, yielding to the browser, rather
    // than in one task as long as the page's tree (several replies arrive together on a first view).
    fn().then(
      (data) => id === runId.current && startTransition(() => setState({ data, loading: false, error: null })),
      (error: Error) => id === runId.current && startTransition(() => setState((s) => ({ data: s.data, loading: false, error }))),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}
