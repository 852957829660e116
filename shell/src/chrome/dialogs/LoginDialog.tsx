import { LockOutlined, MessageOutlined, UserOutlined, WechatOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal } from 'antd';
import {
  antdRule,
  closeDialog,
  loginWithPassword,
  MSG,
  notifyLoggedIn,
  openDialog,
  validateAccount,
  validatePassword,
} from '@qianyan/shared';
import { useState } from 'react';
import { ChromeLink } from '../navigation';
import { CHROME_MSG } from '../messages';
import { ACCOUNT_DIALOG_MSG } from './messages';
import { startWechatLogin } from './wechatLogin';
import './accountDialogs.css';

interface LoginFields {
  account: string;
  password: string;
}

/**
 * 用户登录 (spec §2.6): account and password, with forgot password, register, code login and WeChat
 * login. Server errors are toasted by the API client.
 */
export function LoginDialog({ open }: { open: boolean }) {
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async ({ account, password }: LoginFields) => {
    setSubmitting(true);
    try {
      await loginWithPassword(account.trim(), password);
      closeDialog();
      notifyLoggedIn();
    } catch {
      // The API client already showed the reason; the dialog stays open for another try.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={MSG.loginTitle}
      onCancel={closeDialog}
      footer={null}
      width={400}
      centered
      destroyOnHidden
      classNames={{ body: 'qy-login' }}
    >
      <Form<LoginFields> onFinish={onFinish} requiredMark={false} autoComplete="on" className="qy-login__form">
        <Form.Item name="account" rules={[antdRule(validateAccount)]}>
          <Input
            size="large"
            autoFocus
            autoComplete="username"
            placeholder={CHROME_MSG.login.accountPlaceholder}
            aria-label={CHROME_MSG.login.accountLabel}
            prefix={<UserOutlined aria-hidden="true" className="qy-login__icon" />}
          />
        </Form.Item>
        <Form.Item name="password" rules={[antdRule(validatePassword)]}>
          <Input.Password
            size="large"
            autoComplete="current-password"
            placeholder={CHROME_MSG.login.passwordPlaceholder}
            aria-label={CHROME_MSG.login.passwordLabel}
            prefix={<LockOutlined aria-hidden="true" className="qy-login__icon" />}
          />
        </Form.Item>
        <div className="qy-login__row">
          <Button type="link" size="small" className="qy-login__forgot" onClick={() => openDialog('forgotPassword')}>
            {CHROME_MSG.login.forgot}
          </Button>
        </div>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {CHROME_MSG.login.submit}
        </Button>
        <p className="qy-login__register">
          {CHROME_MSG.login.noAccount}
          <ChromeLink to="/register" onNavigate={closeDialog}>
            {CHROME_MSG.login.register}
          </ChromeLink>
        </p>
        <div className="qy-login__others" role="group" aria-label={ACCOUNT_DIALOG_MSG.login.otherWays}>
          <span>{ACCOUNT_DIALOG_MSG.login.otherWays}</span>
          <Button type="link" size="small" icon={<MessageOutlined aria-hidden="true" />} onClick={() => openDialog('codeLogin')}>
            {ACCOUNT_DIALOG_MSG.login.codeLogin}
          </Button>
          <Button
            type="link"
            size="small"
            className="qy-login__wechat"
            icon={<WechatOutlined aria-hidden="true" />}
            onClick={() => void startWechatLogin()}
          >
            {ACCOUNT_DIALOG_MSG.login.wechatLogin}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
