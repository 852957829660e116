// Typed API functions: the only way apps reach the server (CONVENTIONS: no raw axios in components).
import { get, post, provider, type CallOptions } from './http';
import { getMemberId } from '../session/store';
import type {
  ArticleClass,
  ArticleDetail,
  ArticleListItem,
  ArticleListQuery,
  LessonCard,
  LessonListQuery,
  LoginReply,
  MonthChanceReply,
  PageResult,
  ServiceListReply,
  SessionUser,
} from '../types';

/**
 * The fixed `prev` query token of /article-info (§7.5): when the page URL carries `prev=qy-preview`,
 * the page loads the article through getArticleDetail2 (the editors' preview variant) instead of
 * getArticleDetail.
 */
export const ARTICLE_PREV_TOKEN = 'qy-preview';

export interface SiteConfigReply {
  downloadIosUrl: string;
  downloadAndroidUrl: string;
  medicalHumanitiesUrl: string;
  membershipBaseUrl: string;
}

export const api = {
  login: {
    login: (body: { accountName: string; password: string }, opts?: CallOptions) =>
      post<LoginReply>('/api/login/login', body, opts),
    userLogout: (opts?: CallOptions) => post<null>('/api/login/userLogout', {}, opts),
  },
  user: {
    getMemberInfo: (opts?: CallOptions) => post<SessionUser>('/api/user/getMemberInfo', {}, opts),
    /** Collects an article (§4 collect toggle); a truthy reply is success. */
    collectArticle: (body: { id: number }, opts?: CallOptions) => post<boolean>('/api/user/collectArticle', body, opts),
    /** Removes an article from the favourites; a truthy reply is success. */
    cancelCollect: (body: { id: number }, opts?: CallOptions) => post<boolean>('/api/user/cancelCollect', body, opts),
  },
  base: {
    siteConfig: (opts?: CallOptions) => get<SiteConfigReply>('/api/base/siteConfig', undefined, opts),
  },
  article: {
    selectArticleClass: (opts?: CallOptions) => post<ArticleClass[]>('/api/article/selectArticleClass', {}, opts),
    /** memberId is attached for the signed-in reader (§6); the server trusts only the token. */
    selectArticleList: (query: ArticleListQuery, opts?: CallOptions) =>
      post<PageResult<ArticleListItem>>('/api/article/selectArticleList', { memberId: getMemberId(), ...query }, opts),
    /** Article detail by permalinks (§7.5), with the reader's access flags. */
    getArticleDetail: (body: { permalinks: string }, opts?: CallOptions) =>
      post<ArticleDetail>('/api/article/getArticleDetail', { memberId: getMemberId(), ...body }, opts),
    /** The preview variant, used when the page's `prev` query equals ARTICLE_PREV_TOKEN. */
    getArticleDetail2: (body: { permalinks: string }, opts?: CallOptions) =>
      post<ArticleDetail>('/api/article/getArticleDetail2', { memberId: getMemberId(), ...body }, opts),
    getArticleDetailById: (body: { id: number }, opts?: CallOptions) =>
      post<ArticleDetail>('/api/article/getArticleDetailById', { memberId: getMemberId(), ...body }, opts),
    /** Items related to an article (§7.5), shown beside it. */
    getRelationVideo: (body: { permalinks: string }, opts?: CallOptions) =>
      post<ArticleListItem[]>('/api/article/getRelationVideo', { memberId: getMemberId(), ...body }, opts),
  },
  lesson: {
    selectLessonList: (query: LessonListQuery, opts?: CallOptions) =>
      post<PageResult<LessonCard>>(
        '/api/lesson/selectLessonList',
        { lessonStatus: 1, sortType: 3, memberId: getMemberId(), ...query },
        opts,
      ),
  },
  program: {
    getServiceList: (opts?: CallOptions) => provider<ServiceListReply>('program', 'getServiceList', { ut: 1 }, opts),
    /**
     * Uses the month's one free read on an article (§4, §7.6). Throws ApiError (data = the reply) when
     * result is not 1; callers show the reply's msg, else MSG.freeReadFailed.
     */
    articleUseMonthChance: (articleId: number, opts?: CallOptions) =>
      provider<MonthChanceReply>('program', 'articleUseMonthChance', { id: articleId }, opts),
  },
};

export type Api = typeof api;
