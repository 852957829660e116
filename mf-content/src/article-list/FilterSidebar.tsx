import { fromApiDate, toApiRange, type ArticleClass } from '@qianyan/shared';
import { Button, Checkbox, DatePicker, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { TEXT } from '../messages';
import { isDisabledListDate } from './dates';
import { EMPTY_FILTERS, hasActiveFilters, type FilterFields, type ListFilters, type SortType } from './listQuery';

export const SORT_OPTIONS: { value: SortType; label: string }[] = [
  { value: 0, label: TEXT.sortNewest },
  { value: 1, label: TEXT.sortOldest },
  { value: 2, label: TEXT.sortHottest },
];

export interface FilterProps {
  filters: ListFilters;
  classes: ArticleClass[];
  /** The filters this page offers; the disease-area group also needs a loaded class list. */
  fields: FilterFields;
}

/** The stored range as pickers want it: both ends or nothing. */
export function rangeOf(f: ListFilters): [Dayjs, Dayjs] | null {
  const start = fromApiDate(f.startDate);
  const end = fromApiDate(f.endDate);
  return start && end ? [start, end] : null;
}

/** A range needs both ends; clearing either end removes both (spec §5 dates). */
export function rangeFields(range: [Dayjs | null, Dayjs | null] | null): Pick<ListFilters, 'startDate' | 'endDate'> {
  const r = toApiRange(range);
  return { startDate: r.startDate, endDate: r.endDate };
}

/** Desktop sidebar (≥ 768 px): every change applies at once and returns to page 1. */
export function FilterSidebar({ filters, classes, fields, onChange, active, onClear }: FilterProps & {
  onChange: (f: ListFilters) => void;
  /** Whether anything is filtered (shows 清除筛选); by default, any of `filters` differs from the defaults. */
  active?: boolean;
  /** What 清除筛选 does; by default, applies the default filters. */
  onClear?: () => void;
}) {
  return (
    <aside className="qy-al-sidebar" aria-labelledby="qy-al-filter-title">
      <div className="qy-al-filter-head">
        <h2 id="qy-al-filter-title">{TEXT.filters}</h2>
        {(active ?? hasActiveFilters(filters)) && (
          <Button type="link" size="small" onClick={onClear ?? (() => onChange(EMPTY_FILTERS))}>
            {TEXT.clearFilters}
          </Button>
        )}
      </div>
      {fields.sort && (
        <fieldset className="qy-al-fieldset">
          <legend>{TEXT.sort}</legend>
          <Radio.Group
            className="qy-al-sort"
            optionType="button"
            buttonStyle="solid"
            block
            options={SORT_OPTIONS}
            value={filters.sortType}
            onChange={(e) => onChange({ ...filters, sortType: e.target.value as SortType })}
          />
        </fieldset>
      )}
      {fields.classes && classes.length > 0 && (
        <fieldset className="qy-al-fieldset">
          <legend>{TEXT.diseaseAreas}</legend>
          <Checkbox.Group
            className="qy-al-class-list"
            options={classes.map((c) => ({ label: c.classname, value: c.id }))}
            value={filters.classIds}
            onChange={(ids) => onChange({ ...filters, classIds: ids as number[] })}
          />
        </fieldset>
      )}
      {fields.dates && (
        <fieldset className="qy-al-fieldset">
          <legend>{TEXT.dateRange}</legend>
          <DatePicker.RangePicker
            className="qy-al-range"
            value={rangeOf(filters)}
            disabledDate={isDisabledListDate}
            // Open on last month and this one: every later day is disabled anyway.
            defaultPickerValue={[dayjs().subtract(1, 'month'), dayjs()]}
            placeholder={[TEXT.startDate, TEXT.endDate]}
            onChange={(range) => onChange({ ...filters, ...rangeFields(range) })}
          />
        </fieldset>
      )}
    </aside>
  );
}
