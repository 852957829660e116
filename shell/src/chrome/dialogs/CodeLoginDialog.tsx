import { Form, Modal } from 'antd';
import {
  api,
  closeDialog,
  CODE_TYPE,
  MSG,
  startSession,
  toast,
  withCaptchaWhenAsked,
} from '@qianyan/shared';
import { useState } from 'react';
import { ChannelTabs, CodeFields, SubmitAndBack, target, type Channel, type CodeFieldValues } from './CodeFields';
import { ACCOUNT_DIALOG_MSG } from './messages';
import './accountDialogs.css';

const T = ACCOUNT_DIALOG_MSG.codeLogin;
const F = ACCOUNT_DIALOG_MSG.forgot;

/** 验证码登录 (§2.6): a code sent to the phone (after the image captcha) or e-mail, codeType 3. */
export function CodeLoginDialog({ open }: { open: boolean }) {
  return (
    <Modal open={open} title={T.title} onCancel={closeDialog} footer={null} width={420} centered destroyOnHidden>
      {open && <CodeLoginForm />}
    </Modal>
  );
}

function CodeLoginForm() {
  const [form] = Form.useForm<CodeFieldValues>();
  const [channel, setChannel] = useState<Channel>('mobile');
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async ({ account, code }: CodeFieldValues) => {
    setSubmitting(true);
    try {
      // Past the failure limits the server asks for the 图片验证码 first (null: its dialog was cancelled).
      const sent = await withCaptchaWhenAsked((captcha) =>
        api.login.loginWithoutPwd({
          ...target(channel, account),
          code: code.trim(),
          ...(captcha ? { uuid: captcha.uuid, captchaCode: captcha.code } : {}),
        }),
      );
      if (!sent) return;
      const { token, ...user } = sent.value;
      startSession(token, user);
      toast.success(MSG.loginSuccess);
      closeDialog();
    } catch {
      // The API client has shown why; the dialog stays open.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="qy-account-dialog">
      <ChannelTabs
        channel={channel}
        onChange={(next) => {
          form.resetFields();
          setChannel(next);
        }}
        labels={{ mobile: T.tabPhone, email: T.tabEmail }}
      />
      <Form<CodeFieldValues> form={form} onFinish={onFinish} requiredMark={false} autoComplete="off">
        <CodeFields
          form={form}
          channel={channel}
          codeType={CODE_TYPE.login}
          labels={{ mobile: F.phonePlaceholder, email: F.emailPlaceholder, code: F.codePlaceholder }}
        />
        <SubmitAndBack submitting={submitting} submit={T.submit} back={T.back} />
      </Form>
    </div>
  );
}
