import Type, { type Static } from 'typebox';
import { Envelope } from '../../lib/envelope.js';
import { IdList, IntEnum, OneOf, PageResultSchema, pageQueryProperties, Ymd } from '../../lib/lists.js';

export const ArticleClass = Type.Object({
  id: Type.Integer(),
  classname: Type.String(),
  code: Type.Integer({ description: 'Professional-field code, 10..70' }),
  num: Type.Integer({ description: 'Published courses in this class' }),
  xcxIconSe: Type.String(),
});
export type ArticleClass = Static<typeof ArticleClass>;

export const ArticleClassResponse = { 200: Envelope(Type.Array(ArticleClass)) };

export const ArticleListBody = Type.Object(
  {
    ...pageQueryProperties,
    sourceIds: IdList('Source ids: 5 journal, 6 digest, 7 animation, 8 audio, 9 clinical research writing, 10 catalyst, 11 evidence, 1 commentary', '来源编号格式不正确'),
    sortType: Type.Optional(OneOf([0, 1, 2] as const, { description: '0 newest first, 1 oldest first, 2 most read', errorMessage: '排序方式不正确' })),
    startDate: Ymd('YYYYMMDD (Asia/Shanghai), with endDate'),
    endDate: Ymd('YYYYMMDD (Asia/Shanghai), with startDate'),
    articleClassIds: IdList('Disease-area class ids', '专业领域编号格式不正确'),
    articleFilterIds: IdList('Filter (tab) ids', '文章分类编号格式不正确'),
    articleTypeIds: IdList('Article type ids (clinical research writing)', '文章类型编号格式不正确'),
    articleIds: IdList('Only these articles', '文章编号格式不正确'),
    haswantsay: Type.Optional(OneOf([0, 1] as const, { description: '1: only articles with a commentary; 0 or absent: no filter', errorMessage: '述评参数不正确' })),
    memberId: Type.Optional(Type.Unknown({ description: 'Ignored: the caller is taken from the token' })),
  },
  { additionalProperties: true },
);
export type ArticleListBody = Static<typeof ArticleListBody>;

export const ArticleListItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  outtitle: Type.String(),
  author: Type.String(),
  pcauthor: Type.String(),
  intro: Type.String(),
  postdate: Type.String({ description: 'ISO-8601 instant' }),
  pubdate: Type.String({ description: 'YYYY-MM-DD, or empty' }),
  classNames: Type.String({ description: 'Comma list' }),
  typeName: Type.String(),
  filterName: Type.String(),
  typeid: Type.Integer(),
  sourceid: Type.Integer(),
  sourceName: Type.String(),
  permalinks: Type.String(),
  thumb: Type.String(),
  haswantsay: IntEnum([0, 1] as const),
  accessLevel: Type.Unsafe<'public' | 'login' | 'member'>({ type: 'string', enum: ['public', 'login', 'member'] }),
  ifCollect: Type.Integer({ description: '0 when not collected by the caller' }),
});
export type ArticleListItem = Static<typeof ArticleListItem>;

export const ArticleListResponse = { 200: Envelope(PageResultSchema(ArticleListItem)) };
