// The personal centre's account dialogs (§2.6, §2.9, §5): change username, password, mobile and
// e-mail. Each validates with the spec's messages, calls the API and reports the updated profile.
import {
  ApiError,
  api,
  CODE_CAPTCHA_REQUIRED,
  CODE_TYPE,
  MSG,
  requestCaptcha,
  SendCodeButton,
  toast,
  captchaRequestAtom,
  validateCode,
  validateEmail,
  validateMobile,
  validatePassword,
  validateUsername,
  antdRule,
  ThemeScope,
  withCaptchaWhenAsked,
  type Profile,
} from '@qianyan/shared';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import type { FormRule } from 'antd';
import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { PERSONAL_TEXT as T } from './messages';

export interface AccountDialogProps {
  open: boolean;
  onClose(): void;
  /** The profile after the change (null when the call returns nothing, e.g. the password). */
  onDone(profile: Profile | null): void;
}

const PASSWORD_FIELD = 'newPassword';

/** Old and new password: required, at least 6 (§5, personal centre wording 密码至少6位). */
export const passwordRule = antdRule((v) => validatePassword(v, { personal: true }));

/** Confirm: required, at least 6, equal to the new password (两次输入密码不一致!). */
export const confirmPasswordRule: FormRule = ({ getFieldValue }) => ({
  validator: (_: unknown, value: string | undefined) => {
    if (!value) return Promise.reject(new Error(MSG.confirmRequired));
    const short = validatePassword(value, { personal: true });
    if (short) return Promise.reject(new Error(short));
    if (value !== getFieldValue(PASSWORD_FIELD)) return Promise.reject(new Error(MSG.confirmMismatchPersonal));
    return Promise.resolve();
  },
});

/** A modal holding one form; the submit button shows progress and the server's refusal stays visible. */
function DialogForm<V extends object>({
  name,
  title,
  open,
  onClose,
  onSubmit,
  children,
  note,
}: {
  /** The form's name: field ids are `${name}_${field}`. */
  name: string;
  title: string;
  open: boolean;
  onClose(): void;
  onSubmit(values: V): Promise<void>;
  children: ReactNode;
  note?: string;
}) {
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // While the shell's 图片验证码 dialog is open above this one (the new mobile number's code), this
  // dialog gives up its focus trap: the shell and this app each bundle antd, so each has a focus
  // lock, and two locks pulling focus into their own dialog recurse without end.
  const shellDialogAbove = useAtomValue(captchaRequestAtom) !== null;
  const finish = async (values: V) => {
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : MSG.busy);
    } finally {
      setBusy(false);
    }
  };
  // The profile tab around it draws no antd: the dialog brings the brand theme with it.
  return (
    <ThemeScope>
      <Modal
        title={title}
        open={open}
        onCancel={onClose}
        destroyOnHidden
        focusable={{ trap: !shellDialogAbove }}
        width={440}
        className="qy-account-dialog"
        footer={
          <Space>
            <Button onClick={onClose} disabled={busy}>
              {T.cancel}
            </Button>
            <Button type="primary" loading={busy} onClick={() => form.submit()}>
              {T.confirm}
            </Button>
          </Space>
        }
      >
        <Form<V> form={form} name={name} layout="vertical" preserve={false} onFinish={finish} onValuesChange={() => setFailure(null)}>
          {children}
          {note && <p className="qy-account-dialog__note">{note}</p>}
          {failure && <Alert type="error" showIcon title={failure} className="qy-account-dialog__alert" />}
          {/* Enter in a field submits. */}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Form>
      </Modal>
    </ThemeScope>
  );
}

export function UsernameDialog({ open, onClose, onDone, current }: AccountDialogProps & { current: string }) {
  return (
    <DialogForm<{ membername: string }>
      name="qy-username"
      title={T.usernameTitle}
      open={open}
      onClose={onClose}
      onSubmit={async ({ membername }) => {
        const profile = await api.user.updateSignAccount({ membername: membername.trim() }, { silent: true });
        toast.success(MSG.modifySuccess);
        onDone(profile);
      }}
    >
      <Form.Item name="membername" label={T.usernameLabel} initialValue={current} rules={[antdRule(validateUsername)]}>
        <Input placeholder={T.usernamePlaceholder} maxLength={30} autoComplete="username" />
      </Form.Item>
    </DialogForm>
  );
}

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  checknewPassword: string;
}

