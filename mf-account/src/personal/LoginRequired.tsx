import { MSG, openLoginDialog } from '@qianyan/shared/core';
import { ACCOUNT_MSG } from '../messages';
import { UserIcon } from '../plain/PlainStates';
import '../plain/plain.css';

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
        <button type="button" className="qy-acc-btn" onClick={openLoginDialog}>
          {ACCOUNT_MSG.loginButton}
        </button>
      </section>
    </div>
  );
}
