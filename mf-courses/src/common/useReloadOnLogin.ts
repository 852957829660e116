import { onLoggedIn, RELOAD_AFTER_LOGIN_MS, useSession } from '@qianyan/shared';
import { useEffect, useRef } from 'react';

/**
 * Reloads a lesson or meeting page's data 300 ms after a login (§4, §9), including a single sign-on
 * arrival completed by the shell, and at once after a logout (the access flags reset).
 */
export function useReloadOnLogin(reload: () => void) {
  const { loggedIn } = useSession();
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onLoggedIn(() => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), RELOAD_AFTER_LOGIN_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);
  const was = useRef(loggedIn);
  useEffect(() => {
    if (was.current && !loggedIn) latest.current();
    was.current = loggedIn;
  }, [loggedIn]);
}
