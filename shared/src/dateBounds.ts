import dayjs, { type Dayjs } from 'dayjs';

/** The days a list's date filter offers, both ends included. */
export interface DateBounds {
  min: Dayjs;
  /** The last day; undefined means today (evaluated when asked, so a page left open overnight follows). */
  max?: Dayjs;
}

/** Lists start at 2010 (spec §5 dates); nothing after today can be picked. */
export const LIST_MIN_DATE = dayjs('2010-01-01');
export const LIST_BOUNDS: DateBounds = { min: LIST_MIN_DATE };

/** The last selectable day of `bounds`. */
export const maxOf = (bounds: DateBounds): Dayjs => bounds.max ?? dayjs();

/** Whether a day lies outside `bounds` (the pickers disable it). */
export function isOutside(bounds: DateBounds, d: Dayjs): boolean {
  return d.isAfter(maxOf(bounds), 'day') || d.isBefore(bounds.min, 'day');
}

export function isDisabledListDate(d: Dayjs): boolean {
  return isOutside(LIST_BOUNDS, d);
}
