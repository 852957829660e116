// The sidebar's date range filter without antd in the first view: a plain copy of antd's RangePicker
// input (two ends, the arrow, the calendar icon, its hover and focus borders) that hands over to the
// real picker (RangePickerField, loaded then) on the first press, focus or hover-then-use. The picker
// takes the facade's place opened, with the focus in the end the reader went for.
import { formatDate } from '@qianyan/shared';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { TEXT } from '../messages';
import type { DateBounds } from './dates';
import './rangeField.css';

const loadPicker = () => import('./RangePickerField');
const RangePickerField = lazy(loadPicker);

const SwapRightIcon = () => (
  <svg viewBox="0 0 1024 1024" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M873.1 596.2l-164-208A32 32 0 00684 376h-64.8c-6.7 0-10.4 7.7-6.3 13l144.3 183H152c-4.4 0-8 3.6-8 8v60c0 4.4 3.6 8 8 8h695.9c26.8 0 41.7-30.8 25.2-51.8z" />
  </svg>
);

const CalendarIcon = () => (
  <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M880 184H712v-64c0-4.4-3.6-8-8-8h-56c-4.4 0-8 3.6-8 8v64H384v-64c0-4.4-3.6-8-8-8h-56c-4.4 0-8 3.6-8 8v64H144c-17.7 0-32 14.3-32 32v664c0 17.7 14.3 32 32 32h736c17.7 0 32-14.3 32-32V216c0-17.7-14.3-32-32-32zm-40 656H184V460h656v380zM184 392V256h128v48c0 4.4 3.6 8 8 8h56c4.4 0 8-3.6 8-8v-48h256v48c0 4.4 3.6 8 8 8h56c4.4 0 8-3.6 8-8v-48h128v136H184z" />
  </svg>
);

/** The picker's look without its behaviour; `onUse(index)` when an end is pressed or focused. */
function RangeFacade({ value, onUse }: { value: [Dayjs, Dayjs] | null; onUse?: (index: 0 | 1) => void }) {
  const end = (index: 0 | 1, placeholder: string): ReactNode => (
    <div className="qy-range-facade__input">
      <input
        readOnly
        size={12}
        autoComplete="off"
        placeholder={placeholder}
        value={value ? formatDate(value[index]) : ''}
        data-index={index}
        onFocus={() => onUse?.(index)}
      />
    </div>
  );
  return (
    <div
      className="qy-range-facade qy-al-range"
      onPointerEnter={() => void loadPicker().catch(() => undefined)}
      // A press anywhere opens the picker, as antd's does: on the end input pressed, else the start.
      onPointerDown={(e) => {
        e.preventDefault();
        onUse?.((e.target as HTMLElement).closest('input')?.dataset.index === '1' ? 1 : 0);
      }}
    >
      {end(0, TEXT.startDate)}
      <div className="qy-range-facade__separator" aria-hidden="true">
        <SwapRightIcon />
      </div>
      {end(1, TEXT.endDate)}
      <span className="qy-range-facade__suffix" aria-hidden="true">
        <CalendarIcon />
      </span>
    </div>
  );
}

export function RangeField({
  value,
  bounds,
  onChange,
}: {
  value: [Dayjs, Dayjs] | null;
  bounds: DateBounds;
  onChange: (range: [Dayjs | null, Dayjs | null] | null) => void;
}) {
  // null until the reader first uses the field; then which end they went for.
  const [used, setUsed] = useState<0 | 1 | null>(null);
  if (used === null) return <RangeFacade value={value} onUse={setUsed} />;
  return (
    <Suspense fallback={<RangeFacade value={value} />}>
      <RangePickerField value={value} bounds={bounds} onChange={onChange} focusIndex={used} />
    </Suspense>
  );
}
