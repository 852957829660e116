import Type, { type Static } from 'typebox';
import { Envelope } from '../../lib/envelope.js';
import { IdList, IntEnum, MAX_ID, OneOf, PageResultSchema, pageQueryProperties, Ymd } from '../../lib/lists.js';
import { SearchHighlight } from '../content/schemas.js';

export const LessonListBody = Type.Object(
  {
    ...pageQueryProperties,
    lessonStatus: Type.Optional(Type.Integer({ description: 'Only published lessons (1) are listed', errorMessage: '课程状态不正确' })),
    subjectSerType: IdList('1 single video, 2 video series, 3 list card, 4 image-text, 5 image-text series', '课程类型不正确'),
    articalClassId: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID, description: 'One disease-area class id', errorMessage: '专业领域编号格式不正确' })),
    articalClassIds: IdList('Disease-area class ids', '专业领域编号格式不正确'),
    sortType: Type.Optional(
      OneOf([0, 1, 2, 3] as const, { description: '0 newest, 1 oldest, 2 most viewed, 3 recommended order (default; relevance in a search)', errorMessage: '排序方式不正确' }),
    ),
    startDate: Ymd('YYYYMMDD (Asia/Shanghai), with endDate'),
    endDate: Ymd('YYYYMMDD (Asia/Shanghai), with startDate'),
    searchInfo: Type.Optional(
      Type.String({
        description: 'Search words (spec §3 Course request): title, subtitle and description; the first 100 characters are read',
        errorMessage: '搜索内容格式不正确',
      }),
    ),
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
  highlight: Type.Optional(SearchHighlight),
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

/** POST /user/collectRelease and /user/cancelRelease: the conference id (lessonAdvId, §7.3). */
export const ReleaseCollectBody = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'lessonAdvId', errorMessage: '请输入会议编号' }) },
  { additionalProperties: true },
);
export type ReleaseCollectBody = Static<typeof ReleaseCollectBody>;

/** POST /lesson/selectLessonDetail: the lesson resource id. */
export const LessonDetailBody = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'lessonResId', errorMessage: '请输入课程编号' }),
    memberId: Type.Optional(Type.Unknown({ description: 'Ignored: the caller is taken from the token' })),
  },
  { additionalProperties: true },
);
export type LessonDetailBody = Static<typeof LessonDetailBody>;

const flag = (description: string) => IntEnum([1, 2] as const, { description });

export const ChildLesson = Type.Object({
  id: Type.Integer(),
  lessonResId: Type.Integer(),
  title: Type.String(),
  subhead: Type.String(),
  publishdate: Type.String(),
  subjectSerType: Type.Integer(),
  subjectType: Type.Integer(),
  coverPc: Type.String(),
  coverMobile: Type.String(),
});
export type ChildLesson = Static<typeof ChildLesson>;

export const LessonDetail = Type.Object({
  ...LessonCard.properties,
  media: Type.String({ description: 'JSON text list of {url, fileType}; [] when the reader may not watch' }),
  content: Type.String({ description: 'Rich text; empty when the reader may not watch' }),
  aboutcontent: Type.String(),
  viewCount: Type.Integer(),
  parentLessonResId: Type.Union([Type.Integer(), Type.Null()]),
  articalClassIds: Type.Array(Type.Integer()),
  items: Type.Array(Type.Object({ articalClassId: Type.Integer(), classname: Type.String() })),
  childLessonList: Type.Array(ChildLesson),
  memberOnly: Type.Integer({ description: '1 when the lesson is for members (and free reads)' }),
  /** Why the reader may not watch: login, profile (ifViewAuth 1 without a real name), member; '' when they may. */
  blockedBy: Type.Union([Type.Literal(''), Type.Literal('login'), Type.Literal('profile'), Type.Literal('member')]),
  is_subscribe: flag('2 active member, 1 otherwise'),
  is_have_view_auth: flag('1 may watch, 2 not yet'),
  is_month_chance: flag('2 one free read left, 1 used up'),
});
export type LessonDetail = Static<typeof LessonDetail>;
export const LessonDetailResponse = { 200: Envelope(LessonDetail) };

/** POST /lesson/selectLessonCount: published top-level lessons per kind. */
export const LessonCountResponse = {
  200: Envelope(
    Type.Object({
      total: Type.Integer(),
      video: Type.Integer({ description: 'subjectSerType 1 and 2' }),
      imageText: Type.Integer({ description: 'subjectSerType 4 and 5' }),
      list: Type.Integer({ description: 'subjectSerType 3' }),
    }),
  ),
};

/** POST /ConferenceAdvance/list. */
export const ConferenceListBody = Type.Object(
  {
    ...pageQueryProperties,
    lessAdvStatus: Type.Optional(OneOf([1, 2] as const, { description: '2 upcoming (notices), 1 past (reviews)', errorMessage: '会议状态不正确' })),
    articalClassIds: IdList('Disease-area class ids', '专业领域编号格式不正确'),
    memberId: Type.Optional(Type.Unknown({ description: 'Ignored: the caller is taken from the token' })),
  },
  { additionalProperties: true },
);
export type ConferenceListBody = Static<typeof ConferenceListBody>;

export const ConferenceCard = Type.Object({
  lessonAdvId: Type.Integer(),
  id: Type.Integer(),
  title: Type.String(),
  subhead: Type.String(),
  sponsor: Type.String(),
  imgPc: Type.String(),
  articelClassName: Type.String(),
  beginTime: Type.String({ description: 'ISO-8601 instant' }),
  endTime: Type.String({ description: 'ISO-8601 instant' }),
  lessAdvStatus: IntEnum([1, 2] as const, { description: '2 upcoming, 1 past' }),
  ifFav: Type.Integer(),
});
export type ConferenceCard = Static<typeof ConferenceCard>;
export const ConferenceListResponse = { 200: Envelope(PageResultSchema(ConferenceCard)) };

export const ConferenceDetailBody = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'lessonAdvId', errorMessage: '请输入会议编号' }),
    memberId: Type.Optional(Type.Unknown({ description: 'Ignored: the caller is taken from the token' })),
  },
  { additionalProperties: true },
);
export type ConferenceDetailBody = Static<typeof ConferenceDetailBody>;

export const ConferenceDetail = Type.Object({
  ...ConferenceCard.properties,
  content: Type.String(),
  media: Type.String({ description: 'JSON text list of {url, fileType}; [] for a visitor' }),
});
export type ConferenceDetail = Static<typeof ConferenceDetail>;
export const ConferenceDetailResponse = { 200: Envelope(ConferenceDetail) };

/** POST /ConferenceAdvance/subject: the disease areas that have conferences, with counts. */
export const ConferenceSubjectResponse = {
  200: Envelope(Type.Array(Type.Object({ id: Type.Integer(), classname: Type.String(), num: Type.Integer() }))),
};
