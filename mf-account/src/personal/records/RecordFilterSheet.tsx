// The phones' filter drawer of the favourite and reading lists (antd's Drawer, tags and range
// calendar, in the brand theme): its chunk loads on the first tap of 筛选 (RecordFilters.tsx). Changes
// are a draft until 确定; 重置 clears the draft.
import { FilterSheet, RangeCalendar, ThemeScope, useFilterDraft, type DraftRange } from '@qianyan/shared';
import { Tag } from 'antd';
import { PERSONAL_TEXT as T } from '../messages';
import { courseTypeOptions, rangeOf, specialtyOptions, typeOptions, type RecordFiltersProps } from './recordFilterOptions';
import { EMPTY_RECORD_FILTERS, rangeFilter, type RecordFilters } from './recordsQuery';

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

export default function RecordFilterSheet({ kind, value, onChange, open, onClose }: RecordFiltersProps & { open: boolean; onClose: () => void }) {
  const [draft, setDraft] = useFilterDraft<Draft>(open, () => draftOf(value));

  const apply = () => {
    // A range needs both ends (§5): half a range is dropped.
    onChange({ ...rangeFilter(draft.range), classIds: draft.classIds, types: draft.types, courseTypes: draft.courseTypes });
    onClose();
  };

  return (
    <ThemeScope>
      <FilterSheet
        open={open}
        onClose={onClose}
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
    </ThemeScope>
  );
}
