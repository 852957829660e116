// The console's door: a visitor is asked to log in (the shell's login dialog), an account without a
// staff role is refused (the server answers /api/editor/me with 10403), staff go in with their role.
import { LockOutlined, LoginOutlined } from '@ant-design/icons';
import { ApiError, onLoggedIn, openLoginDialog, useSession } from '@qianyan/shared/core';
import { Button, Result, Spin } from 'antd';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { CODE_FORBIDDEN, editorApi, type StaffMe } from '../api';
import { ED_MSG } from '../messages';
import { StaffContext } from './staff';

type GateState =
  | { kind: 'checking' }
  | { kind: 'staff'; me: StaffMe }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string };

export function AccessGate({ children }: { children: ReactNode }) {
  const { loggedIn, user } = useSession();
  const [state, setState] = useState<GateState>({ kind: 'checking' });
  const userId = user?.id;

  const check = useCallback(async () => {
    setState({ kind: 'checking' });
    try {
      setState({ kind: 'staff', me: await editorApi.me({ silent: true }) });
    } catch (err) {
      if (err instanceof ApiError && err.code === CODE_FORBIDDEN) setState({ kind: 'refused', message: err.message });
      else setState({ kind: 'failed', message: err instanceof Error ? err.message : ED_MSG.meFailed });
    }
  }, []);

  useEffect(() => {
    if (loggedIn) void check();
  }, [loggedIn, userId, check]);

  // A login in the shell's dialog: ask again who this is.
  useEffect(() => onLoggedIn(() => void check()), [check]);

  if (!loggedIn) {
    return (
      <div className="qy-ed-gate">
        <Result
          icon={<LoginOutlined />}
          title={ED_MSG.loginTitle}
          subTitle={ED_MSG.loginText}
          extra={
            <Button type="primary" size="large" onClick={openLoginDialog}>
              {ED_MSG.login}
            </Button>
          }
        />
      </div>
    );
  }
  if (state.kind === 'checking') {
    return (
      <div className="qy-ed-gate" role="status" aria-live="polite">
        <Spin />
        <p>{ED_MSG.checking}</p>
      </div>
    );
  }
  if (state.kind === 'refused') {
    return (
      <div className="qy-ed-gate">
        <Result
          status="403"
          icon={<LockOutlined style={{ fontSize: 56, color: '#b3202b' }} />}
          title={ED_MSG.refusedTitle}
          subTitle={
            <>
              <p>{state.message}</p>
              <p>{ED_MSG.refusedText}</p>
            </>
          }
          extra={<Button href="/index">{ED_MSG.backToSite}</Button>}
        />
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="qy-ed-gate">
        <Result
          status="warning"
          title={ED_MSG.meFailed}
          subTitle={state.message}
          extra={
            <Button type="primary" onClick={() => void check()}>
              {ED_MSG.retry}
            </Button>
          }
        />
      </div>
    );
  }
  return <StaffContext.Provider value={state.me}>{children}</StaffContext.Provider>;
}