export function PasswordDialog({ open, onClose, onDone }: AccountDialogProps) {
  return (
    <DialogForm<PasswordValues>
      name="qy-password"
      title={T.passwordTitle}
      open={open}
      onClose={onClose}
      note={T.passwordNote}
      onSubmit={async (values) => {
        try {
          // Past the failure limits the server asks for the 图片验证码 first (null: its dialog was cancelled).
          const sent = await withCaptchaWhenAsked(async (captcha) => {
            try {
              return await api.user.updatePassword({ ...values, ...captcha }, { silent: true });
            } catch (err) {
              if (err instanceof ApiError && err.code === CODE_CAPTCHA_REQUIRED) toast.warning(err.message);
              throw err;
            }
          });
          if (!sent) return;
        } catch (err) {
          // 修改密码失败 as the toast; the server's reason (e.g. a wrong old password) stays in the dialog.
          toast.error(MSG.passwordChangeFailed);
          throw err;
        }
        toast.success(MSG.passwordChanged);
        onDone(null);
      }}
    >
      <Form.Item name="oldPassword" label={T.oldPassword} rules={[passwordRule]}>
        <Input.Password placeholder={T.oldPasswordPlaceholder} autoComplete="current-password" />
      </Form.Item>
      <Form.Item name={PASSWORD_FIELD} label={T.newPassword} rules={[passwordRule]}>
        <Input.Password placeholder={T.newPasswordPlaceholder} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="checknewPassword" label={T.confirmPassword} dependencies={[PASSWORD_FIELD]} rules={[confirmPasswordRule]}>
        <Input.Password placeholder={T.confirmPasswordPlaceholder} autoComplete="new-password" />
      </Form.Item>
    </DialogForm>
  );
}

type Channel = 'mobile' | 'email';

const CHANNEL = {
  mobile: {
    title: T.mobileTitle,
    label: T.mobileLabel,
    placeholder: T.mobilePlaceholder,
    field: 'phoneNo',
    rule: (v: string | null | undefined) => validateMobile(v),
    onSendRule: (v: string | null | undefined) => validateMobile(v, { onSend: true }),
    done: MSG.mobileChanged,
    note: T.mobileNote,
    autoComplete: 'tel',
  },
  email: {
    title: T.emailTitle,
    label: T.emailLabel,
    placeholder: T.emailPlaceholder,
    field: 'email',
    rule: (v: string | null | undefined) => validateEmail(v),
    onSendRule: (v: string | null | undefined) => validateEmail(v, { onSend: true }),
    done: MSG.emailChanged,
    note: undefined,
    autoComplete: 'email',
  },
} as const;

/**
 * Sends the change code (codeType 1) to the new mobile (after the 图片验证码) or e-mail. Resolves
 * false when nothing was sent: the address is invalid (its message is shown) or the captcha was
 * cancelled.
 */
export async function sendChangeCode(channel: Channel, target: string): Promise<boolean> {
  if (channel === 'mobile') {
    const captcha = await requestCaptcha();
    if (!captcha) return false;
    await api.base.sendCode3({ phoneNo: target, uuid: captcha.uuid, code: captcha.code, codeType: CODE_TYPE.change });
    return true;
  }
  // The 图片验证码 only when the server asks for it (an address past its plain e-mail windows).
  const sent = await withCaptchaWhenAsked((captcha) => api.base.sendCode3({ email: target, codeType: CODE_TYPE.change, ...captcha }));
  return sent !== null;
}

/** Checks the code, then changes the mobile or e-mail with the proof checkCode returns. */
export async function changeContact(channel: Channel, target: string, code: string): Promise<Profile> {
  const contact = channel === 'mobile' ? { phoneNo: target } : { email: target };
  const { verifyToken } = await api.base.checkCode({ ...contact, code: code.trim(), codeType: CODE_TYPE.change }, { silent: true });
  return api.user.updatePhoneNoOrEmail({ ...contact, verifyToken }, { silent: true });
}

function ContactDialog({ channel, open, onClose, onDone }: AccountDialogProps & { channel: Channel }) {
  const c = CHANNEL[channel];
  return (
    <DialogForm<Record<string, string>>
      name={`qy-${channel}`}
      title={c.title}
      open={open}
      onClose={onClose}
      note={c.note}
      onSubmit={async (values) => {
        const profile = await changeContact(channel, values[c.field]!.trim(), values.code!);
        toast.success(c.done);
        onDone(profile);
      }}
    >
      <Form.Item name={c.field} label={c.label} rules={[antdRule(c.rule)]}>
        <Input placeholder={c.placeholder} autoComplete={c.autoComplete} inputMode={channel === 'mobile' ? 'numeric' : 'email'} />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a[c.field] !== b[c.field]}>
        {(form) => (
          <Form.Item label={T.codeLabel} required htmlFor={`qy-${channel}_code`}>
            <div className="qy-account-dialog__code">
              <Form.Item name="code" noStyle rules={[antdRule(validateCode)]}>
                <Input placeholder={T.codePlaceholder} maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
              </Form.Item>
              <SendCodeButton
                resetKey={form.getFieldValue(c.field)}
                onSend={async () => {
                  const target = String(form.getFieldValue(c.field) ?? '').trim();
                  const invalid = c.onSendRule(target);
                  if (invalid) {
                    form.setFields([{ name: c.field, errors: [invalid] }]);
                    return false;
                  }
                  try {
                    return await sendChangeCode(channel, target);
                  } catch (err) {
                    // The API client has shown the refusal (rate limit, address in use…).
                    if (err instanceof ApiError) return false;
                    throw err;
                  }
                }}
              />
            </div>
          </Form.Item>
        )}
      </Form.Item>
    </DialogForm>
  );
}

export const MobileDialog = (props: AccountDialogProps) => <ContactDialog channel="mobile" {...props} />;
export const EmailDialog = (props: AccountDialogProps) => <ContactDialog channel="email" {...props} />;
