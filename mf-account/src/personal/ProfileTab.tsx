import { Descriptions } from 'antd';
import { ErrorState, LoadingState, type QueryState, type SessionUser } from '@qianyan/shared';
import { ACCOUNT_MSG } from '../messages';
import { identityLabel, maskMobile, membershipState, membershipText } from './membership';

/**
 * flag1: the profile in read mode, from the getMemberInfo refresh. The edit mode (§2.9) needs the
 * profile-save and change-mobile/e-mail calls of the accounts module, so it is not offered yet.
 */
export function ProfileTab({ memberInfo }: { memberInfo: QueryState<SessionUser> }) {
  const { data, loading, error, reload } = memberInfo;
  if (!data && loading) return <LoadingState rows={6} />;
  if (!data) return <ErrorState message={error?.message} onRetry={reload} />;
  const orNotFilled = (v: string | undefined | null) => v || ACCOUNT_MSG.notFilled;
  return (
    <Descriptions
      className="qy-personal__profile"
      column={1}
      bordered
      size="middle"
      items={[
        { key: 'membername', label: ACCOUNT_MSG.fieldUsername, children: data.membername },
        { key: 'truename', label: ACCOUNT_MSG.fieldTruename, children: orNotFilled(data.truename) },
        { key: 'identity', label: ACCOUNT_MSG.fieldIdentity, children: identityLabel(data.roleid, data.identity) },
        { key: 'mobile', label: ACCOUNT_MSG.fieldMobile, children: orNotFilled(maskMobile(data.mobile)) },
        { key: 'email', label: ACCOUNT_MSG.fieldEmail, children: orNotFilled(data.email) },
        { key: 'membership', label: ACCOUNT_MSG.fieldMembership, children: membershipText(membershipState(data)) },
      ]}
    />
  );
}
