import { ThemeScope } from '@qianyan/shared';
import type { ComponentProps } from 'react';
import { TEXT } from '../messages';
import { ClassGroup, SortGroup, TypeGroupField } from './FilterGroups';
import { rangeFields, rangeOf, type FilterProps } from './FilterSidebar';
import { EMPTY_FILTERS, type ListFilters, type SortType } from './listQuery';
import { FilterSheet, RangeCalendar, useFilterDraft, type DraftRange } from '@qianyan/shared';

interface Draft {
  sortType: SortType;
  classIds: number[];
  filterIds: number[];
  range: DraftRange;
}

const draftOf = (f: ListFilters): Draft => ({
  sortType: f.sortType,
  classIds: f.classIds,
  filterIds: f.filterIds ?? [],
  range: rangeOf(f) ?? [null, null],
});

/** Mobile (< 768 px) filters in a drawer: changes are a draft until 确定; 重置 clears the draft. */
export function FilterDrawer({ open, onClose, onApply, filters, classes, fields, typeGroups = [], bounds }: FilterProps & {
  open: boolean;
  onClose: () => void;
  onApply: (f: ListFilters) => void;
}) {
  const [draft, setDraft] = useFilterDraft<Draft>(open, () => draftOf(filters));

  const apply = () => {
    onApply({ sortType: draft.sortType, classIds: draft.classIds, filterIds: draft.filterIds, ...rangeFields(draft.range) });
    onClose();
  };

  return (
    <FilterSheet
      open={open}
      onClose={onClose}
      onReset={() => setDraft(draftOf(EMPTY_FILTERS))}
      onConfirm={apply}
      className="qy-al-drawer"
      footClassName="qy-al-drawer-foot"
    >
      {fields.sort && <SortGroup value={draft.sortType} onChange={(sortType) => setDraft({ ...draft, sortType })} />}
      {fields.classes && classes.length > 0 && (
        <ClassGroup layout="grid" classes={classes} value={draft.classIds} onChange={(classIds) => setDraft({ ...draft, classIds })} />
      )}
      {fields.dates && (
        <fieldset className="qy-al-fieldset">
          <legend>{TEXT.dateRange}</legend>
          <RangeCalendar value={draft.range} bounds={bounds} onChange={(range) => setDraft({ ...draft, range })} />
        </fieldset>
      )}
      {typeGroups
        .filter((g) => g.options.length > 0)
        .map((g) => (
          <TypeGroupField
            key={g.legend}
            layout="grid"
            group={g}
            value={draft.filterIds}
            onChange={(filterIds) => setDraft({ ...draft, filterIds })}
          />
        ))}
    </FilterSheet>
  );
}

/** The drawer in the brand theme, for pages rendered outside the themed routes (LazyFilterDrawer). */
export function ThemedFilterDrawer(props: ComponentProps<typeof FilterDrawer>) {
  return (
    <ThemeScope>
      <FilterDrawer {...props} />
    </ThemeScope>
  );
}
