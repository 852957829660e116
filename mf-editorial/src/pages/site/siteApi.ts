// 站点: the site furniture routes of the editorial console (server/src/modules/editorial/siteRoutes.ts,
// /api/editor/site/*): banners, adverts, hot reads and module switches, with the pure helpers the
// forms use (what a save sends, the checks made before sending).
import { post, type CallOptions } from '@qianyan/shared/core';
import { ST } from './messages';

const S = '/api/editor/site';

export type BannerCode = 'home' | 'classroom';
export const BANNER_CODES: BannerCode[] = ['home', 'classroom'];

export interface BannerPicture {
  pic: string;
  title: string;
  intro: string;
  url: string;
}

export interface SiteBanner {
  id: number;
  code: BannerCode;
  label: string;
  pictures: BannerPicture[];
  revision: number;
  updatedAtShanghai: string;
}

export type AdvertPosition = '页眉' | 'bottom' | 'right-one' | 'right-two';
export const ADVERT_POSITIONS: AdvertPosition[] = ['页眉', 'right-one', 'right-two', 'bottom'];

export interface SiteAdvert {
  id: number;
  name: string;
  adUrl: string;
  img: string;
  advertPosition: AdvertPosition;
  ifPublish: 0 | 1;
  startAt: string;
  endAt: string;
  sort: number;
  live: boolean;
  revision: number;
  updatedAtShanghai: string;
}

export interface AdvertSave {
  id?: number;
  baseRevision?: number;
  name: string;
  adUrl: string;
  img: string;
  advertPosition: AdvertPosition;
  ifPublish: 0 | 1;
  startAt: string;
  endAt: string;
}

export type HotReadType = 10 | 20 | 30 | 40;
export const HOT_READ_TYPES: HotReadType[] = [40, 10, 20, 30];

export interface SiteHotRead {
  relationType: HotReadType;
  relationId: number;
  typeLabel: string;
  title: string;
  permalinks: string;
  shown: boolean;
}

export interface SiteSwitch {
  moduleName: 'advert' | 'hot_read';
  label: string;
  switchValue: 0 | 1;
}

export const siteApi = {
  banner: (code: BannerCode, opts?: CallOptions) => post<SiteBanner>(`${S}/banner/get`, { code }, opts),
  saveBanner: (code: BannerCode, baseRevision: number, pictures: BannerPicture[], opts?: CallOptions) =>
    post<SiteBanner>(`${S}/banner/save`, { code, baseRevision, pictures }, opts),
  adverts: (advertPosition?: AdvertPosition, opts?: CallOptions) =>
    post<{ results: SiteAdvert[] }>(`${S}/advert/list`, advertPosition ? { advertPosition } : {}, opts),
  saveAdvert: (body: AdvertSave, opts?: CallOptions) => post<SiteAdvert>(`${S}/advert/save`, body, opts),
  deleteAdvert: (id: number, baseRevision: number, opts?: CallOptions) => post<{ id: number }>(`${S}/advert/delete`, { id, baseRevision }, opts),
  reorderAdverts: (advertPosition: AdvertPosition, ids: number[], opts?: CallOptions) =>
    post<{ results: SiteAdvert[] }>(`${S}/advert/reorder`, { advertPosition, ids }, opts),
  hotReads: (opts?: CallOptions) => post<{ items: SiteHotRead[]; version: string }>(`${S}/hotRead/list`, {}, opts),
  saveHotReads: (baseVersion: string, items: Pick<SiteHotRead, 'relationType' | 'relationId'>[], opts?: CallOptions) =>
    post<{ items: SiteHotRead[]; version: string }>(`${S}/hotRead/save`, { baseVersion, items: items.map(({ relationType, relationId }) => ({ relationType, relationId })) }, opts),
  hotReadCandidates: (relationType: HotReadType, keyword: string, opts?: CallOptions) =>
    post<{ results: SiteHotRead[] }>(`${S}/hotRead/candidates`, { relationType, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) }, opts),
  switches: (opts?: CallOptions) => post<{ results: SiteSwitch[] }>(`${S}/switch/list`, {}, opts),
  setSwitch: (moduleName: SiteSwitch['moduleName'], switchValue: 0 | 1, opts?: CallOptions) =>
    post<SiteSwitch>(`${S}/switch/set`, { moduleName, switchValue }, opts),
};

/** The server's limits (siteMessages.ts SITE_LIMITS). */
export const SITE_LIMITS = { banners: 10, bannerTitle: 64, bannerIntro: 200, url: 500, advertName: 128, hotReads: 40 };

/** A site path (one leading slash) or an http(s) address, as the server takes links and pictures. */
export const isLink = (v: string) => /^(\/(?!\/)\S*|https?:\/\/[^\s/?#]+\S*)$/.test(v.trim());

/** antd rule validators: a link field may be empty; a picture field may not. */
export const linkRule = (message: string) => ({
  validator: (_: unknown, v?: string) => (!v?.trim() || isLink(v) ? Promise.resolve() : Promise.reject(new Error(message))),
});

/** 'YYYY-MM-DD HH:mm' strings compare as times; the end may not be before the start. */
export const endBeforeStart = (start?: string, end?: string) => !!start && !!end && end < start;

/** Moves item `from` to `to` (a copy). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (to < 0 || to >= out.length) return out;
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

/** What a picture's save sends: trimmed fields. */
export const cleanPicture = (p: Partial<BannerPicture>): BannerPicture => ({
  pic: (p.pic ?? '').trim(),
  title: (p.title ?? '').trim(),
  intro: (p.intro ?? '').trim(),
  url: (p.url ?? '').trim(),
});

/** The position's label (页眉 is shown as the header bar). */
export const positionLabel = (p: string) => ST.positions[p as AdvertPosition] ?? p;
