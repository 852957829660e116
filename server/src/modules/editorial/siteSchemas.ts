// The wire shapes of the site furniture's console routes (/api/editor/site/*). Field-level rules
// whose message names an item (第N张横幅…) are checked in the service (site.ts); the schemas keep the
// types and outer bounds.
import Type, { type Static } from 'typebox';
import { Envelope } from '../../lib/envelope.js';
import { MAX_ID } from '../../lib/lists.js';
import { ADVERT_POSITIONS } from '../portal/schemas.js';
import { BANNER_CODES, HOT_READ_TYPES, SITE_LIMITS, SITE_SWITCHES, SiteMessages as M } from './siteMessages.js';

const StringEnum = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
const IntEnum = <const T extends readonly number[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'integer', enum: [...values], ...options });
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: M.idInvalid });
const Revision = Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The revision the editor had', errorMessage: M.revisionRequired });
/** Text fields take up to 2000 characters on the wire; the service applies each field's own limit with its message. */
const Loose = (description: string) => Type.String({ maxLength: 2000, description });

// ---- banners ----

export const BannerCodeBody = Type.Object({ code: StringEnum(BANNER_CODES, { description: 'home or classroom', errorMessage: M.bannerCode }) });
export type BannerCodeBody = Static<typeof BannerCodeBody>;

export const SiteBannerPicture = Type.Object({
  pic: Loose('Picture address (a library picture\'s cover or any site or http(s) address); required'),
  title: Type.Optional(Loose(`Title, up to ${SITE_LIMITS.bannerTitle} characters`)),
  intro: Type.Optional(Loose(`Intro, up to ${SITE_LIMITS.bannerIntro} characters`)),
  url: Type.Optional(Loose('Where a click goes: a site path or an http(s) address; may be empty')),
});
export type SiteBannerPicture = Static<typeof SiteBannerPicture>;

export const SiteBanner = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  label: Type.String({ description: '首页横幅 or 课堂横幅' }),
  pictures: Type.Array(Type.Object({ pic: Type.String(), title: Type.String(), intro: Type.String(), url: Type.String() })),
  revision: Type.Integer({ description: 'Send it back as baseRevision to save' }),
  updatedAtShanghai: Type.String({ description: 'YYYY-MM-DD HH:mm (Asia/Shanghai)' }),
});
export type SiteBanner = Static<typeof SiteBanner>;
export const SiteBannerResponse = { 200: Envelope(SiteBanner) };

export const BannerSaveBody = Type.Object({
  code: StringEnum(BANNER_CODES, { description: 'home or classroom', errorMessage: M.bannerCode }),
  baseRevision: Revision,
  pictures: Type.Array(SiteBannerPicture, { maxItems: 50, description: 'The whole list in its new order (adds, edits, removals and moves)', errorMessage: M.tooManyBanners }),
});
export type BannerSaveBody = Static<typeof BannerSaveBody>;

// ---- adverts ----

const Position = StringEnum(ADVERT_POSITIONS, { description: 'bottom, right-one, right-two or 页眉', errorMessage: M.advertPosition });

export const SiteAdvert = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  adUrl: Type.String(),
  img: Type.String({ description: 'The picture (the first of imgUrl)' }),
  advertPosition: Type.String(),
  ifPublish: Type.Integer({ description: '1 published, 0 not' }),
  startAt: Type.String({ description: 'YYYY-MM-DD HH:mm (Asia/Shanghai); empty: from publication' }),
  endAt: Type.String({ description: 'YYYY-MM-DD HH:mm (Asia/Shanghai); empty: no end' }),
  sort: Type.Integer(),
  live: Type.Boolean({ description: 'Readers see it now (published and within its times)' }),
  revision: Type.Integer({ description: 'Send it back as baseRevision to save or delete' }),
  updatedAtShanghai: Type.String(),
});
export type SiteAdvert = Static<typeof SiteAdvert>;

export const AdvertAdminListBody = Type.Object({ advertPosition: Type.Optional(Position) });
export type AdvertAdminListBody = Static<typeof AdvertAdminListBody>;
export const AdvertAdminListResponse = { 200: Envelope(Type.Object({ results: Type.Array(SiteAdvert) })) };

