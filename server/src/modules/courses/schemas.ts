import Type, { type Static } from 'typebox';
import { Envelope } from '../../lib/envelope.js';
import { IdList, IntEnum, MAX_ID, OneOf, PageResultSchema, pageQueryProperties, Ymd } from '../../lib/lists.js';

export const LessonListBody = Type.Object(
  {
    ...pageQueryProperties,
    lessonStatus: Type.Optional(Type.Integer({ description: 'Only published lessons (1) are listed', errorMessage: '课程状态不正确' })),
    subjectSerType: IdList('1 single video, 2 video series, 3 list card, 4 image-text, 5 image-text series', '课程类型不正确'),
    articalClassId: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID, description: 'One disease-area class id', errorMessage: '专业领域编号格式不正确' })),
    articalClassIds: IdList('Disease-area class ids', '专业领域编号格式不正确'),
    sortType: Type.Optional(
      OneOf([0, 1, 2, 3] as const, { description: '0 newest, 1 oldest, 2 most viewed, 3 recommended order (default)', errorMessage: '排序方式不正确' }),
    ),
    startDate: Ymd('YYYYMMDD (Asia/Shanghai), with endDate'),
    endDate: Ymd('YYYYMMDD (Asia/Shanghai), with startDate'),
    searchInfo: Type.Optional(Type.String({ maxLength: 100, description: 'Words in the title or subtitle', errorMessage: '搜索内容过长' })),
    memberId: Type.Optional(Type.Unknown({ description: 'Ignored: the caller is taken from the token' })),
  },
  { additionalProperties: true },
);
export type LessonListBody = Static<typeof LessonListBody>;

export const LessonCard = Type.Object({
  id: Type.Integer(),
  lessonResId: Type.Integer(),
  title: Type.String(),
  subhead: Type.String(),
  publishdate: Type.String({ description: 'ISO-8601 instant' }),
  createTime: Type.String({ description: 'ISO-8601 instant' }),
  subjectSerType: IntEnum([1, 2, 3, 4, 5] as const),
  subjectType: Type.Integer({ description: '1 or 4 audio, 2 video, 3 image-text' }),
  ifViewAuth: IntEnum([1, 2] as const, { description: '1 login + complete profile, 2 login' }),
  coverPc: Type.String({ description: 'JSON text list of {url}' }),
  coverMobile: Type.String({ description: 'JSON text list of {url}' }),
  classNames: Type.String(),
  outsideChain: Type.String(),
  ifFav: Type.Integer({ description: '0 when not collected by the caller' }),
});
export type LessonCard = Static<typeof LessonCard>;

export const LessonListResponse = { 200: Envelope(PageResultSchema(LessonCard)) };

/** The query of the personal centre's lesson lists (favourites, viewed): MyListQuery of shared/src/types.ts. */
export interface MyLessonListQuery {
  pageNo?: number;
  pageSize?: number;
  startDate?: string;
  endDate?: string;
  subjectSerType?: number[] | string | number;
  articleClassIds?: number[] | string | number;
}

/** POST /user/collectLesson and /user/cancelCollectLesson: the lesson resource id (§7.3). */
export const LessonCollectBody = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'lessonResId', errorMessage: '请输入课程编号' }) },
  { additionalProperties: true },
);
export type LessonCollectBody = Static<typeof LessonCollectBody>;
export const LessonCollectResponse = { 200: Envelope(Type.Boolean()) };
