/** /period-article?year=&month= (spec §2.12). */
export const periodHref = (year: number, month: number) => `/period-article?year=${year}&month=${month}`;

/** The years of the selector: the current year and the 10 before it, newest first (spec §9). */
export function periodYears(currentYear: number): number[] {
  return Array.from({ length: 11 }, (_, i) => currentYear - i);
}

/** Reads year and month from the URL; anything out of range is dropped. */
export function readPeriodQuery(params: URLSearchParams, currentYear: number): { year: number; month: number | null } {
  const y = Number(params.get('year'));
  const year = Number.isInteger(y) && y >= currentYear - 10 && y <= currentYear ? y : currentYear;
  const m = Number(params.get('month'));
  const month = Number.isInteger(m) && m >= 1 && m <= 12 ? m : null;
  return { year, month };
}

/**
 * The month to show: the asked one when the server lists it, else the newest listed month
 * (spec §4 Periodical: the newest month is the default); null when the year has none.
 */
export function pickMonth(available: number[], asked: number | null): number | null {
  if (available.length === 0) return null;
  if (asked !== null && available.includes(asked)) return asked;
  return Math.max(...available);
}

/** YYYYMM of the weekly list call. */
export const monthKey = (year: number, month: number) => `${year}${String(month).padStart(2, '0')}`;
