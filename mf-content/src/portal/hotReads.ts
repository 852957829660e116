import { MSG, type HotReadItem, type SessionUser } from '@qianyan/shared';

/** Where a hot read leads (spec §2.2: 10 lesson, 20 meeting notice, 30 meeting review, 40 article). */
export function hotReadHref(item: Pick<HotReadItem, 'relationType' | 'id' | 'permalinks'>): string {
  switch (item.relationType) {
    case 10:
      return `/course-video?id=${item.id}`;
    case 20:
      return `/meeting-notice?id=${item.id}`;
    case 30:
      return `/meeting-review?id=${item.id}`;
    default:
      return `/article-info?permalinks=${encodeURIComponent(item.permalinks)}`;
  }
}

/** A profile counts as complete for hot reads when it has a role (spec §4: type 10 looks at roleid). */
function hasRole(user: Pick<SessionUser, 'roleid' | 'identity'> | null | undefined): boolean {
  if (!user) return false;
  if (user.roleid === 1 || user.roleid === 5) return true;
  // roleid 0 is both "other" and "not chosen yet": only a chosen identity tells them apart.
  return !!user.identity && user.identity !== '0';
}

export type HotReadGate = { ok: true } | { ok: false; reason: 'login' | 'profile'; message: string };

/**
 * The access check before opening a hot read (spec §4 content access by ifViewAuth): a lesson needs
 * login, and with ifViewAuth 1 also a completed profile. Other items open their page, which gates itself.
 */
export function gateHotRead(item: Pick<HotReadItem, 'relationType' | 'ifViewAuth'>, loggedIn: boolean, user: Pick<SessionUser, 'roleid' | 'identity'> | null | undefined): HotReadGate {
  if (item.relationType !== 10) return { ok: true };
  if (!loggedIn) return { ok: false, reason: 'login', message: MSG.loginToWatch };
  if (item.ifViewAuth === 1 && !hasRole(user)) return { ok: false, reason: 'profile', message: MSG.profileIncomplete };
  return { ok: true };
}
