// The sidebar's date range filter without antd in the first view: the plain copy of antd's
// RangePicker input (PlainRangeFacade) hands over to the real picker (RangePickerField, loaded then)
// on the first press, focus or hover-then-use. The picker takes the facade's place opened, with the
// focus in the end the reader went for.
import { formatDate } from '@qianyan/shared';
import { PlainHandover, PlainRangeFacade } from '@qianyan/shared/plain';
import type { Dayjs } from 'dayjs';
import { lazy } from 'react';
import { TEXT } from '../messages';
import type { DateBounds } from './dates';

const loadPicker = () => import('./RangePickerField');
const RangePickerField = lazy(loadPicker);
const preload = () => void loadPicker().catch(() => undefined);
const PLACEHOLDERS = [TEXT.startDate, TEXT.endDate] as const;

export function RangeField({
  value,
  bounds,
  onChange,
}: {
  value: [Dayjs, Dayjs] | null;
  bounds: DateBounds;
  onChange: (range: [Dayjs | null, Dayjs | null] | null) => void;
}) {
  const shown = value ? ([formatDate(value[0]), formatDate(value[1])] as const) : null;
  return (
    <PlainHandover<0 | 1>
      facade={(onUse) => (
        <PlainRangeFacade className="qy-al-range" value={shown} placeholders={PLACEHOLDERS} onPreload={preload} onUse={onUse} />
      )}
      real={(focusIndex) => <RangePickerField value={value} bounds={bounds} onChange={onChange} focusIndex={focusIndex} />}
    />
  );
}
