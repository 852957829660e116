import { logout, openLoginDialog, useSession, type SessionUser } from '@qianyan/shared/core';
import { FreeReadNote, PlainButton, VISUALLY_HIDDEN } from '@qianyan/shared/plain';
import { displayName, membershipLine } from '../member';
import { ChromeLink, hardNavigate } from '../navigation';
import { HOME_PATH } from '../menu';
import { CHROME_MSG } from '../messages';
import { HoverPanel } from './HoverPanel';
import { UserIcon } from './icons';

function UserAvatar({ user, size }: { user: SessionUser; size: 28 | 44 }) {
  const name = displayName(user);
  return (
    <span className={`qy-user__avatar qy-user__avatar--${size}`} aria-hidden="true">
      {user.avatar ? <img src={user.avatar} alt="" /> : name.slice(0, 1)}
    </span>
  );
}

/** Logout (§4): the shared logout ends the session; then a full load of the home page. */
export function signOut() {
  return logout(() => hardNavigate(HOME_PATH));
}

/** The user icon: opens login when signed out, else a popup with the user and their links. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { user, loggedIn } = useSession();
  if (!loggedIn || !user) {
    return (
      <button type="button" className="qy-icon-btn" aria-label={CHROME_MSG.user.login} onClick={openLoginDialog}>
        <UserIcon />
      </button>
    );
  }
  const name = displayName(user);
  return (
    <HoverPanel
      placement="bottomRight"
      className="qy-user__trigger"
      caret={!compact}
      label={
        <>
          <UserAvatar user={user} size={28} />
          <span className={compact ? VISUALLY_HIDDEN : 'qy-user__name'}>{name}</span>
        </>
      }
    >
      {(close) => (
        <div className="qy-panel qy-panel--user">
          <div className="qy-user__card">
            <UserAvatar user={user} size={44} />
            <div className="qy-user__who">
              <strong className="qy-user__card-name">{name}</strong>
              <span className="qy-user__membership">{membershipLine(user)}</span>
              {/* The server sends free_read to non-members only. */}
              {user.free_read && (
                <FreeReadNote className="qy-user__free-reads" remaining={user.free_read.remaining} renewsOn={user.free_read.renews_on} />
              )}
            </div>
          </div>
          <ul className="qy-user__links">
            <li>
              <ChromeLink to="/personal" onNavigate={close}>
                {CHROME_MSG.user.personal}
              </ChromeLink>
            </li>
            <li>
              <ChromeLink to="/personal?type=flag4" onNavigate={close}>
                {CHROME_MSG.user.subscription}
              </ChromeLink>
            </li>
          </ul>
          <PlainButton
            className="qy-user__logout"
            onClick={() => {
              close();
              void signOut();
            }}
          >
            {CHROME_MSG.user.logout}
          </PlainButton>
        </div>
      )}
    </HoverPanel>
  );
}
