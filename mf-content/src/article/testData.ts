// Wire-shaped article details for the article page tests.
import type { ArticleDetail, SessionUser } from '@qianyan/shared';

export function articleDetail(over: Partial<ArticleDetail> = {}): ArticleDetail {
  return {
    id: 101,
    title: '晚期非小细胞肺癌的一线免疫治疗',
    outtitle: 'First-Line Immunotherapy for Advanced Non-Small-Cell Lung Cancer',
    author: 'David T. Osei, M.D., Laura S. Dubois, M.D., Michael J. Okafor, M.D., 陈俊杰, 王晓明',
    pcauthor: 'David T. Osei, Laura S. Dubois, Michael J. Okafor, 陈俊杰, 王晓明',
    intro: '本文综述了一线免疫治疗的主要证据。',
    postdate: '2026-07-16T04:15:00.000Z',
    pubdate: '2026-07-06',
    classNames: '肿瘤,其他',
    typeName: '',
    filterName: '综述类',
    typeid: 0,
    sourceid: 5,
    sourceName: '期刊',
    permalinks: 'QYJ0101',
    thumb: '',
    haswantsay: 0,
    accessLevel: 'member',
    ifCollect: 0,
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

export const MEMBER: SessionUser = {
  id: 42,
  membername: 'demo_reader',
  truename: '',
  identity: '',
  roleid: 0,
  avatar: '',
  subscribe_info: { service_type: 0, service_end_date: null },
  ifNeedUpdate: 0,
};
