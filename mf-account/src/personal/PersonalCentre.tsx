// The logged-in personal centre (spec §2.9): profile card and the four tabs bound to ?type=flag1…flag4.
import { api, updateSessionUser, useApiQuery, type SessionUser } from '@qianyan/shared/core';
import { PlainLoadingState, PlainTabPanel, PlainTabs, type PlainTabItem } from '@qianyan/shared/plain';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ACCOUNT_MSG } from '../messages';
import { ProfileCard } from './ProfileCard';
import { tabChunks } from './tabChunks';
import { tabFromQuery, type PersonalTab } from './tabs';
import { useMembershipNotices } from './useMembershipNotices';

// Each tab's content is its own chunk: the open tab's is started beside the centre's (PersonalPage).
const ProfileTab = lazy(() => tabChunks.flag1().then((m) => ({ default: m.ProfileTab })));
const RecordsTab = lazy(() => tabChunks.flag2().then((m) => ({ default: m.RecordsTab })));
const SubscriptionTab = lazy(() => tabChunks.flag4().then((m) => ({ default: m.SubscriptionTab })));

const TABS_ID = 'qy-personal-tabs';
// The tab bar is drawn like antd's line Tabs without it (its overflow menu and animations are not needed for four short labels).
const TAB_ITEMS: readonly PlainTabItem<PersonalTab>[] = [
  { key: 'flag1', label: ACCOUNT_MSG.tabProfile },
  { key: 'flag2', label: ACCOUNT_MSG.tabFavourites },
  { key: 'flag3', label: ACCOUNT_MSG.tabReading },
  { key: 'flag4', label: ACCOUNT_MSG.tabSubscription },
];
const TAB_CONTENT: Record<PersonalTab, () => ReactNode> = {
  flag1: () => <ProfileTab />,
  flag2: () => <RecordsTab list="favourites" />,
  flag3: () => <RecordsTab list="reading" />,
  flag4: () => <SubscriptionTab />,
};

export function PersonalCentre({ user }: { user: SessionUser }) {
  const [params, setParams] = useSearchParams();
  const active = tabFromQuery(params.get('type'));

  const memberInfo = useApiQuery(() => api.user.getMemberInfo({ silent: true }), [user.id]);
  useEffect(() => {
    if (memberInfo.data) updateSessionUser(memberInfo.data);
  }, [memberInfo.data]);
  // The fresh reply decides; the stored user is the fallback when the refresh failed.
  const notice = useMembershipNotices(memberInfo.data ?? user, !memberInfo.loading);

  const selectTab = (key: PersonalTab) =>
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
          <div className="qy-personal__tabbed">
            <PlainTabs id={TABS_ID} className="qy-personal__tabs" items={TAB_ITEMS} activeKey={active} onChange={selectTab} />
            {/* Only the open tab is mounted: a tab left is destroyed. */}
            <PlainTabPanel key={active} id={TABS_ID} activeKey={active}>
              <Suspense fallback={<PlainLoadingState rows={6} />}>{TAB_CONTENT[active]()}</Suspense>
            </PlainTabPanel>
          </div>
        </section>
      </div>
      {notice}
    </div>
  );
}
