import Type, { type Static } from 'typebox';
import { Envelope } from '../../lib/envelope.js';
import { IdList, IntEnum, MAX_ID, OneOf, PageResultSchema, pageQueryProperties, Ymd } from '../../lib/lists.js';

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
    sortType: Type.Optional(
      OneOf([0, 1, 2, 3] as const, {
        description: '0 newest first, 1 oldest first, 2 most read; 3 relevance, the default of a search (a list takes 3 as 0)',
        errorMessage: '排序方式不正确',
      }),
    ),
    searchInfo: Type.Optional(
      Type.String({
        description: 'Search words (spec §3 Search request): a non-blank text makes the list a search; the first 100 characters are read',
        errorMessage: '搜索内容格式不正确',
      }),
    ),
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

/** Search replies only: escaped text whose only tags are <em> around the matched words. */
export const SearchHighlight = Type.Object({
  title: Type.Optional(Type.String()),
  intro: Type.Optional(Type.String()),
  snippet: Type.Optional(Type.String({ description: 'A match elsewhere (never from text the reader may not see)' })),
});

const articleListItemProperties = {
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
  highlight: Type.Optional(SearchHighlight),
};

export const ArticleListItem = Type.Object(articleListItemProperties);
export type ArticleListItem = Static<typeof ArticleListItem>;

export const ArticleListResponse = {
  200: Envelope(
    Type.Object({
      ...PageResultSchema(ArticleListItem).properties,
      didYouMean: Type.Optional(
        Type.String({ description: 'A search only: for a misspelled English term, the nearest English term or abbreviation of the medical glossary (search for it instead)' }),
      ),
    }),
  ),
};


const ignoredMemberId = Type.Optional(Type.Unknown({ description: 'Ignored: the caller is taken from the token' }));

export const PermalinksBody = Type.Object(
  {
    permalinks: Type.Optional(
      Type.String({ maxLength: 64, description: 'The article key, e.g. QYJ0001', errorMessage: '文章标识格式不正确' }),
    ),
    memberId: ignoredMemberId,
  },
  { additionalProperties: true },
);
export type PermalinksBody = Static<typeof PermalinksBody>;

/** getArticleDetail2: the page's `prev` query rides along (spec §2.1, §7.5). */
export const PreviewDetailBody = Type.Object(
  {
    ...PermalinksBody.properties,
    prev: Type.Optional(
      Type.String({
        maxLength: 128,
        description: "The page's prev query: an editor's preview token (modules/editorial) shows the article in any state as that link's audience; the fixed qy-preview or none reads as getArticleDetail",
        errorMessage: '预览链接格式不正确',
      }),
    ),
  },
  { additionalProperties: true },
);
export type PreviewDetailBody = Static<typeof PreviewDetailBody>;

const articleId = (description: string) =>
  Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, description, errorMessage: '文章编号格式不正确' }));

export const ArticleIdBody = Type.Object(
  { id: articleId('Article id'), memberId: ignoredMemberId },
  { additionalProperties: true },
);
export type ArticleIdBody = Static<typeof ArticleIdBody>;

const flag = (description: string) => IntEnum([1, 2] as const, { description });

/**
 * The detail page's article (spec §3 Article). Gated per ARCHITECTURE §3.3: a reader who may not
 * view it gets content '', only the commentary before its first <hr>, and no videoUrl.
 */
export const ArticleDetail = Type.Object({
  ...articleListItemProperties,
  content: Type.String({ description: "Body HTML; '' when contentLocked" }),
  wantsay: Type.String({ description: 'Commentary HTML; only the part before the first <hr> when wantsayTruncated' }),
  wantsayTitle: Type.String(),
  wantsayTruncated: Type.Boolean({ description: 'true when only the free part of the commentary was sent' }),
  contentLocked: Type.Boolean({ description: 'true when the body (and video) were withheld' }),
  coi: Type.String({ description: 'Conflict-of-interest disclosure (HTML)' }),
  hascoi: IntEnum([0, 1] as const),
  keyword: Type.String(),
  aboutcontent: Type.String({ description: 'References (HTML); not gated' }),
  appendix: Type.String({ description: 'Not gated' }),
  thank: Type.String({ description: 'Acknowledgements; not gated' }),
  videoUrl: Type.String({ description: "'' when contentLocked" }),
  outlink: Type.String({ description: "Link to the original article, '' when none" }),
  relationArticleIds: Type.String({ description: 'Comma list of related article ids' }),
  professionalTitle: Type.String({ description: 'The primary disease area (first class name)' }),
  is_subscribe: flag('2 active member, 1 otherwise'),
  is_have_view_auth: flag('1 may view, 2 not yet'),
  is_month_chance: flag('2 one free read left this month, 1 used up (1 for visitors)'),
  // The English original (bilingual reading), gated as the Chinese fields beside it.
  hasEnglish: IntEnum([0, 1] as const, { description: '1 when the article has an English original (body, abstract or commentary)' }),
  enAuthors: Type.String({ description: "The English original's author line; not gated" }),
  enAbstract: Type.String({ description: 'The English abstract (beside intro); not gated' }),
  enBody: Type.String({ description: "The English body HTML, block-aligned with content; '' when contentLocked" }),
  enWantsay: Type.String({ description: "The commentary's English HTML; only the part before its first <hr> when enWantsayTruncated" }),
  enWantsayTruncated: Type.Boolean({ description: "true when only the free part of the commentary's English was sent" }),
  enReferences: Type.String({ description: "The English original's references (HTML); not gated" }),
});
export type ArticleDetail = Static<typeof ArticleDetail>;

export const ArticleDetailResponse = { 200: Envelope(ArticleDetail) };

export const RelationVideoResponse = { 200: Envelope(Type.Array(ArticleListItem)) };

export const ArticleSource = Type.Object({ id: Type.Integer(), name: Type.String(), logo: Type.String() });
export type ArticleSource = Static<typeof ArticleSource>;
export const ArticleSourceResponse = { 200: Envelope(Type.Array(ArticleSource)) };

export const ArticleFilterBody = Type.Object(
  {
    sourceId: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MAX_ID, description: 'The tabs of this source', errorMessage: '来源编号格式不正确' }),
    ),
    filterId: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MAX_ID, description: 'The tabs of the source this filter belongs to', errorMessage: '文章分类编号格式不正确' }),
    ),
  },
  { additionalProperties: true },
);
export type ArticleFilterBody = Static<typeof ArticleFilterBody>;

export const ArticleFilter = Type.Object({ id: Type.Integer(), filtername: Type.String() });
export type ArticleFilter = Static<typeof ArticleFilter>;
export const ArticleFilterResponse = { 200: Envelope(Type.Array(ArticleFilter)) };

export const CollectBody = Type.Object({ id: articleId('Article id') }, { additionalProperties: true });
export type CollectBody = Static<typeof CollectBody>;
export const CollectResponse = { 200: Envelope(Type.Boolean()) };

export const MyArticleListBody = Type.Object(
  {
    ...pageQueryProperties,
    startDate: Ymd('YYYYMMDD (Asia/Shanghai): collected or last read from this day, with endDate'),
    endDate: Ymd('YYYYMMDD (Asia/Shanghai): collected or last read up to this day, with startDate'),
    articleClassIds: IdList('Disease-area class ids', '专业领域编号格式不正确'),
    sourceIds: IdList('Source ids', '来源编号格式不正确'),
    subjectSerType: Type.Optional(Type.Unknown({ description: 'Ignored (lesson lists only)' })),
    memberId: ignoredMemberId,
  },
  { additionalProperties: true },
);
export type MyArticleListBody = Static<typeof MyArticleListBody>;
