// Typed API functions: the only way apps reach the server (CONVENTIONS: no raw axios in components).
import { get, post, provider, type CallOptions } from './http';
import { getMemberId } from '../session/store';
import type {
  ArticleClass,
  ArticleListItem,
  ArticleListQuery,
  LessonCard,
  LessonListQuery,
  LoginReply,
  PageResult,
  ServiceListReply,
  SessionUser,
} from '../types';

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
  },
  base: {
    siteConfig: (opts?: CallOptions) => get<SiteConfigReply>('/api/base/siteConfig', undefined, opts),
  },
  article: {
    selectArticleClass: (opts?: CallOptions) => post<ArticleClass[]>('/api/article/selectArticleClass', {}, opts),
    /** memberId is attached for the signed-in reader (§6); the server trusts only the token. */
    selectArticleList: (query: ArticleListQuery, opts?: CallOptions) =>
      post<PageResult<ArticleListItem>>('/api/article/selectArticleList', { memberId: getMemberId(), ...query }, opts),
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
  },
};

export type Api = typeof api;
