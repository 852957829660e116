import { MSG, openLoginDialog } from '@qianyan/shared/core';
import { PlainButton } from '@qianyan/shared/plain';
import { ACCOUNT_MSG } from '../messages';
import { UserIcon } from '../plain/UserIcon';

/** The personal centre while logged out: the page stays, with a way to log in. Drawn without antd. */
export function LoginRequired() {
  return (
    <div className="qy-personal qy-personal--guest">
      <section className="qy-personal__guest-card" aria-labelledby="qy-personal-guest-title">
        <span className="qy-personal__guest-icon" aria-hidden="true">
          <UserIcon />
        </span>
        <h1 id="qy-personal-guest-title">{ACCOUNT_MSG.personalTitle}</h1>
        <p className="qy-personal__guest-lead">{MSG.pleaseLogin}</p>
        <p className="qy-personal__guest-hint">{ACCOUNT_MSG.loginRequiredHint}</p>
        <PlainButton variant="primary" size="large" onClick={openLoginDialog}>
          {ACCOUNT_MSG.loginButton}
        </PlainButton>
      </section>
    </div>
  );
}
