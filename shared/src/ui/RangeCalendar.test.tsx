import { fireEvent, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { isDisabledListDate } from '../dateBounds';
import { nextRange, RANGE_CALENDAR_TEXT as T, RangeCalendar, type DraftRange } from './RangeCalendar';

const ymd = (r: DraftRange) => r.map((x) => x?.format('YYYYMMDD'));

describe('range calendar', () => {
  it('disables days after today and before 2010-01-01', () => {
    expect(isDisabledListDate(dayjs().add(1, 'day'))).toBe(true);
    expect(isDisabledListDate(dayjs())).toBe(false);
    expect(isDisabledListDate(dayjs('2009-12-31'))).toBe(true);
    expect(isDisabledListDate(dayjs('2010-01-01'))).toBe(false);
  });

  it('starts on the first tap and ends on a later second tap', () => {
    const started = nextRange([null, null], dayjs('2024-05-10'));
    expect(ymd(started)).toEqual(['20240510', undefined]);
    const ended = nextRange(started, dayjs('2024-05-20'));
    expect(ymd(ended)).toEqual(['20240510', '20240520']);
    // An earlier second tap restarts; a tap after a full range starts a new one.
    expect(ymd(nextRange(started, dayjs('2024-05-01')))).toEqual(['20240501', undefined]);
    expect(ymd(nextRange(ended, dayjs('2024-06-01')))).toEqual(['20240601', undefined]);
  });

  it('shows the picked days, asks for the end after the first tap, and offers no later month', () => {
    const seen: DraftRange[] = [];
    function Harness() {
      const [range, setRange] = useState<DraftRange>([null, null]);
      return <RangeCalendar value={range} onChange={(r) => (seen.push(r), setRange(r))} />;
    }
    render(<Harness />);
    const first = dayjs().startOf('month');
    const today = dayjs();
    expect(screen.getByText(T.startDate)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.nextMonth })).toBeDisabled();
    fireEvent.click(screen.getByTitle(first.format('YYYY-MM-DD')).querySelector('.qy-rc-cell')!);
    expect(screen.getByText(T.pickEnd)).toBeInTheDocument();
    fireEvent.click(screen.getByTitle(today.format('YYYY-MM-DD')).querySelector('.qy-rc-cell')!);
    expect(screen.queryByText(T.pickEnd)).not.toBeInTheDocument();
    expect(screen.getAllByText(today.format('YYYY-MM-DD'), { selector: '.qy-rc-value' }).length).toBeGreaterThan(0);
    expect(ymd(seen[seen.length - 1])).toEqual([first.format('YYYYMMDD'), today.format('YYYYMMDD')]);
  });
});
