import { useSession, type ArticleDetail } from '@qianyan/shared';
import { FreeReadNote, freeReadsLeft } from '@qianyan/shared/plain';

/**
 * 本月剩余免费阅读 N 篇 and when it renews, for a logged-in non-member on a member article. The figure
 * is the detail's is_month_chance (the server's), 0 from the moment this reader's claim succeeds
 * (`claimed`) until the re-fetched detail says so; the date is the session user's free_read.
 */
export function FreeReadsLeft({
  detail,
  fetchedLoggedIn,
  claimed,
}: {
  detail: Pick<ArticleDetail, 'accessLevel' | 'is_subscribe' | 'is_month_chance'>;
  fetchedLoggedIn: boolean;
  claimed: boolean;
}) {
  const { loggedIn, user } = useSession();
  // is_subscribe 2 is an active member; flags fetched without a session are a visitor's, not this reader's.
  if (!loggedIn || !fetchedLoggedIn || detail.is_subscribe !== 1 || detail.accessLevel !== 'member') return null;
  return (
    <FreeReadNote
      className="qy-ai-free-reads"
      live
      remaining={claimed ? 0 : freeReadsLeft(detail.is_month_chance)}
      renewsOn={user?.free_read?.renews_on}
    />
  );
}
