// /register (§2.7, §4 registration): verify a phone or e-mail by code, create the account (which logs
// in), then complete the profile and go home. The first view is step 1's: step 2's form and step 3's
// profile form (cascaders, date and tree pickers) are chunks of their own, each started while the
// server checks the step before it, so they are ready when their step shows. Step 1 is drawn without
// antd (the first view loads none); steps 2 and 3 bring antd and its theme with their chunks.
import { api, CODE_TYPE, MSG, openLoginDialog, startSession, toast, type LoginReply } from '@qianyan/shared/core';
import { PlainTabPanel, PlainTabs } from '@qianyan/shared/plain';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FlowLinkButton } from '../plain/FlowField';
import { AccountFlow } from './AccountFlow';
import type { AccountValues } from './AccountStep';
import { CodeForm, contactOf, type Channel, type CodeFormValues } from './CodeForm';
import { REGISTER_MSG as T } from './messages';

const loadAccountStep = () => import('./ThemedAccountStep');
const loadProfileForm = () => import('../profile/ThemedProfileForm');
const AccountStep = lazy(() => loadAccountStep().then((m) => ({ default: m.ThemedAccountStep })));
const ProfileForm = lazy(() => loadProfileForm().then((m) => ({ default: m.ThemedProfileForm })));
const CHANNEL_TABS = [
  { key: 'mobile', label: T.tabMobile },
  { key: 'email', label: T.tabEmail },
] as const;
const preload = (load: () => Promise<unknown>) => void load().catch(() => undefined);

interface Verified {
  channel: Channel;
  account: string;
  verifyToken: string;
}

export function RegisterPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [channel, setChannel] = useState<Channel>('mobile');
  // Bumped to start the code form over: empty fields and no countdown (previous step).
  const [codeRound, setCodeRound] = useState(0);
  const [verified, setVerified] = useState<Verified | null>(null);
  const [member, setMember] = useState<LoginReply | null>(null);

  const clearCodeForm = () => setCodeRound((n) => n + 1);

  const verify = async ({ account, code }: CodeFormValues) => {
    preload(loadAccountStep);
    const reply = await api.base.checkCode({ ...contactOf(channel, account), code, codeType: CODE_TYPE.register });
    if (!reply?.verified) return;
    setVerified({ channel, account, verifyToken: reply.verifyToken });
    setStep(1);
  };

  const previous = () => {
    clearCodeForm();
    setVerified(null);
    setStep(0);
  };

  const register = async ({ membername, password }: AccountValues) => {
    if (!verified) return;
    preload(loadProfileForm);
    const contact = verified.channel === 'mobile' ? { mobile: verified.account } : { email: verified.account };
    const reply = await api.user.register({ ...contact, membername, password, verifyToken: verified.verifyToken });
    const { token, ...user } = reply;
    startSession(token, user);
    toast.success(MSG.registerSuccess);
    setMember(reply);
    setStep(2);
  };

  const goHome = () => navigate('/index');

  return (
    <AccountFlow
      title={T.pageTitle}
      heading={T.heading}
      intro={step < 2 ? T.intro : T.profileIntro}
      steps={T.steps}
      current={step}
      wide={step === 2}
      footer={
        step === 0 ? (
          <p>
            {T.haveAccount}
            <FlowLinkButton size="small" onClick={openLoginDialog}>
              {T.login}
            </FlowLinkButton>
          </p>
        ) : step === 2 ? (
          <FlowLinkButton onClick={goHome}>{T.skip}</FlowLinkButton>
        ) : undefined
      }
    >
      {step === 0 && (
        <>
          <PlainTabs<Channel> id="qy-register" className="qy-flow__tabs" items={CHANNEL_TABS} activeKey={channel} onChange={setChannel} />
          <PlainTabPanel id="qy-register" activeKey={channel}>
            {/* A new key on a tab switch or after 上一步: the form and the countdown start over. */}
            <CodeForm
              key={`${channel}-${codeRound}`}
              channel={channel}
              codeType={CODE_TYPE.register}
              submitText={T.next}
              onSubmit={verify}
            />
          </PlainTabPanel>
        </>
      )}
      <Suspense fallback={null}>
        {step === 1 && verified && <AccountStep verifiedAs={verified.account} onPrevious={previous} onRegister={register} />}
        {step === 2 && (
          <ProfileForm
            initial={member ? { membername: member.membername, mobile: member.mobile ?? '', email: member.email ?? '' } : undefined}
            submitText={T.profileSave}
            onSaved={goHome}
          />
        )}
      </Suspense>
    </AccountFlow>
  );
}
