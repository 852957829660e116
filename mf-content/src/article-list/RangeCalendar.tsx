import { formatDate } from '@qianyan/shared';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Calendar } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { TEXT } from '../messages';
import { isOutside, LIST_BOUNDS, maxOf, type DateBounds } from './dates';

export type DraftRange = [Dayjs | null, Dayjs | null];

/** Next range after tapping a day: the first tap starts a range, the second (not earlier) ends it. */
export function nextRange([start, end]: DraftRange, day: Dayjs): DraftRange {
  if (!start || end || day.isBefore(start, 'day')) return [day, null];
  return [start, day];
}

/** Mobile range calendar for the filter drawer (spec §2.10): tap the first day, then the last. */
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
        <span className={start ? 'qy-rc-value' : 'qy-rc-placeholder'}>{start ? formatDate(start) : TEXT.startDate}</span>
        <span aria-hidden="true">—</span>
        <span className={end ? 'qy-rc-value' : 'qy-rc-placeholder'}>{end ? formatDate(end) : TEXT.endDate}</span>
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
                aria-label={TEXT.prevMonth}
                icon={<LeftOutlined aria-hidden="true" />}
                disabled={prev.isBefore(bounds.min, 'month')}
                onClick={() => showMonth(prev)}
              />
              <span className="qy-rc-month">{month.format('YYYY年M月')}</span>
              <Button
                type="text"
                aria-label={TEXT.nextMonth}
                icon={<RightOutlined aria-hidden="true" />}
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
      {start && !end && <p className="qy-rc-hint">{TEXT.pickEnd}</p>}
    </div>
  );
}
