import { MSG, toast, type SessionUser } from '@qianyan/shared/core';
import { useThemedModal } from '@qianyan/shared/plain';
import { useEffect, useRef, type ReactNode } from 'react';
import { isMembershipExpired } from './membership';

/**
 * On arrival (§2.9, §4 Membership): an expired membership gets the 提示消息 warning and a member
 * marked ifNeedUpdate gets 请及时更新用户资料 — once per visit, after the member info refresh settled
 * so a renewal made elsewhere is not reported as expired. Returns the warning dialog's holder.
 */
export function useMembershipNotices(user: SessionUser | null, ready: boolean): ReactNode {
  const [openModal, holder] = useThemedModal();
  const shown = useRef(false);
  useEffect(() => {
    if (!ready || !user || shown.current) return;
    shown.current = true;
    if (isMembershipExpired(user.subscribe_info)) {
      openModal({ kind: 'warning', title: MSG.expiredTitle, content: MSG.expiredMembership });
    }
    if (user.ifNeedUpdate === 1) toast.warning(MSG.updateProfile);
  }, [ready, user, openModal]);
  return holder;
}
