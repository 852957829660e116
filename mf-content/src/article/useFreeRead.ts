import {
  api,
  ApiError,
  MSG,
  openLoginDialog,
  toast,
  updateSessionUser,
  useSession,
  type ArticleDetail,
  type ProviderReply,
} from '@qianyan/shared';
import { useEffect, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { accessOf, type AccessState } from './access';
import { SUBSCRIBE_PATH } from './messages';

/** Content unlocked by the month's free read, kept until the re-fetched detail carries it. */
export interface Unlocked {
  id: number;
  content: string;
  wantsay?: string;
}

/**
 * The reader's access to a detail (spec §4 reading access) and the month's free read: the state the
 * server's flags give, `claim` (articleUseMonthChance, 使用成功, then a re-fetch of the detail and of
 * the session user, whose free_read the user menu shows), and `more`, what a
 * "see more" link does in each state. Shared by /article-info and /article-particulars.
 */
export function useFreeRead({
  detail,
  fetchedLoggedIn,
  reload,
  lockRef,
}: {
  detail: ArticleDetail;
  fetchedLoggedIn: boolean;
  reload: () => void;
  /** The access panel, where `more` leads in the free-read state. */
  lockRef: RefObject<HTMLElement | null>;
}) {
  const { loggedIn } = useSession();
  const navigate = useNavigate();
  const [unlocked, setUnlocked] = useState<Unlocked | null>(null);
  const [claiming, setClaiming] = useState(false);
  const [claimError, setClaimError] = useState<string | null>(null);

  // Logging out resets what the free read unlocked (the flags reset, §4).
  useEffect(() => {
    if (!loggedIn) setUnlocked(null);
  }, [loggedIn]);

  const state: AccessState = unlocked && loggedIn ? 'open' : accessOf(detail, loggedIn, fetchedLoggedIn);

  const claim = async () => {
    setClaiming(true);
    setClaimError(null);
    try {
      const reply = await api.program.articleUseMonthChance(detail.id, { silent: true });
      setUnlocked({ id: detail.id, content: reply.article_content ?? '', wantsay: reply.wantsay });
      toast.success(MSG.useSuccess);
      reload();
      // The chrome's 本月剩余免费阅读 comes from the session user: fetch the server's new figure.
      api.user.getMemberInfo({ silent: true }).then(updateSessionUser, () => undefined);
    } catch (err) {
      const reply = err instanceof ApiError ? (err.data as ProviderReply | undefined) : undefined;
      const text = reply ? reply.msg || MSG.freeReadFailed : err instanceof Error ? err.message : MSG.freeReadFailed;
      setClaimError(text);
      toast.error(text);
    } finally {
      setClaiming(false);
    }
  };

  /** "See more": login when logged out, else the free-read or membership flow of the access panel. */
  const more = () => {
    if (state === 'login' || !loggedIn) {
      openLoginDialog();
    } else if (state === 'freeRead') {
      lockRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      lockRef.current?.focus();
    } else if (state === 'usedUp' || state === 'subscribe') {
      if (state === 'usedUp') toast.warning(MSG.freeReadsUsedUp);
      navigate(SUBSCRIBE_PATH);
    } else {
      reload();
    }
  };

  return { state, unlocked, claiming, claimError, claim, more };
}
