import {
  closeDialog,
  loginWithPassword,
  MSG,
  notifyLoggedIn,
  openDialog,
  validateAccount,
  validatePassword,
} from '@qianyan/shared/core';
import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { ChromeLink } from '../navigation';
import { CHROME_MSG } from '../messages';
import { EyeIcon, EyeInvisibleIcon, LoadingIcon, LockIcon, MessageIcon, UserIcon, WechatIcon } from './icons';
import { ACCOUNT_DIALOG_MSG } from './messages';
import { PlainModal } from './PlainModal';
import { startWechatLogin } from './wechatLogin';
import './accountDialogs.css';
import './loginDialog.css';

type Field = 'account' | 'password';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const RULES: Record<Field, (value: string) => string | null> = {
  account: validateAccount,
  password: (value) => validatePassword(value),
};

/** A large input with a prefix icon and its error underneath, in antd Form.Item's look. */
function TextField({
  field,
  error,
  prefix,
  suffix,
  value,
  onChange,
  ...input
}: {
  field: Field;
  error: string | undefined;
  prefix: ReactNode;
  suffix?: ReactNode;
  value: string;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'value' | 'onChange'>) {
  const errorId = `${useId()}-${field}-error`;
  return (
    <div className={error ? 'qy-field qy-field--error' : 'qy-field'}>
      <span className="qy-field__box">
        <span className="qy-field__prefix" aria-hidden="true">
          {prefix}
        </span>
        <input
          className="qy-field__input"
          name={field}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {suffix}
      </span>
      {error && (
        <div className="qy-field__error" id={errorId}>
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * 用户登录 (spec §2.6): account and password, with forgot password, register, code login and WeChat
 * login. Server errors are toasted by the API client. Drawn without antd (it opens on the first view
 * of /personal for a visitor), in the look of antd's Modal and Form: fields are checked on submit,
 * and a field once changed is checked again at each change.
 */
export function LoginDialog({ open }: { open: boolean }) {
  const [values, setValues] = useState<Values>({ account: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    setErrors((e) => ({ ...e, [field]: RULES[field](value) ?? undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const found: Errors = {
      account: RULES.account(values.account) ?? undefined,
      password: RULES.password(values.password) ?? undefined,
    };
    setErrors(found);
    setTouched({ account: true, password: true });
    if (found.account || found.password) return;
    setSubmitting(true);
    try {
      // Past the failure limits this waits for the 图片验证码 dialog (null: it was cancelled).
      if (await loginWithPassword(values.account.trim(), values.password)) {
        closeDialog();
        notifyLoggedIn();
      }
    } catch {
      // The API client already showed the reason; the dialog stays open for another try.
    } finally {
      setSubmitting(false);
    }
  };

  const shownError = (field: Field) => (touched[field] ? errors[field] : undefined);
  const PasswordEye = showPassword ? EyeIcon : EyeInvisibleIcon;

  return (
    <PlainModal open={open} title={MSG.loginTitle} onClose={closeDialog} width={400} bodyClassName="qy-login">
      <form className="qy-login__form" onSubmit={(e) => void onSubmit(e)} autoComplete="on" noValidate>
        <TextField
          field="account"
          error={shownError('account')}
          prefix={<UserIcon className="qy-login__icon" />}
          value={values.account}
          onChange={(value) => change('account', value)}
          type="text"
          data-autofocus
          autoComplete="username"
          placeholder={CHROME_MSG.login.accountPlaceholder}
          aria-label={CHROME_MSG.login.accountLabel}
        />
        <TextField
          field="password"
          error={shownError('password')}
          prefix={<LockIcon className="qy-login__icon" />}
          suffix={
            <button
              type="button"
              className="qy-field__eye"
              aria-label="显示"
              aria-pressed={showPassword}
              onClick={() => setShowPassword((s) => !s)}
            >
              <PasswordEye />
            </button>
          }
          value={values.password}
          onChange={(value) => change('password', value)}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          placeholder={CHROME_MSG.login.passwordPlaceholder}
          aria-label={CHROME_MSG.login.passwordLabel}
        />
        <div className="qy-login__row">
          <button type="button" className="qy-login__link qy-login__forgot" onClick={() => openDialog('forgotPassword')}>
            {CHROME_MSG.login.forgot}
          </button>
        </div>
        <button
          type="submit"
          className={submitting ? 'qy-login__submit qy-login__submit--loading' : 'qy-login__submit'}
          disabled={submitting}
          aria-busy={submitting}
        >
          {submitting && <LoadingIcon />}
          <span>{CHROME_MSG.login.submit}</span>
        </button>
        <p className="qy-login__register">
          {CHROME_MSG.login.noAccount}
          <ChromeLink to="/register" onNavigate={closeDialog}>
            {CHROME_MSG.login.register}
          </ChromeLink>
        </p>
        <div className="qy-login__others" role="group" aria-label={ACCOUNT_DIALOG_MSG.login.otherWays}>
          <span>{ACCOUNT_DIALOG_MSG.login.otherWays}</span>
          <button type="button" className="qy-login__link" onClick={() => openDialog('codeLogin')}>
            <MessageIcon />
            <span>{ACCOUNT_DIALOG_MSG.login.codeLogin}</span>
          </button>
          <button type="button" className="qy-login__link qy-login__wechat" onClick={() => void startWechatLogin()}>
            <WechatIcon />
            <span>{ACCOUNT_DIALOG_MSG.login.wechatLogin}</span>
          </button>
        </div>
      </form>
    </PlainModal>
  );
}
