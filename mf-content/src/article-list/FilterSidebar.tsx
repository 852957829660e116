// The desktop filter sidebar, drawn without antd: the date picker's antd loads on its first use.
import { fromApiDate, toApiRange, type ArticleClass } from '@qianyan/shared';
import type { Dayjs } from 'dayjs';
import { TEXT } from '../messages';
import { LIST_BOUNDS, type DateBounds } from './dates';
import { ClassGroup, SortGroup, TypeGroupField, type TypeGroup } from './FilterGroups';
import { EMPTY_FILTERS, hasActiveFilters, type FilterFields, type ListFilters } from './listQuery';
import { RangeField } from './RangeField';

export { SORT_OPTIONS } from './FilterGroups';

export interface FilterProps {
  filters: ListFilters;
  classes: ArticleClass[];
  /** The filters this page offers; the disease-area group also needs a loaded class list. */
  fields: FilterFields;
  /** Article-type checkbox groups after the other filters (filters.filterIds); none by default. */
  typeGroups?: TypeGroup[];
  /** The selectable days of the date range; by default 2010-01-01 to today. */
  bounds?: DateBounds;
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
export function FilterSidebar({
  filters,
  classes,
  fields,
  typeGroups = [],
  bounds = LIST_BOUNDS,
  onChange,
  active,
  onClear,
}: FilterProps & {
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
          <button type="button" className="qy-al-clear" onClick={onClear ?? (() => onChange(EMPTY_FILTERS))}>
            {TEXT.clearFilters}
          </button>
        )}
      </div>
      {fields.sort && <SortGroup value={filters.sortType} onChange={(sortType) => onChange({ ...filters, sortType })} />}
      {fields.classes && classes.length > 0 && (
        <ClassGroup layout="list" classes={classes} value={filters.classIds} onChange={(classIds) => onChange({ ...filters, classIds })} />
      )}
      {fields.dates && (
        <fieldset className="qy-al-fieldset">
          <legend>{TEXT.dateRange}</legend>
          <RangeField value={rangeOf(filters)} bounds={bounds} onChange={(range) => onChange({ ...filters, ...rangeFields(range) })} />
        </fieldset>
      )}
      {typeGroups
        .filter((g) => g.options.length > 0)
        .map((g) => (
          <TypeGroupField
            key={g.legend}
            layout="list"
            group={g}
            value={filters.filterIds ?? []}
            onChange={(filterIds) => onChange({ ...filters, filterIds })}
          />
        ))}
    </aside>
  );
}
