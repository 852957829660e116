// Test helpers: the shared wire-shaped fixtures and router harness, with this app's specialties,
// a nine-card page and a signed-in doctor.
import type { ArticleClass, ConferenceDetail, LessonDetail, PageResult, SessionUser } from '@qianyan/shared';
import { lessonCard, pageOf as sharedPageOf, sessionUser } from '@qianyan/shared/testing';
export { lessonCard as lesson, renderAt, setViewportWidth } from '@qianyan/shared/testing';

export const CLASSES: ArticleClass[] = [
  { id: 4, classname: '心脑血管', code: 10, num: 4, xcxIconSe: '' },
  { id: 2, classname: '肿瘤', code: 20, num: 4, xcxIconSe: '' },
  { id: 7, classname: '呼吸', code: 40, num: 4, xcxIconSe: '' },
];

export function pageOf<T>(results: T[], total = results.length): PageResult<T> {
  return sharedPageOf(results, total, 1, 9);
}

export function member(over: Partial<SessionUser> = {}): SessionUser {
  return sessionUser({ membername: 'doctor', truename: '王医生', identity: '执业医师', roleid: 1, ...over });
}

/** A lesson page's reply (selectLessonDetail): a single video lesson a member may watch. */
export function lessonDetail(over: Partial<LessonDetail> = {}): LessonDetail {
  return {
    ...lessonCard({ id: 1, lessonResId: 10001, title: '读懂一篇随机对照试验', subhead: '从研究问题到主要终点' }),
    media: JSON.stringify([{ url: '/api/static/media/lesson-1.mp4?lesson=10001', fileType: 'video' }]),
    content: '<h3>课程简介</h3><p>本讲要点</p>',
    aboutcontent: '<ol><li>参考文献一</li></ol>',
    viewCount: 12,
    parentLessonResId: null,
    articalClassIds: [2],
    items: [{ articalClassId: 2, classname: '肿瘤' }],
    childLessonList: [],
    memberOnly: 0,
    blockedBy: '',
    is_subscribe: 1,
    is_have_view_auth: 1,
    is_month_chance: 2,
    ...over,
  };
}

/** A conference's reply (ConferenceAdvance detail): a notice (lessAdvStatus 2) of one day. */
export function conferenceDetail(over: Partial<ConferenceDetail> = {}): ConferenceDetail {
  return {
    lessonAdvId: 5,
    id: 5,
    title: '心血管循证医学高峰论坛',
    subhead: '从大型临床试验到指南更新',
    sponsor: '千言医学教育中心',
    imgPc: '/api/static/covers/cover-1.svg',
    articelClassName: '心脑血管',
    beginTime: '2026-12-04T01:00:00.000Z',
    endTime: '2026-12-04T09:30:00.000Z',
    lessAdvStatus: 2,
    ifFav: 0,
    content: '<p>论坛议程</p>',
    media: '[]',
    ...over,
  };
}
