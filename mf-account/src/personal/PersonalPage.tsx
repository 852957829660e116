// /personal (spec §2.9): profile card and the four tabs bound to ?type=flag1…flag4.
import { Tabs } from 'antd';
import {
  api,
  MSG,
  openLoginDialog,
  toast,
  updateSessionUser,
  useApiQuery,
  useSession,
  type SessionUser,
} from '@qianyan/shared';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ACCOUNT_MSG, pageTitle } from '../messages';
import { LoginRequired } from './LoginRequired';
import { ProfileCard } from './ProfileCard';
import { ProfileTab } from './ProfileTab';
import { RecordsTab } from './records/RecordsTab';
import { SubscriptionTab } from './SubscriptionTab';
import { useMembershipNotices } from './useMembershipNotices';
import './personal.css';

export const PERSONAL_TABS = ['flag1', 'flag2', 'flag3', 'flag4'] as const;
export type PersonalTab = (typeof PERSONAL_TABS)[number];

/** flag1 (profile) is the default and stands in for anything unknown. */
export function tabFromQuery(type: string | null): PersonalTab {
  return (PERSONAL_TABS as readonly string[]).includes(type ?? '') ? (type as PersonalTab) : 'flag1';
}

export function PersonalPage() {
  const { loggedIn, user } = useSession();
  const warned = useRef(false);

  useEffect(() => {
    document.title = pageTitle(ACCOUNT_MSG.personalTitle);
  }, []);

  // Arriving logged out (§2.1, §8): 请先登录 and the login prompt, once per visit. A session lost
  // later (code 10002) is announced by the API client itself.
  useEffect(() => {
    if (loggedIn || warned.current) return;
    warned.current = true;
    toast.warning(MSG.pleaseLogin);
    openLoginDialog();
  }, [loggedIn]);

  if (!loggedIn || !user) return <LoginRequired />;
  return <PersonalCentre user={user} />;
}

function PersonalCentre({ user }: { user: SessionUser }) {
  const [params, setParams] = useSearchParams();
  const active = tabFromQuery(params.get('type'));

  const memberInfo = useApiQuery(() => api.user.getMemberInfo({ silent: true }), [user.id]);
  useEffect(() => {
    if (memberInfo.data) updateSessionUser(memberInfo.data);
  }, [memberInfo.data]);
  // The fresh reply decides; the stored user is the fallback when the refresh failed.
  useMembershipNotices(memberInfo.data ?? user, !memberInfo.loading);

  const selectTab = (key: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('type', key);
      return next;
    });

  return (
    <div className="qy-personal">
      <h1 className="qy-personal__title">{ACCOUNT_MSG.personalTitle}</h1>
      <div className="qy-personal__layout">
        <ProfileCard user={user} />
        <section className="qy-personal__main">
          <Tabs
            destroyOnHidden
            activeKey={active}
            onChange={selectTab}
            items={[
              { key: 'flag1', label: ACCOUNT_MSG.tabProfile, children: <ProfileTab /> },
              { key: 'flag2', label: ACCOUNT_MSG.tabFavourites, children: <RecordsTab list="favourites" /> },
              { key: 'flag3', label: ACCOUNT_MSG.tabReading, children: <RecordsTab list="reading" /> },
              { key: 'flag4', label: ACCOUNT_MSG.tabSubscription, children: <SubscriptionTab /> },
            ]}
          />
        </section>
      </div>
    </div>
  );
}
