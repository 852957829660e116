// The personal centre's tabs, bound to ?type=flag1…flag4 (spec §2.9).
export const PERSONAL_TABS = ['flag1', 'flag2', 'flag3', 'flag4'] as const;
export type PersonalTab = (typeof PERSONAL_TABS)[number];

/** flag1 (profile) is the default and stands in for anything unknown. */
export function tabFromQuery(type: string | null): PersonalTab {
  return (PERSONAL_TABS as readonly string[]).includes(type ?? '') ? (type as PersonalTab) : 'flag1';
}
