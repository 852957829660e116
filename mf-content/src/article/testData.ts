// Wire-shaped article details for the article page tests.
import type { ArticleDetail, SessionUser } from '@qianyan/shared';
import { articleListItem, sessionUser } from '@qianyan/shared/testing';

export function articleDetail(over: Partial<ArticleDetail> = {}): ArticleDetail {
  return {
    ...articleListItem({
      id: 101,
      title: '晚期非小细胞肺癌的一线免疫治疗',
      outtitle: 'First-Line Immunotherapy for Advanced Non-Small-Cell Lung Cancer',
      author: 'David T. Osei, M.D., Laura S. Dubois, M.D., Michael J. Okafor, M.D., 陈俊杰, 王晓明',
      pcauthor: 'David T. Osei, Laura S. Dubois, Michael J. Okafor, 陈俊杰, 王晓明',
      intro: '本文综述了一线免疫治疗的主要证据。',
      permalinks: 'QYJ0101',
      accessLevel: 'member',
    }),
    content: '',
    wantsay: '',
    wantsayTitle: '',
    wantsayTruncated: false,
    contentLocked: true,
    coi: '',
    hascoi: 0,
    keyword: '免疫治疗,肺癌',
    aboutcontent: '',
    appendix: '',
    thank: '',
    videoUrl: '',
    outlink: '',
    relationArticleIds: '',
    professionalTitle: '',
    is_subscribe: 1,
    is_have_view_auth: 2,
    is_month_chance: 2,
    hasEnglish: 0,
    enAuthors: '',
    enAbstract: '',
    enBody: '',
    enWantsay: '',
    enWantsayTruncated: false,
    enReferences: '',
    ...over,
  };
}

/** The detail a reader who may read it gets. */
export function openDetail(over: Partial<ArticleDetail> = {}): ArticleDetail {
  return articleDetail({
    contentLocked: false,
    content: '<p>正文第一段：研究设计与方法。</p>',
    aboutcontent: '<ol><li>Reck M. N Engl J Med 2016.</li></ol>',
    is_subscribe: 2,
    is_have_view_auth: 1,
    ...over,
  });
}

export const MEMBER: SessionUser = sessionUser({ id: 42 });
