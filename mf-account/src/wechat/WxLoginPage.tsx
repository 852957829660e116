// /wechat/wxlogin?code=&state= (§4 messaging-app login): WeChat returns here. An unbound WeChat
// account goes on to bind a phone; a bound one is logged in and goes back to where the login began.
import { LoadingOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Result, Spin } from 'antd';
import { api, MSG, openLoginDialog, toast } from '@qianyan/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
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
        <Result
          icon={<WarningOutlined />}
          status="warning"
          title={code ? T.failed : T.missingCode}
          subTitle={T.missingCodeHint}
          extra={[
            <Button key="login" type="primary" onClick={openLoginDialog}>
              {T.retryLogin}
            </Button>,
            <Button key="home" onClick={() => navigate('/index')}>
              {T.home}
            </Button>,
          ]}
        />
      ) : (
        <div className="qy-flow__status" role="status">
          <Spin indicator={<LoadingOutlined spin />} size="large" />
          <p>{T.checking}</p>
        </div>
      )}
    </AccountFlow>
  );
}
