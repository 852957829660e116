// 自动续费 of a continuous member (连续包月 / 连续包年, §2.9 subscription screen): whether the plan
// renews itself and, while it does, 取消自动续费 after a confirmation that says when access ends and
// that nothing more will be charged. The server's reply carries the new state, kept in the session.
// Drawn without antd; the confirmation (antd's, the shared themed dialog) loads when it is asked for.
import { api, ApiError, formatDate, MSG, toast, updateSessionUser, type ProviderReply, type SessionUser } from '@qianyan/shared/core';
import { PlainButton, useThemedModal } from '@qianyan/shared/plain';
import { useId, useRef } from 'react';
import { PAY_MSG } from '../messages';

const errorText = (err: unknown) => {
  const reply = err instanceof ApiError ? (err.data as ProviderReply | undefined) : undefined;
  return reply?.msg || MSG.busy;
};

export function AutoRenewStatus({ user }: { user: SessionUser }) {
  const headingId = useId();
  const info = user.subscribe_info;
  const endDate = formatDate(info.service_end_date);
  const renewing = info.auto_renew !== 0;
  // One dialog at a time (the button waits while it is open); while it waits for the server its OK
  // button is busy (antd), so a double click sends one request. A second tab's request is answered
  // the same by the server.
  const [ask, dialog] = useThemedModal();
  const asking = dialog !== null;
  const latestUser = useRef(user);
  latestUser.current = user;

  const cancel = async () => {
    try {
      const reply = await api.program.cancelAutoRenew({ silent: true });
      updateSessionUser({
        ...latestUser.current,
        subscribe_info: { service_type: reply.service_type, service_end_date: reply.service_end_date, auto_renew: reply.auto_renew },
      });
      toast.success(reply.msg);
    } catch (err) {
      toast.error(errorText(err));
    }
  };

  return (
    <section className="qy-sub__section qy-sub__renewal" aria-labelledby={headingId}>
      <h2 id={headingId} className="qy-sub__heading">
        {PAY_MSG.autoRenewHeading}
      </h2>
      <p className="qy-sub__renewal-state" role="status">
        {renewing ? PAY_MSG.autoRenewOn(PAY_MSG.continuousTitle[info.service_type] ?? '', endDate) : PAY_MSG.autoRenewOff(endDate)}
      </p>
      {renewing && (
        <PlainButton
          onClick={() =>
            ask({
              kind: 'confirm',
              title: PAY_MSG.autoRenewConfirmTitle,
              content: PAY_MSG.autoRenewConfirmText(endDate),
              okText: PAY_MSG.autoRenewConfirmOk,
              cancelText: PAY_MSG.autoRenewConfirmKeep,
              onOk: cancel,
            })
          }
          disabled={asking}
        >
          {PAY_MSG.autoRenewCancel}
        </PlainButton>
      )}
      {dialog}
    </section>
  );
}
