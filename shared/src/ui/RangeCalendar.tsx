// The range calendar of the mobile filter drawers (spec §2.9, §2.10): tap the first day, then the
// last. The article lists, the search page and the personal centre's records all use this one.
import { Button, Calendar } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { isOutside, LIST_BOUNDS, maxOf, type DateBounds } from '../dateBounds';
import { formatDate } from '@qianyan/shared/core';
import { LeftIcon, RightIcon } from './plain/icons';
import './rangeCalendar.css';

export const RANGE_CALENDAR_TEXT = {
  startDate: '开始日期',
  endDate: '结束日期',
  pickEnd: '请选择结束日期',
  prevMonth: '上个月',
  nextMonth: '下个月',
} as const;
const T = RANGE_CALENDAR_TEXT;

export type DraftRange = [Dayjs | null, Dayjs | null];

/** Next range after tapping a day: the first tap starts a range, the second (not earlier) ends it. */
export function nextRange([start, end]: DraftRange, day: Dayjs): DraftRange {
  if (!start || end || day.isBefore(start, 'day')) return [day, null];
  return [start, day];
}

export function RangeCalendar({
  value,
  onChange,
  bounds = LIST_BOUNDS,
}: {
  value: DraftRange;
  onChange: (v: DraftRange) => void;
  bounds?: DateBounds;
}) {
  const [start, end] = value;
  const max = maxOf(bounds);
  // Open on the range, else today when it is selectable, else the last selectable day.
  const initial = end ?? start ?? (dayjs().isAfter(max, 'day') ? max : dayjs());
  const cellClass = (d: Dayjs) => {
    const classes = ['ant-picker-cell-inner', 'qy-rc-cell'];
    if (start && d.isSame(start, 'day')) classes.push('qy-rc-start');
    if (end && d.isSame(end, 'day')) classes.push('qy-rc-end');
    if (start && end && d.isAfter(start, 'day') && d.isBefore(end, 'day')) classes.push('qy-rc-between');
    return classes.join(' ');
  };
  return (
    <div className="qy-range-calendar">
      <p className="qy-rc-summary" aria-live="polite">
        <span className={start ? 'qy-rc-value' : 'qy-rc-placeholder'}>{start ? formatDate(start) : T.startDate}</span>
        <span aria-hidden="true">—</span>
        <span className={end ? 'qy-rc-value' : 'qy-rc-placeholder'}>{end ? formatDate(end) : T.endDate}</span>
      </p>
      <Calendar
        fullscreen={false}
        defaultValue={initial}
        validRange={[bounds.min.startOf('day'), max.endOf('day')]}
        disabledDate={(d) => isOutside(bounds, d)}
        onSelect={(day, info) => {
          if (info.source === 'date') onChange(nextRange(value, day));
        }}
        headerRender={({ value: month, onChange: showMonth }) => {
          const prev = month.subtract(1, 'month');
          const next = month.add(1, 'month');
          return (
            <div className="qy-rc-header">
              <Button
                type="text"
                aria-label={T.prevMonth}
                icon={<LeftIcon />}
                disabled={prev.isBefore(bounds.min, 'month')}
                onClick={() => showMonth(prev)}
              />
              <span className="qy-rc-month">{month.format('YYYY年M月')}</span>
              <Button
                type="text"
                aria-label={T.nextMonth}
                icon={<RightIcon />}
                disabled={next.isAfter(max, 'month')}
                onClick={() => showMonth(next)}
              />
            </div>
          );
        }}
        fullCellRender={(day, info) =>
          info.type === 'date' ? <div className={cellClass(day)}>{day.date()}</div> : info.originNode
        }
      />
      {start && !end && <p className="qy-rc-hint">{T.pickEnd}</p>}
    </div>
  );
}
