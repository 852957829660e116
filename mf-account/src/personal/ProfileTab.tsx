// flag1 (§2.9): the profile in read mode (编辑 opens the form; 保存 / 取消), the account rows with their
// change dialogs, and the consent checkboxes.
import { api, getSession, MSG, updateSessionUser, useApiQuery, type Profile } from '@qianyan/shared/core';
import {
  EditIcon,
  PlainButton,
  PlainDescriptions,
  PlainLoadingState,
  PlainQueryPending,
  PlainWarningAlert,
  useMinWidth,
  type PlainDescriptionItem,
} from '@qianyan/shared/plain';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ACCOUNT_MSG } from '../messages';
import { PROFILE_TEXT } from '../profile/messages';
import { ConsentSettings } from './ConsentSettings';
import { identityLabel, maskMobile, membershipState, membershipText } from './membership';
import { PERSONAL_TEXT as T } from './messages';

// The read mode is the tab's first view, drawn without antd. The form (cascader, selects, inputs, in
// antd's brand theme) loads when 编辑 is pressed, and the account dialogs at the first 修改 or 绑定.
const loadProfileForm = () => import('../profile/ThemedProfileForm');
const ProfileForm = lazy(() => loadProfileForm().then((m) => ({ default: m.ThemedProfileForm })));
const UsernameDialog = lazy(() => import('./AccountDialogs').then((m) => ({ default: m.UsernameDialog })));
const PasswordDialog = lazy(() => import('./AccountDialogs').then((m) => ({ default: m.PasswordDialog })));
const MobileDialog = lazy(() => import('./AccountDialogs').then((m) => ({ default: m.MobileDialog })));
const EmailDialog = lazy(() => import('./AccountDialogs').then((m) => ({ default: m.EmailDialog })));

type DialogName = 'username' | 'password' | 'mobile' | 'email';

/** antd's `lg` breakpoint: from it on the profile's rows hold two pairs. */
const TWO_COLUMNS_FROM = 992;

/** The session user follows the profile: the header and the card show the new name and avatar. */
export function syncSessionUser(p: Profile) {
  const session = getSession();
  if (!session || session.user.id !== p.id) return;
  updateSessionUser({
    ...session.user,
    membername: p.membername,
    truename: p.truename,
    identity: p.identity,
    roleid: p.roleid,
    avatar: p.avatar,
    mobile: p.mobile,
    email: p.email,
    ifNeedUpdate: p.ifNeedUpdate,
  });
}

/** The identity's own rows of the read mode (§3 Profile). */
export function roleRows(p: Profile): { key: string; label: string; value: string }[] {
  const row = (key: keyof Profile & keyof typeof PROFILE_TEXT, value = String(p[key] ?? '')) => ({
    key,
    label: PROFILE_TEXT[key],
    value,
  });
  if (p.identity === '执业医师') return [row('hospital'), row('division'), row('joblevel'), row('jobname')];
  if (p.identity === '医学生') return [row('university'), row('majors'), row('entranceYear'), row('qualification')];
  if (p.identity === '其他') return [row('otherCompany'), row('otherDepartment'), row('otherJobname')];
  return [];
}

