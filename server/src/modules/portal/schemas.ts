import Type, { type Static } from 'typebox';
import { Envelope } from '../../lib/envelope.js';
import { IntEnum, MAX_ID, OneOf, PageResultSchema, pageQueryProperties } from '../../lib/lists.js';

// ---- base/getBanner, base/getModularSwitch (spec §7.2) ----

export const BannerBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$', description: 'Banner code: home, classroom', errorMessage: '横幅编号不正确' }),
  },
  { additionalProperties: true },
);

export const BannerPicture = Type.Object({
  pic: Type.String({ description: 'Image URL' }),
  title: Type.String(),
  intro: Type.String(),
  url: Type.String({ description: 'Where a click goes; may be empty' }),
});
export type BannerPicture = Static<typeof BannerPicture>;

export const BannerReply = Type.Object({
  code: Type.String(),
  content: Type.Array(BannerPicture, { description: 'The pictures in order; empty when the code has no banner' }),
});
export type BannerReply = Static<typeof BannerReply>;
export const BannerResponse = { 200: Envelope(BannerReply) };

export const ModularSwitchBody = Type.Object(
  {
    moduleName: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_]+$', description: 'advert, hot_read', errorMessage: '模块名称不正确' }),
  },
  { additionalProperties: true },
);
export const ModularSwitchReply = Type.Object({
  moduleName: Type.String(),
  switchValue: IntEnum([0, 1] as const, { description: '1 on; 0 off (also for an unknown module)' }),
});
export type ModularSwitchReply = Static<typeof ModularSwitchReply>;
export const ModularSwitchResponse = { 200: Envelope(ModularSwitchReply) };

// ---- advert/selectAdvertList (spec §7.5) ----

export const ADVERT_POSITIONS = ['bottom', 'right-one', 'right-two', '页眉'] as const;

export const AdvertListBody = Type.Object(
  {
    ...pageQueryProperties,
    advertPosition: Type.Unsafe<(typeof ADVERT_POSITIONS)[number]>({
      type: 'string',
      enum: [...ADVERT_POSITIONS],
      description: 'bottom, right-one, right-two, or the header position 页眉',
      errorMessage: '广告位置不正确',
    }),
    ifPublish: Type.Optional(Type.Unknown({ description: 'Ignored: only published adverts are listed (the page sends 是)' })),
  },
  { additionalProperties: true },
);
export type AdvertListBody = Static<typeof AdvertListBody>;

export const Advert = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  adUrl: Type.String({ description: 'Where a click goes; may be empty' }),
  imgUrl: Type.String({ description: 'JSON list of {url}' }),
  advertPosition: Type.String(),
  ifPublish: Type.Integer(),
});
export type Advert = Static<typeof Advert>;
export const AdvertListResponse = { 200: Envelope(PageResultSchema(Advert)) };

// ---- hotRead/selectHotReadList ----

export const HotReadListBody = Type.Object({ ...pageQueryProperties }, { additionalProperties: true });
export type HotReadListBody = Static<typeof HotReadListBody>;

export const HotReadItem = Type.Object({
  id: Type.Integer({ description: 'Lesson resource id (10), conference id (20, 30) or article id (40)' }),
  relationType: IntEnum([10, 20, 30, 40] as const, { description: '10 lesson, 20 meeting notice, 30 meeting review, 40 article' }),
  permalinks: Type.String({ description: 'Article permalinks (40); empty otherwise' }),
  title: Type.String(),
  intro: Type.String(),
  cover: Type.String({ description: 'Image URL, or empty' }),
  classNames: Type.String(),
  date: Type.String({ description: 'YYYY-MM-DD' }),
  ifViewAuth: Type.Integer({ description: 'Lessons: 1 login and a completed profile, 2 login only; others 0' }),
  accessLevel: Type.String({ description: 'Articles: public, login or member; others empty' }),
});
export type HotReadItem = Static<typeof HotReadItem>;
export const HotReadListResponse = { 200: Envelope(PageResultSchema(HotReadItem)) };

// ---- periodicals: newestArticle, getMonthOfQiKanYear, selectQiKanList ----

export const PeriodicalArticle = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  outtitle: Type.String(),
  author: Type.String(),
  intro: Type.String(),
  permalinks: Type.String(),
  sourceid: Type.Integer(),
  filterName: Type.String(),
  classNames: Type.String(),
  thumb: Type.String(),
  postdate: Type.String(),
  haswantsay: Type.Integer(),
  accessLevel: Type.String(),
});
export type PeriodicalArticle = Static<typeof PeriodicalArticle>;

export const WeeklyPo = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  thedate: Type.String({ description: 'YYYY-MM-DD' }),
  catalogPermalinks: Type.String({ description: 'Catalogue article permalinks, or empty' }),
});
export type WeeklyPo = Static<typeof WeeklyPo>;

export const WeeklyRecord = Type.Object({
  articleWeeklyPo: WeeklyPo,
  articleMap: Type.Record(Type.String(), Type.Array(PeriodicalArticle), {
    description: 'By source: 0 catalogue, 5 journal, 6 digest, 7 animations, 1 commentaries (journal articles with a commentary)',
  }),
});
export type WeeklyRecord = Static<typeof WeeklyRecord>;

export const NewestArticleResponse = {
  200: Envelope(Type.Union([WeeklyRecord, Type.Null()], { description: 'null when there is no issue yet' })),
};

export const QiKanYearBody = Type.Object(
  { year: Type.Integer({ minimum: 2000, maximum: 2100, description: 'Four-digit year', errorMessage: '年份不正确' }) },
  { additionalProperties: true },
);
export const QiKanYearResponse = { 200: Envelope(Type.Array(Type.Integer({ minimum: 1, maximum: 12 }))) };

export const QiKanListBody = Type.Object(
  {
    ...pageQueryProperties,
    month: Type.Union([Type.String({ pattern: '^\\d{4}(0[1-9]|1[0-2])$' }), Type.Integer({ minimum: 200001, maximum: 210012 })], {
      description: 'YYYYMM',
      errorMessage: '月份格式应为YYYYMM',
    }),
  },
  { additionalProperties: true },
);
export type QiKanListBody = Static<typeof QiKanListBody>;
export const QiKanListResponse = { 200: Envelope(PageResultSchema(WeeklyRecord)) };

// ---- article/selectAbout ----

export const AboutPage = Type.Object({
  id: Type.Integer(),
  type: Type.String({ description: 'Section key used by /about?type=' }),
  title: Type.String(),
  content: Type.String({ description: 'HTML' }),
  serviceKey: Type.Integer({ description: '2 terms of service, 9 privacy policy; 0 otherwise' }),
});
export type AboutPage = Static<typeof AboutPage>;
export const AboutResponse = { 200: Envelope(Type.Array(AboutPage)) };

// ---- user/addVideoCount ----

export const VideoCountBody = Type.Object(
  {
    relationId: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Article id (10) or lesson resource id (20)', errorMessage: '视频编号不正确' }),
    relationType: OneOf([10, 20] as const, { description: '10 article media (animation, audio), 20 lesson video', errorMessage: '视频类型不正确' }),
  },
  { additionalProperties: true },
);
export type VideoCountBody = Static<typeof VideoCountBody>;
export const VideoCountResponse = { 200: Envelope(Type.Object({ plays: Type.Integer() })) };
