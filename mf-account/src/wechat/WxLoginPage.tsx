// /wechat/wxlogin?code=&state= (§4 messaging-app login): WeChat returns here. An unbound WeChat
// account goes on to bind a phone; a bound one is logged in and goes back to where the login began.
// Drawn without antd: the page's first view loads none.
import { api, MSG, openLoginDialog, toast } from '@qianyan/shared/core';
import { LoadingIcon, PlainButton } from '@qianyan/shared/plain';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FlowWarning } from '../plain/FlowResult';
import { AccountFlow } from '../register/AccountFlow';
import { WECHAT_MSG as T } from '../register/messages';
import { finishWechatLogin, iswx } from './wechatSession';

export function WxLoginPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  // A WeChat code works once: never check the same one twice (StrictMode, re-renders).
  const checked = useRef<string | null>(null);

  useEffect(() => {
    if (!code || checked.current === code) return;
    checked.current = code;
    api.wechat.checkCode({ code, state, iswx: iswx() }).then(
      (reply) => {
        if (reply.result) {
          navigate(`/wxloginBindPhone?${new URLSearchParams({ code, state }).toString()}`, { replace: true });
          return;
        }
        const { result: _result, tokenString, token, ...user } = reply;
        const back = finishWechatLogin(tokenString || token, user);
        toast.success(MSG.loginSuccess);
        navigate(back, { replace: true });
      },
      () => setFailed(true),
    );
  }, [code, state, navigate]);

  return (
    <AccountFlow title={T.loginTitle} heading={T.loginTitle} steps={T.steps} current={0}>
      {!code || failed ? (
        <FlowWarning title={code ? T.failed : T.missingCode} hint={T.missingCodeHint}>
          <PlainButton variant="primary" onClick={openLoginDialog}>
            {T.retryLogin}
          </PlainButton>
          <PlainButton onClick={() => navigate('/index')}>{T.home}</PlainButton>
        </FlowWarning>
      ) : (
        <div className="qy-flow__status" role="status">
          <LoadingIcon className="qy-flow__spin" />
          <p>{T.checking}</p>
        </div>
      )}
    </AccountFlow>
  );
}