export function ProfileTab() {
  const query = useApiQuery(() => api.user.getUserInfo({ silent: true }), []);
  const [profile, setProfile] = useState<Profile | null>(null);
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<DialogName | null>(null);
  // The dialogs stay mounted once one was opened, so they close with antd's animation.
  const [dialogsWanted, setDialogsWanted] = useState(false);
  const twoColumns = useMinWidth(TWO_COLUMNS_FROM);
  const openDialog = (name: DialogName) => {
    setDialogsWanted(true);
    setDialog(name);
  };

  useEffect(() => {
    if (query.data) setProfile(query.data);
  }, [query.data]);

  const changed = (p: Profile | null) => {
    if (p) {
      setProfile(p);
      syncSessionUser(p);
    }
  };

  if (!profile) return <PlainQueryPending query={query} rows={8} />;

  if (editing) {
    return (
      <Suspense fallback={<PlainLoadingState rows={8} />}>
        <section className="qy-profile" aria-label={T.editingProfile}>
          <header className="qy-profile__head">
            <h2>{T.editingProfile}</h2>
          </header>
          <ProfileForm
            initial={profile}
            submitText={T.save}
            onSaved={(p) => {
              changed(p);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        </section>
      </Suspense>
    );
  }

  const orNotFilled = (v: string | null | undefined) => v || ACCOUNT_MSG.notFilled;
  const closeDialog = () => setDialog(null);
  const done = (p: Profile | null) => {
    changed(p);
    closeDialog();
  };
  // An account row: its value, and 修改 (or 绑定 while unbound) opening the row's dialog.
  const accountRow = (name: DialogName, label: string, value: ReactNode, bound = true): PlainDescriptionItem => ({
    key: name,
    label,
    children: (
      <span className="qy-profile__value-row">
        <span>{value}</span>
        <PlainButton variant="link" size="small" onClick={() => openDialog(name)} aria-label={`${bound ? T.change : T.bind}${label}`}>
          {bound ? T.change : T.bind}
        </PlainButton>
      </span>
    ),
  });

  return (
    <div className="qy-profile">
      {profile.ifNeedUpdate === 1 && <PlainWarningAlert className="qy-profile__alert" title={MSG.updateProfile} />}

      <section className="qy-profile__section" aria-labelledby="qy-profile-basic">
        <header className="qy-profile__head">
          <h2 id="qy-profile-basic">{T.sectionProfile}</h2>
          <PlainButton
            icon={<EditIcon />}
            onClick={() => setEditing(true)}
            // A pointer on its way or the focus starts the form's chunk before the press.
            onMouseEnter={() => void loadProfileForm()}
            onFocus={() => void loadProfileForm()}
          >
            {T.edit}
          </PlainButton>
        </header>
        <PlainDescriptions
          className="qy-personal__profile"
          columns={twoColumns ? 2 : 1}
          items={[
            { key: 'truename', label: ACCOUNT_MSG.fieldTruename, children: orNotFilled(profile.truename) },
            { key: 'identity', label: ACCOUNT_MSG.fieldIdentity, children: identityLabel(profile.roleid, profile.identity) },
            { key: 'city', label: T.fieldCity, children: orNotFilled(profile.cityName), span: 'row' },
            ...roleRows(profile).map((r) => ({ key: r.key, label: r.label, children: orNotFilled(r.value) })),
          ]}
        />
      </section>

      <section className="qy-profile__section" aria-labelledby="qy-profile-account">
        <header className="qy-profile__head">
          <h2 id="qy-profile-account">{T.sectionAccount}</h2>
        </header>
        <PlainDescriptions
          className="qy-personal__profile qy-profile__account"
          items={[
            accountRow('username', ACCOUNT_MSG.fieldUsername, profile.membername),
            accountRow('mobile', ACCOUNT_MSG.fieldMobile, orNotFilled(maskMobile(profile.mobile)), !!profile.mobile),
            accountRow('email', ACCOUNT_MSG.fieldEmail, orNotFilled(profile.email), !!profile.email),
            accountRow('password', T.fieldPassword, T.passwordMask),
            { key: 'membership', label: ACCOUNT_MSG.fieldMembership, children: membershipText(membershipState(profile)) },
          ]}
        />
      </section>

      <section className="qy-profile__section" aria-labelledby="qy-profile-consents">
        <header className="qy-profile__head">
          <h2 id="qy-profile-consents">{T.sectionConsents}</h2>
        </header>
        <ConsentSettings profile={profile} onSaved={changed} />
      </section>

      {dialogsWanted && (
        <Suspense fallback={null}>
          <UsernameDialog open={dialog === 'username'} current={profile.membername} onClose={closeDialog} onDone={done} />
          <PasswordDialog open={dialog === 'password'} onClose={closeDialog} onDone={done} />
          <MobileDialog open={dialog === 'mobile'} onClose={closeDialog} onDone={done} />
          <EmailDialog open={dialog === 'email'} onClose={closeDialog} onDone={done} />
        </Suspense>
      )}
    </div>
  );
}
