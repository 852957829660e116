import type { ArticleDetail } from '@qianyan/shared';

/**
 * What the reader may see of an article (spec §4 reading access):
 * - open: the full content;
 * - login: logged out and locked, the intro and 登录即可阅读;
 * - freeRead: non-subscriber with the month's free read left (is_subscribe 1, is_have_view_auth 2, is_month_chance 2);
 * - usedUp: the same with the free read used (is_month_chance 1): 您本月的免费浏览次数已用完，请付费观看！;
 * - subscribe: locked for any other reason: offer membership.
 */
export type AccessState = 'open' | 'login' | 'freeRead' | 'usedUp' | 'subscribe';

type Flags = Pick<ArticleDetail, 'contentLocked' | 'accessLevel' | 'is_subscribe' | 'is_have_view_auth' | 'is_month_chance'>;

/**
 * `fetchedLoggedIn` is whether the detail was fetched with a session. Logging out on an article resets
 * the access flags (§4): a detail fetched while logged in must not stay readable after logout, even in
 * the moment before the re-fetch answers.
 */
export function accessOf(detail: Flags, loggedIn: boolean, fetchedLoggedIn = loggedIn): AccessState {
  if (!loggedIn) {
    const stale = fetchedLoggedIn && detail.accessLevel !== 'public';
    return detail.contentLocked || stale ? 'login' : 'open';
  }
  if (!detail.contentLocked) return 'open';
  if (detail.is_subscribe === 1 && detail.is_have_view_auth === 2) {
    return detail.is_month_chance === 2 ? 'freeRead' : 'usedUp';
  }
  return 'subscribe';
}
