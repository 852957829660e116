// antd's RangePicker and multiple Select for the wide-screen filter bar, in the brand theme. Loaded on
// the first use of their plain look-alikes (RecordFilters.tsx), they take the look-alike's place
// opened and focused as the reader asked.
import { isDisabledListDate, ThemeScope, type DraftRange } from '@qianyan/shared';
import { DatePicker, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef } from 'react';
import { PERSONAL_TEXT as T } from '../messages';

type PickerRef = { focus: (options?: { index?: number }) => void };

export function RecordRangePicker({
  value,
  onChange,
  focusIndex,
}: {
  value: [Dayjs, Dayjs] | null;
  onChange: (range: DraftRange | null) => void;
  /** The end the reader went for: it is focused, and the picker opens. */
  focusIndex: 0 | 1;
}) {
  const ref = useRef<PickerRef>(null);
  useEffect(() => {
    ref.current?.focus({ index: focusIndex });
    // Only on mounting: the look-alike's interaction is handed over once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <ThemeScope>
      <DatePicker.RangePicker
        ref={ref as never}
        value={value}
        defaultOpen
        onChange={(r) => onChange(r as DraftRange | null)}
        disabledDate={isDisabledListDate}
        placeholder={[T.startDate, T.endDate]}
        allowClear
        className="qy-rec-filter__range"
      />
    </ThemeScope>
  );
}

export function RecordSelect<K extends string | number>({
  label,
  placeholder,
  options,
  value,
  onChange,
  open,
}: {
  label: string;
  placeholder: string;
  options: { value: K; label: string }[];
  value: K[];
  onChange: (next: K[]) => void;
  /** Opened at once (the look-alike was pressed), or only focused (it was tabbed to). */
  open: boolean;
}) {
  return (
    <ThemeScope>
      <Select<K[]>
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder={placeholder}
        options={options}
        value={value}
        onChange={onChange}
        className="qy-rec-filter__select"
        aria-label={label}
        autoFocus
        defaultOpen={open}
      />
    </ThemeScope>
  );
}
