// Filters of the favourite and reading lists (§2.9): date range, specialty and type for articles;
// date range and course type for courses. A bar on wide screens, a drawer with a range calendar on phones.
import { FilterOutlined } from '@ant-design/icons';
import { FilterSheet, fromApiDate, isDisabledListDate, RangeCalendar, useFilterDraft, type DraftRange } from '@qianyan/shared';
import { Button, DatePicker, Select, Tag } from 'antd';
import { useState } from 'react';
import { PERSONAL_TEXT as T } from '../messages';
import {
  activeFilterCount,
  ARTICLE_TYPE_OPTIONS,
  COURSE_TYPE_OPTIONS,
  EMPTY_RECORD_FILTERS,
  rangeFilter,
  SPECIALTY_OPTIONS,
  type RecordFilters,
  type RecordKind,
} from './recordsQuery';

export interface RecordFiltersProps {
  kind: RecordKind;
  value: RecordFilters;
  onChange(next: RecordFilters): void;
}

const rangeOf = (f: RecordFilters): DraftRange => [fromApiDate(f.startDate), fromApiDate(f.endDate)];

const specialtyOptions = SPECIALTY_OPTIONS.map((o) => ({ value: o.id, label: o.label }));
const typeOptions = ARTICLE_TYPE_OPTIONS.map((o) => ({ value: o.key, label: o.label }));
const courseTypeOptions = COURSE_TYPE_OPTIONS.map((o) => ({ value: o.key, label: o.label }));

/** Wide screens: every filter in one bar; each change applies at once. */
export function RecordFilterBar({ kind, value, onChange }: RecordFiltersProps) {
  const range = rangeOf(value);
  return (
    <div className={`qy-rec-filters${kind === 'courses' ? ' qy-rec-filters--courses' : ''}`} role="search" aria-label={T.filters}>
      <label className="qy-rec-filter">
        <span className="qy-rec-filter__label">{T.filterDate}</span>
        <DatePicker.RangePicker
          value={range[0] && range[1] ? [range[0], range[1]] : null}
          onChange={(r) => onChange({ ...value, ...rangeFilter(r as DraftRange | null) })}
          disabledDate={isDisabledListDate}
          placeholder={[T.startDate, T.endDate]}
          allowClear
          className="qy-rec-filter__range"
        />
      </label>
      {kind === 'articles' ? (
        <>
          <label className="qy-rec-filter">
            <span className="qy-rec-filter__label">{T.filterSpecialty}</span>
            <Select
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              placeholder={T.anySpecialty}
              options={specialtyOptions}
              value={value.classIds}
              onChange={(classIds) => onChange({ ...value, classIds })}
              className="qy-rec-filter__select"
              aria-label={T.filterSpecialty}
            />
          </label>
          <label className="qy-rec-filter">
            <span className="qy-rec-filter__label">{T.filterType}</span>
            <Select
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              placeholder={T.anyType}
              options={typeOptions}
              value={value.types}
              onChange={(types) => onChange({ ...value, types })}
              className="qy-rec-filter__select"
              aria-label={T.filterType}
            />
          </label>
        </>
      ) : (
        <label className="qy-rec-filter">
          <span className="qy-rec-filter__label">{T.filterCourseType}</span>
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            placeholder={T.anyType}
            options={courseTypeOptions}
            value={value.courseTypes}
            onChange={(courseTypes) => onChange({ ...value, courseTypes })}
            className="qy-rec-filter__select"
            aria-label={T.filterCourseType}
          />
        </label>
      )}
      <Button type="link" onClick={() => onChange(EMPTY_RECORD_FILTERS)} disabled={activeFilterCount(kind, value) === 0}>
        {T.reset}
      </Button>
    </div>
  );
}

/** A group of tags that toggle (the drawer's multi-select). */
function TagGroup<K extends string | number>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: { value: K; label: string }[];
  value: K[];
  onChange(next: K[]): void;
}) {
  return (
    <fieldset className="qy-rec-drawer__group">
      <legend>{legend}</legend>
      <div className="qy-rec-drawer__tags">
        {options.map((o) => {
          const checked = value.includes(o.value);
          return (
            <Tag.CheckableTag
              key={o.value}
              checked={checked}
              onChange={(on) => onChange(on ? [...value, o.value] : value.filter((v) => v !== o.value))}
            >
              {o.label}
            </Tag.CheckableTag>
          );
        })}
      </div>
    </fieldset>
  );
}

interface Draft {
  range: DraftRange;
  classIds: number[];
  types: RecordFilters['types'];
  courseTypes: RecordFilters['courseTypes'];
}

const draftOf = (f: RecordFilters): Draft => ({ range: rangeOf(f), classIds: f.classIds, types: f.types, courseTypes: f.courseTypes });

/** Phones: a 筛选 button opening a drawer; changes are a draft until 确定, 重置 clears the draft. */
export function RecordFilterDrawer({ kind, value, onChange }: RecordFiltersProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useFilterDraft<Draft>(open, () => draftOf(value));
  const count = activeFilterCount(kind, value);

  const apply = () => {
    // A range needs both ends (§5): half a range is dropped.
    onChange({ ...rangeFilter(draft.range), classIds: draft.classIds, types: draft.types, courseTypes: draft.courseTypes });
    setOpen(false);
  };

  return (
    <>
      <Button icon={<FilterOutlined aria-hidden="true" />} onClick={() => setOpen(true)} className="qy-rec-drawer__open">
        {T.activeFilters(count)}
      </Button>
      <FilterSheet
        open={open}
        onClose={() => setOpen(false)}
        onReset={() => setDraft(draftOf(EMPTY_RECORD_FILTERS))}
        onConfirm={apply}
        className="qy-rec-drawer"
        footClassName="qy-rec-drawer__foot"
      >
        {kind === 'articles' ? (
          <>
            <TagGroup legend={T.filterType} options={typeOptions} value={draft.types} onChange={(types) => setDraft({ ...draft, types })} />
            <TagGroup
              legend={T.filterSpecialty}
              options={specialtyOptions}
              value={draft.classIds}
              onChange={(classIds) => setDraft({ ...draft, classIds })}
            />
          </>
        ) : (
          <TagGroup
            legend={T.filterCourseType}
            options={courseTypeOptions}
            value={draft.courseTypes}
            onChange={(courseTypes) => setDraft({ ...draft, courseTypes })}
          />
        )}
        <fieldset className="qy-rec-drawer__group">
          <legend>{T.filterDate}</legend>
          <RangeCalendar value={draft.range} onChange={(range) => setDraft({ ...draft, range })} />
        </fieldset>
      </FilterSheet>
    </>
  );
}
