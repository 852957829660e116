import { logout, type SessionUser } from '@qianyan/shared/core';
import { PlainButton } from '@qianyan/shared/plain';
import { useState } from 'react';
import { ACCOUNT_MSG } from '../messages';
import { identityLabel, initialOf, membershipState } from './membership';
import { AvatarUpload } from './AvatarUpload';
import { goHomeAndReload } from './navigation';

/** The left card: avatar, names, identity, membership and logout. */
export function ProfileCard({ user }: { user: SessionUser }) {
  const [leaving, setLeaving] = useState(false);
  const state = membershipState(user);
  const onLogout = async () => {
    setLeaving(true);
    try {
      await logout(goHomeAndReload);
    } finally {
      setLeaving(false);
    }
  };
  return (
    <aside className="qy-personal__card" aria-label={ACCOUNT_MSG.accountOverview}>
      <div className="qy-personal__identity">
        <div className="qy-personal__avatar-box">
          {user.avatar ? (
            <img className="qy-personal__avatar" src={user.avatar} alt={ACCOUNT_MSG.avatarAlt(user.membername)} />
          ) : (
            <span className="qy-personal__avatar qy-personal__avatar--initial" aria-hidden="true">
              {initialOf(user)}
            </span>
          )}
          <AvatarUpload />
        </div>
        <div className="qy-personal__names">
          <p className="qy-personal__membername">{user.membername}</p>
          {user.truename && <p className="qy-personal__truename">{user.truename}</p>}
          <span className="qy-personal__role">{identityLabel(user.roleid, user.identity)}</span>
        </div>
      </div>
      <dl className={`qy-personal__membership qy-personal__membership--${state.kind}`}>
        <dt>{ACCOUNT_MSG.fieldMembership}</dt>
        <dd>
          {state.kind === 'member' && (
            <>
              <strong>
                {ACCOUNT_MSG.member}
                {state.title ? ` · ${state.title}` : ''}
              </strong>
              {state.endDate && (
                <span className="qy-personal__enddate">
                  {ACCOUNT_MSG.endDate} {state.endDate}
                </span>
              )}
            </>
          )}
          {state.kind === 'expired' && (
            <>
              <strong>{ACCOUNT_MSG.expired}</strong>
              {state.endDate && (
                <span className="qy-personal__enddate">
                  {ACCOUNT_MSG.endDate} {state.endDate}
                </span>
              )}
            </>
          )}
          {state.kind === 'none' && <strong>{ACCOUNT_MSG.regularUser}</strong>}
        </dd>
      </dl>
      <PlainButton className="qy-personal__logout" onClick={onLogout} loading={leaving}>
        {ACCOUNT_MSG.logout}
      </PlainButton>
    </aside>
  );
}