export const AdvertSaveBody = Type.Object({
  id: Type.Optional(Id),
  baseRevision: Type.Optional(Revision),
  name: Loose(`Name, up to ${SITE_LIMITS.advertName} characters; required`),
  adUrl: Type.Optional(Loose('Where a click goes: a site path or an http(s) address; may be empty')),
  img: Loose('The picture\'s address; required'),
  advertPosition: Position,
  ifPublish: IntEnum([0, 1] as const, { errorMessage: M.advertPublish }),
  startAt: Type.Optional(Type.String({ maxLength: 40, description: 'YYYY-MM-DD HH:mm (Asia/Shanghai) or an ISO instant; empty: from publication', errorMessage: M.startInvalid })),
  endAt: Type.Optional(Type.String({ maxLength: 40, description: 'YYYY-MM-DD HH:mm (Asia/Shanghai) or an ISO instant; empty: no end', errorMessage: M.endInvalid })),
});
export type AdvertSaveBody = Static<typeof AdvertSaveBody>;
export const SiteAdvertResponse = { 200: Envelope(SiteAdvert) };

export const AdvertDeleteBody = Type.Object({ id: Id, baseRevision: Revision });
export type AdvertDeleteBody = Static<typeof AdvertDeleteBody>;
export const AdvertDeleteResponse = { 200: Envelope(Type.Object({ id: Type.Integer() })) };

export const AdvertReorderBody = Type.Object({
  advertPosition: Position,
  ids: Type.Array(Id, { maxItems: 200, description: 'Every advert of the position, in the new order', errorMessage: M.advertOrderIds }),
});
export type AdvertReorderBody = Static<typeof AdvertReorderBody>;

// ---- hot reads ----

const HotReadType = IntEnum(HOT_READ_TYPES, { description: '10 lesson, 20 meeting notice, 30 meeting review, 40 article', errorMessage: M.hotReadType });

export const SiteHotRead = Type.Object({
  relationType: Type.Integer(),
  relationId: Type.Integer({ description: 'Lesson resource id (10), conference id (20, 30) or article id (40)' }),
  typeLabel: Type.String(),
  title: Type.String({ description: 'Empty when the target is gone' }),
  permalinks: Type.String(),
  shown: Type.Boolean({ description: 'Readers see it (the target exists and is published, a notice upcoming, a review past)' }),
});
export type SiteHotRead = Static<typeof SiteHotRead>;

export const SiteHotReads = Type.Object({
  items: Type.Array(SiteHotRead),
  version: Type.String({ description: 'Send it back as baseVersion to save' }),
});
export type SiteHotReads = Static<typeof SiteHotReads>;
export const SiteHotReadsResponse = { 200: Envelope(SiteHotReads) };

export const HotReadSaveBody = Type.Object({
  baseVersion: Type.String({ maxLength: 64, description: 'The version the editor had', errorMessage: M.revisionRequired }),
  items: Type.Array(Type.Object({ relationType: HotReadType, relationId: Id }), { maxItems: 200, description: 'The whole list in its order', errorMessage: M.hotReadTooMany }),
});
export type HotReadSaveBody = Static<typeof HotReadSaveBody>;

export const HotReadCandidatesBody = Type.Object({
  relationType: HotReadType,
  keyword: Type.Optional(Type.String({ maxLength: 64, errorMessage: M.hotReadKeywordTooLong })),
});
export type HotReadCandidatesBody = Static<typeof HotReadCandidatesBody>;
export const HotReadCandidatesResponse = { 200: Envelope(Type.Object({ results: Type.Array(SiteHotRead) })) };

// ---- module switches ----

export const SiteSwitch = Type.Object({
  moduleName: Type.String(),
  label: Type.String(),
  switchValue: Type.Integer({ description: '1 on, 0 off' }),
});
export const SiteSwitchListResponse = { 200: Envelope(Type.Object({ results: Type.Array(SiteSwitch) })) };

export const SwitchSetBody = Type.Object({
  moduleName: StringEnum(SITE_SWITCHES, { description: 'advert or hot_read', errorMessage: M.switchName }),
  switchValue: IntEnum([0, 1] as const, { errorMessage: M.switchValue }),
});
export type SwitchSetBody = Static<typeof SwitchSetBody>;
export const SiteSwitchResponse = { 200: Envelope(SiteSwitch) };
