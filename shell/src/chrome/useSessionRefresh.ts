import { api, getSession, updateSessionUser } from '@qianyan/shared/core';
import { useEffect } from 'react';

/**
 * On start, a stored session gets a fresh user (membership may have changed elsewhere).
 * Quiet: a failure keeps the stored user; a 10002 reply clears the session in the API client.
 */
export function useSessionRefresh() {
  useEffect(() => {
    if (!getSession()) return;
    api.user.getMemberInfo({ silent: true }).then(updateSessionUser, () => undefined);
  }, []);
}
