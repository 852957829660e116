// antd's RangePicker for the sidebar's date filter, in the brand theme. Loaded on the first use of
// the plain facade (RangeField.tsx): it opens at once with the focus in the end the reader chose.
import { ThemeScope } from '@qianyan/shared';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef } from 'react';
import { TEXT } from '../messages';
import { isOutside, maxOf, type DateBounds } from './dates';

/** The months the range picker opens on: the one before the last selectable day and its own, or this month when later. */
function pickerMonths(bounds: DateBounds): [Dayjs, Dayjs] {
  const last = dayjs().isAfter(maxOf(bounds), 'day') ? maxOf(bounds) : dayjs();
  return [last.subtract(1, 'month'), last];
}

type PickerRef = { focus: (options?: { index?: number }) => void };

export default function RangePickerField({
  value,
  bounds,
  onChange,
  focusIndex,
}: {
  value: [Dayjs, Dayjs] | null;
  bounds: DateBounds;
  onChange: (range: [Dayjs | null, Dayjs | null] | null) => void;
  /** The end to focus (and open) on mounting: 0 the start, 1 the end; none when nothing asked for it. */
  focusIndex: 0 | 1 | null;
}) {
  const ref = useRef<PickerRef>(null);
  useEffect(() => {
    if (focusIndex !== null) ref.current?.focus({ index: focusIndex });
    // Only on mounting: the facade's interaction is handed over once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <ThemeScope>
      <DatePicker.RangePicker
        ref={ref as never}
        className="qy-al-range"
        value={value}
        defaultOpen={focusIndex !== null}
        disabledDate={(d) => isOutside(bounds, d)}
        // Open on the last selectable month and the one before (today's with the default bounds).
        defaultPickerValue={pickerMonths(bounds)}
        placeholder={[TEXT.startDate, TEXT.endDate]}
        onChange={onChange}
      />
    </ThemeScope>
  );
}
