import {
  api,
  ApiError,
  ARTICLE_PREV_TOKEN,
  getToken,
  useApiQuery,
  type ArticleDetail,
} from '@qianyan/shared';
import { useReloadOnSessionChange } from '../common/useReloadOnSessionChange';

/** The envelope code of a missing or withdrawn article. */
export const CODE_NOT_FOUND = 10004;

export interface ArticleRef {
  permalinks: string | null;
  id: number | null;
  prev: string | null;
}

/** Reads the article reference of /article-info (§2.1): permalinks, or a numeric id; prev selects the preview call. */
export function articleRefOf(params: URLSearchParams): ArticleRef {
  const permalinks = params.get('permalinks')?.trim() || null;
  const rawId = params.get('id');
  const id = rawId && /^\d+$/.test(rawId) ? Number(rawId) : null;
  return { permalinks, id: permalinks ? null : id, prev: params.get('prev')?.trim() || null };
}

/** Whether the page was opened from an editor's preview link (a token, not the fixed qy-preview). */
export const isPreviewLink = (ref: ArticleRef) => ref.prev !== null && ref.prev !== ARTICLE_PREV_TOKEN;

export class ArticleNotFound extends Error {
  constructor() {
    super('not found');
    this.name = 'ArticleNotFound';
  }
}

function fetchDetail(ref: ArticleRef): Promise<ArticleDetail> {
  const opts = { silent: true };
  if (ref.permalinks) {
    // Any prev goes to the preview call as it is: the server opens an editor's preview link (the
    // article in any state, as the link's audience would see it) and takes qy-preview as no token.
    return ref.prev !== null
      ? api.article.getArticleDetail2({ permalinks: ref.permalinks, prev: ref.prev }, opts)
      : api.article.getArticleDetail({ permalinks: ref.permalinks }, opts);
  }
  if (ref.id !== null) return api.article.getArticleDetailById({ id: ref.id }, opts);
  return Promise.reject(new ArticleNotFound());
}

export interface LoadedDetail {
  detail: ArticleDetail;
  /** Whether it was fetched with a session (its access flags are the reader's). */
  fetchedLoggedIn: boolean;
}

/**
 * The article detail, re-fetched after a login (onLoggedIn) and after the session ends (the access
 * flags reset, §4). A 10004 reply or a missing reference comes back as `notFound`.
 */
export function useArticleDetail(ref: ArticleRef) {
  const query = useApiQuery<LoadedDetail>(async () => {
    const fetchedLoggedIn = !!getToken();
    const detail = await fetchDetail(ref);
    if (!detail) throw new ArticleNotFound();
    return { detail, fetchedLoggedIn };
  }, [ref.permalinks, ref.id, ref.prev]);
  useReloadOnSessionChange(query.reload);

  // A preview link the server refuses (expired, revoked, another article's) keeps its own message.
  const notFound =
    query.error instanceof ArticleNotFound ||
    (query.error instanceof ApiError && query.error.code === CODE_NOT_FOUND && !isPreviewLink(ref));
  return { ...query, notFound };
}
