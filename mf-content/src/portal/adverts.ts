import { api, firstCoverUrl, useApiQuery, type Advert, type AdvertPosition } from '@qianyan/shared';

/** Page sizes of spec §9: bottom 10, right-one 10, right-two 4, header 1. */
export const ADVERT_PAGE_SIZE: Record<AdvertPosition, number> = { bottom: 10, 'right-one': 10, 'right-two': 4, 页眉: 1 };

export interface AdvertView {
  id: number;
  name: string;
  href: string;
  img: string;
}

/** The first image of an advert's imgUrl (JSON text of [{url}]); '' when there is none or it is malformed. */
export const advertImage = firstCoverUrl;

export const toAdvertView = (a: Advert): AdvertView => ({ id: a.id, name: a.name, href: a.adUrl, img: advertImage(a.imgUrl) });

let switchCall: Promise<boolean> | null = null;

/**
 * Whether adverts show (spec §7.2: the advert switch is checked first; on only when switchValue is 1).
 * One call per page load, shared by every advert block; a failed call counts as off.
 */
export function advertsEnabled(): Promise<boolean> {
  switchCall ??= api.base
    .getModularSwitch({ moduleName: 'advert' }, { silent: true })
    .then((r) => r.switchValue === 1)
    .catch(() => {
      switchCall = null;
      return false;
    });
  return switchCall;
}

/** For tests: forget the cached switch. */
export function resetAdvertSwitch() {
  switchCall = null;
}

/**
 * Published adverts of a position with an image, after the switch check. Failures give an empty
 * list, so an advert problem never breaks the page around it.
 */
export async function loadAdverts(position: AdvertPosition): Promise<AdvertView[]> {
  if (!(await advertsEnabled())) return [];
  try {
    const page = await api.advert.selectAdvertList(
      { pageNo: 1, pageSize: ADVERT_PAGE_SIZE[position], advertPosition: position },
      { silent: true },
    );
    return page.results.map(toAdvertView).filter((a) => a.img);
  } catch {
    return [];
  }
}

export function useAdverts(position: AdvertPosition) {
  return useApiQuery(() => loadAdverts(position), [position]);
}

/** External adverts open in a new tab; site paths navigate in place. */
export const isExternal = (href: string) => /^https?:\/\//.test(href);
