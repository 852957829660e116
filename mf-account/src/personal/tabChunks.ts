// The chunks of the personal centre's tabs (§2.9, ?type=flag1…flag4). Each tab brings its own antd
// pieces (the profile's descriptions and checkboxes, the lists' filters and pager, mf-payment's panel),
// so a first view loads only the open tab's. They are listed outside PersonalCentre so that
// PersonalPage can start the open tab's chunk together with the centre's (one round trip, not two).
import type { PersonalTab } from './tabs';

export const tabChunks = {
  flag1: () => import('./ProfileTab'),
  flag2: () => import('./records/RecordsTab'),
  flag3: () => import('./records/RecordsTab'),
  flag4: () => import('./SubscriptionTab'),
} as const;

/** Starts loading a tab's chunk (webpack loads a chunk once; a repeat is free). */
export function preloadTab(tab: PersonalTab): void {
  void tabChunks[tab]().catch(() => undefined);
}
