// The range calendar of the mobile filter drawer (§2.9): tap the first day, then the last. The same
// pattern as mf-content's article-list calendar; kept here so mf-account needs nothing from it.
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { formatDate } from '@qianyan/shared';
import { Button, Calendar } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { PERSONAL_TEXT as T } from '../messages';

export type DraftRange = [Dayjs | null, Dayjs | null];

/** Lists start at 2010 (§5 dates); nothing after today. */
export const RECORDS_MIN_DATE = dayjs('2010-01-01');

export function isDisabledRecordDate(d: Dayjs): boolean {
  return d.isAfter(dayjs(), 'day') || d.isBefore(RECORDS_MIN_DATE, 'day');
}

/** Next range after tapping a day: the first tap starts a range, the second (not earlier) ends it. */
export function nextRange([start, end]: DraftRange, day: Dayjs): DraftRange {
  if (!start || end || day.isBefore(start, 'day')) return [day, null];
  return [start, day];
}

export function RangeCalendar({ value, onChange }: { value: DraftRange; onChange(v: DraftRange): void }) {
  const [start, end] = value;
  const cellClass = (d: Dayjs) => {
    const classes = ['ant-picker-cell-inner', 'qy-rec-rc-cell'];
    if (start && d.isSame(start, 'day')) classes.push('qy-rec-rc-start');
    if (end && d.isSame(end, 'day')) classes.push('qy-rec-rc-end');
    if (start && end && d.isAfter(start, 'day') && d.isBefore(end, 'day')) classes.push('qy-rec-rc-between');
    return classes.join(' ');
  };
  return (
    <div className="qy-rec-rc">
      <p className="qy-rec-rc-summary" aria-live="polite">
        <span className={start ? 'qy-rec-rc-value' : 'qy-rec-rc-placeholder'}>{start ? formatDate(start) : T.startDate}</span>
        <span aria-hidden="true">—</span>
        <span className={end ? 'qy-rec-rc-value' : 'qy-rec-rc-placeholder'}>{end ? formatDate(end) : T.endDate}</span>
      </p>
      <Calendar
        fullscreen={false}
        defaultValue={end ?? start ?? dayjs()}
        validRange={[RECORDS_MIN_DATE, dayjs().endOf('day')]}
        disabledDate={isDisabledRecordDate}
        onSelect={(day, info) => {
          if (info.source === 'date') onChange(nextRange(value, day));
        }}
        headerRender={({ value: month, onChange: showMonth }) => {
          const prev = month.subtract(1, 'month');
          const next = month.add(1, 'month');
          return (
            <div className="qy-rec-rc-header">
              <Button
                type="text"
                aria-label={T.prevMonth}
                icon={<LeftOutlined aria-hidden="true" />}
                disabled={prev.isBefore(RECORDS_MIN_DATE, 'month')}
                onClick={() => showMonth(prev)}
              />
              <span className="qy-rec-rc-month">{month.format('YYYY年M月')}</span>
              <Button
                type="text"
                aria-label={T.nextMonth}
                icon={<RightOutlined aria-hidden="true" />}
                disabled={next.isAfter(dayjs(), 'month')}
                onClick={() => showMonth(next)}
              />
            </div>
          );
        }}
        fullCellRender={(day, info) =>
          info.type === 'date' ? <div className={cellClass(day)}>{day.date()}</div> : info.originNode
        }
      />
      {start && !end && <p className="qy-rec-rc-hint">{T.pickEnd}</p>}
    </div>
  );
}
