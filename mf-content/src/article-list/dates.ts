import dayjs, { type Dayjs } from 'dayjs';

/** Lists start at 2010 (spec §5 dates); nothing after today can be picked. */
export const LIST_MIN_DATE = dayjs('2010-01-01');

export function isDisabledListDate(d: Dayjs): boolean {
  return d.isAfter(dayjs(), 'day') || d.isBefore(LIST_MIN_DATE, 'day');
}
