import { UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { MSG, openLoginDialog } from '@qianyan/shared';
import { ACCOUNT_MSG } from '../messages';

/** The personal centre while logged out: the page stays, with a way to log in. */
export function LoginRequired() {
  return (
    <div className="qy-personal qy-personal--guest">
      <section className="qy-personal__guest-card" aria-labelledby="qy-personal-guest-title">
        <span className="qy-personal__guest-icon" aria-hidden="true">
          <UserOutlined />
        </span>
        <h1 id="qy-personal-guest-title">{ACCOUNT_MSG.personalTitle}</h1>
        <p className="qy-personal__guest-lead">{MSG.pleaseLogin}</p>
        <p className="qy-personal__guest-hint">{ACCOUNT_MSG.loginRequiredHint}</p>
        <Button type="primary" size="large" autoInsertSpace={false} onClick={openLoginDialog}>
          {ACCOUNT_MSG.loginButton}
        </Button>
      </section>
    </div>
  );
}
