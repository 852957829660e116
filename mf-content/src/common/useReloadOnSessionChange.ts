import { onLoggedIn, useSession } from '@qianyan/shared';
import { useEffect, useRef } from 'react';

/**
 * Calls `reload` after a login (onLoggedIn) and after the session ends: what a reply holds for the
 * reader (collected marks, access flags, §4) changes with them.
 */
export function useReloadOnSessionChange(reload: () => void) {
  useEffect(() => onLoggedIn(reload), [reload]);
  const { loggedIn } = useSession();
  const wasLoggedIn = useRef(loggedIn);
  useEffect(() => {
    if (wasLoggedIn.current && !loggedIn) reload();
    wasLoggedIn.current = loggedIn;
  }, [loggedIn, reload]);
}
