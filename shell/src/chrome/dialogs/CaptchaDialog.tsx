import { ReloadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Skeleton } from 'antd';
import { api, captchaRequestAtom, MSG, resolveCaptcha, type CaptchaReply } from '@qianyan/shared';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { ACCOUNT_DIALOG_MSG } from './messages';
import './accountDialogs.css';

const T = ACCOUNT_DIALOG_MSG.captcha;

/**
 * 图片验证码 (§2.6): an arithmetic picture from api.login.captchaImage; a click on it loads a new
 * one. Opened by requestCaptcha() from any app, above whatever dialog is open.
 */
export function CaptchaDialog() {
  const request = useAtomValue(captchaRequestAtom);
  const open = request !== null;
  return (
    <Modal
      open={open}
      title={MSG.captchaTitle}
      onCancel={() => resolveCaptcha(null)}
      footer={null}
      width={360}
      zIndex={1100}
      centered
      destroyOnHidden
    >
      {open && <CaptchaForm key={request.id} />}
    </Modal>
  );
}

function CaptchaForm() {
  const [captcha, setCaptcha] = useState<CaptchaReply | null>(null);
  const [failed, setFailed] = useState(false);
  const [form] = Form.useForm<{ answer: string }>();

  const load = useCallback(() => {
    setFailed(false);
    api.login.captchaImage({ silent: true }).then(
      (reply) => {
        setCaptcha(reply);
        form.setFieldValue('answer', '');
      },
      () => setFailed(true),
    );
  }, [form]);
  useEffect(load, [load]);

  const submit = ({ answer }: { answer: string }) => {
    if (captcha) resolveCaptcha({ uuid: captcha.uuid, code: answer.trim() });
  };

  return (
    <Form form={form} onFinish={submit} requiredMark={false} className="qy-captcha">
      <div className="qy-captcha__picture">
        {failed ? (
          <Button icon={<ReloadOutlined />} onClick={load}>
            {T.loadFailed}，{T.retry}
          </Button>
        ) : captcha ? (
          <button type="button" className="qy-captcha__image" onClick={load} title={T.refresh}>
            <img src={captcha.img} alt={T.imageAlt} />
          </button>
        ) : (
          <Skeleton.Image active className="qy-captcha__loading" />
        )}
        <Button type="link" size="small" icon={<ReloadOutlined />} onClick={load} disabled={!captcha && !failed}>
          {T.refresh}
        </Button>
      </div>
      <Form.Item name="answer" rules={[{ required: true, whitespace: true, message: T.answerRequired }]}>
        <Input
          size="large"
          autoFocus
          inputMode="numeric"
          autoComplete="off"
          aria-label={T.answerLabel}
          placeholder={T.answerPlaceholder}
        />
      </Form.Item>
      <div className="qy-captcha__actions">
        <Button onClick={() => resolveCaptcha(null)}>{T.cancel}</Button>
        <Button type="primary" htmlType="submit" disabled={!captcha}>
          {T.ok}
        </Button>
      </div>
    </Form>
  );
}
