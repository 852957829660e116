/** URL state of /animation-list and /audio-list (spec §2.1): sortType, articleClassIds, startDate, endDate, page. */
export interface MediaQuery {
  sortType: 0 | 1 | 2;
  classIds: number[];
  startDate: string;
  endDate: string;
  page: number;
}

/** Spec §9: animation and audio lists show 9 a page. */
export const MEDIA_PAGE_SIZE = 9;
/** Subject cards: 7 show, and they expand when there are more than 8 (spec §2.10). */
export const SUBJECTS_SHOWN = 7;
export const SUBJECTS_COLLAPSE_OVER = 8;

const YMD = /^\d{8}$/;

export function readMediaQuery(params: URLSearchParams): MediaQuery {
  const sort = Number(params.get('sortType'));
  const classIds = (params.get('articleClassIds') ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  const startDate = params.get('startDate') ?? '';
  const endDate = params.get('endDate') ?? '';
  const validRange = YMD.test(startDate) && YMD.test(endDate) && startDate <= endDate;
  const page = Number(params.get('page'));
  return {
    sortType: sort === 1 || sort === 2 ? sort : 0,
    classIds: [...new Set(classIds)],
    startDate: validRange ? startDate : '',
    endDate: validRange ? endDate : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function writeMediaQuery(q: MediaQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (q.sortType !== 0) p.set('sortType', String(q.sortType));
  if (q.classIds.length) p.set('articleClassIds', q.classIds.join(','));
  if (q.startDate && q.endDate) {
    p.set('startDate', q.startDate);
    p.set('endDate', q.endDate);
  }
  if (q.page > 1) p.set('page', String(q.page));
  return p;
}

/** Toggling a subject: a filter change goes back to page 1. */
export function toggleClass(q: MediaQuery, id: number): MediaQuery {
  const classIds = q.classIds.includes(id) ? q.classIds.filter((c) => c !== id) : [...q.classIds, id];
  return { ...q, classIds, page: 1 };
}
