// The phone's search filters in a drawer (antd's Drawer through FilterSheet, and its range
// calendar), in the brand theme: a chunk of its own, loaded by LazySearchDrawer on the first tap of 筛选.
import { FilterSheet, RangeCalendar, ThemeScope, useFilterDraft, type DraftRange } from '@qianyan/shared';
import type { ComponentProps } from 'react';
import { TEXT } from '../messages';
import { MultiFields, rangeFields, rangeOf, SortField, type FilterOptions } from './SearchFilters';
import { EMPTY_SEARCH_FILTERS, type SearchFilters, type SearchSort, type SearchTab } from './searchQuery';

interface Draft {
  sortType: SearchSort;
  classIds: number[];
  filterIds: number[];
  range: DraftRange;
}

const draftOf = (f: SearchFilters): Draft => ({
  sortType: f.sortType,
  classIds: f.classIds,
  filterIds: f.filterIds,
  range: rangeOf(f) ?? [null, null],
});

/** Phone filters in a drawer: changes are a draft until 确定; 重置 clears the draft. */
export function SearchDrawer({
  open,
  onClose,
  tab,
  filters,
  options,
  onApply,
}: {
  open: boolean;
  onClose: () => void;
  tab: SearchTab;
  filters: SearchFilters;
  options: FilterOptions;
  onApply: (f: SearchFilters) => void;
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
      onReset={() => setDraft(draftOf(EMPTY_SEARCH_FILTERS))}
      onConfirm={apply}
      className="qy-al-drawer qy-sr-drawer"
      footClassName="qy-al-drawer-foot"
    >
      <SortField value={draft.sortType} onChange={(sortType) => setDraft({ ...draft, sortType })} />
      <MultiFields
        tab={tab}
        options={options}
        value={draft}
        onChange={(v) => setDraft({ ...draft, ...v })}
        layout="grid"
      />
      <fieldset className="qy-al-fieldset">
        <legend>{TEXT.dateRange}</legend>
        <RangeCalendar value={draft.range} onChange={(range) => setDraft({ ...draft, range })} />
      </fieldset>
    </FilterSheet>
  );
}

export function ThemedSearchDrawer(props: ComponentProps<typeof SearchDrawer>) {
  return (
    <ThemeScope>
      <SearchDrawer {...props} />
    </ThemeScope>
  );
}
