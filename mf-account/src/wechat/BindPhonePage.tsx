// /wxloginBindPhone?code= (§2.7 messaging-app variant, §4): a WeChat account without a phone binds
// one by SMS code (image captcha first, codeType 4). A new member then completes the profile; a
// returning one goes home. The first view (the code form) is drawn without antd; the profile form
// is a chunk of its own, started while the server binds the phone.
import { api, CODE_TYPE, MSG, openLoginDialog, toast, type WechatLoginReply } from '@qianyan/shared/core';
import { PlainButton } from '@qianyan/shared/plain';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FlowLinkButton } from '../plain/FlowField';
import { FlowWarning } from '../plain/FlowResult';
import { AccountFlow } from '../register/AccountFlow';
import { CodeForm, type CodeFormValues } from '../register/CodeForm';
import { REGISTER_MSG, WECHAT_MSG as T } from '../register/messages';
import { finishWechatLogin, iswx } from './wechatSession';

const loadProfileForm = () => import('../profile/ThemedProfileForm');
const ProfileForm = lazy(() => loadProfileForm().then((m) => ({ default: m.ThemedProfileForm })));

export function BindPhonePage() {
  const [params] = useSearchParams();
  const wechatCode = params.get('code') ?? '';
  const navigate = useNavigate();
  const [member, setMember] = useState<WechatLoginReply | null>(null);
  const goHome = () => navigate('/index');

  const bind = async ({ account, code }: CodeFormValues) => {
    void loadProfileForm().catch(() => undefined);
    const reply = await api.wechat.wxlogin({ code: wechatCode, phone: account, verifyCode: code, iswx: iswx() });
    const { token, newFlag: _newFlag, ...user } = reply;
    // The login is done: the page it began on is no longer where this ends.
    finishWechatLogin(token, user);
    if (reply.newFlag === 1) {
      toast.success(MSG.bindPhoneSuccess);
      setMember(reply);
    } else {
      toast.success(MSG.loginSuccess);
      goHome();
    }
  };

  const step = member ? 2 : 1;
  return (
    <AccountFlow
      title={T.bindTitle}
      heading={step === 2 ? REGISTER_MSG.steps[2] : T.bindTitle}
      intro={step === 2 ? REGISTER_MSG.profileIntro : wechatCode ? T.bindIntro : undefined}
      steps={T.steps}
      current={step}
      wide={step === 2}
      footer={step === 2 ? <FlowLinkButton onClick={goHome}>{REGISTER_MSG.skip}</FlowLinkButton> : undefined}
    >
      {!wechatCode ? (
        <FlowWarning title={T.missingCode} hint={T.missingCodeHint}>
          <PlainButton variant="primary" onClick={openLoginDialog}>
            {T.retryLogin}
          </PlainButton>
          <PlainButton onClick={goHome}>{T.home}</PlainButton>
        </FlowWarning>
      ) : member ? (
        <Suspense fallback={null}>
          <ProfileForm initial={{ membername: member.membername, mobile: member.mobile ?? '' }} submitText={REGISTER_MSG.profileSave} onSaved={goHome} />
        </Suspense>
      ) : (
        <CodeForm channel="mobile" codeType={CODE_TYPE.bind} submitText={T.bind} onSubmit={bind} />
      )}
    </AccountFlow>
  );
}
