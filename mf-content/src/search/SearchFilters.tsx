// The search filters (spec §2.13): sort, professional field (keys 1, 5, 7), subject (key 11), type
// (key 5) and the date range; a sidebar on desktop, a drawer on phones (SearchDrawer.tsx, its own
// chunk: antd's Drawer and Calendar load on the first tap of 筛选).
import { fromApiDate, SEARCH_DEBOUNCE_MS, toApiRange, type ArticleClass, type ArticleFilter } from '@qianyan/shared';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps } from 'react';
import { LIST_BOUNDS } from '../article-list/dates';
import { ClassGroup, RadioButtons, TypeGroupField, type TypeGroup } from '../article-list/FilterGroups';
import { RangeField } from '../article-list/RangeField';
import { SEARCH_TEXT, TEXT } from '../messages';
import { EMPTY_SEARCH_FILTERS, hasActiveSearchFilters, type SearchFilters, type SearchSort, type SearchTab } from './searchQuery';

export const SEARCH_SORT_OPTIONS: { value: SearchSort; label: string }[] = [
  { value: 3, label: SEARCH_TEXT.sortRelevance },
  { value: 0, label: TEXT.sortNewest },
  { value: 1, label: TEXT.sortOldest },
  { value: 2, label: TEXT.sortHottest },
];

/** The option lists of the multi-selects. */
export interface FilterOptions {
  classes: ArticleClass[];
  subjects: ArticleFilter[];
  typeGroups: TypeGroup[];
}

export function rangeOf(f: Pick<SearchFilters, 'startDate' | 'endDate'>): [Dayjs, Dayjs] | null {
  const start = fromApiDate(f.startDate);
  const end = fromApiDate(f.endDate);
  return start && end ? [start, end] : null;
}

/** A range needs both ends; clearing either end removes both (spec §5 dates). */
export function rangeFields(range: [Dayjs | null, Dayjs | null] | null): Pick<SearchFilters, 'startDate' | 'endDate'> {
  const r = toApiRange(range);
  return { startDate: r.startDate, endDate: r.endDate };
}

export function SortField({ value, onChange }: { value: SearchSort; onChange: (v: SearchSort) => void }) {
  return (
    <fieldset className="qy-al-fieldset">
      <legend>{TEXT.sort}</legend>
      <RadioButtons className="qy-al-sort" options={SEARCH_SORT_OPTIONS} value={value} onChange={onChange} />
    </fieldset>
  );
}

/** The multi-selects a tab offers, over `classIds` and `filterIds`. */
export function MultiFields({
  tab,
  options,
  value,
  onChange,
  layout,
}: {
  tab: SearchTab;
  options: FilterOptions;
  value: Pick<SearchFilters, 'classIds' | 'filterIds'>;
  onChange: (v: Pick<SearchFilters, 'classIds' | 'filterIds'>) => void;
  layout: 'list' | 'grid';
}) {
  return (
    <>
      {tab.classes && options.classes.length > 0 && (
        <ClassGroup
          layout={layout}
          classes={options.classes}
          value={value.classIds}
          onChange={(classIds) => onChange({ ...value, classIds })}
        />
      )}
      {tab.subjects && options.subjects.length > 0 && (
        <TypeGroupField
          layout={layout}
          group={{ legend: SEARCH_TEXT.subjects, options: options.subjects }}
          value={value.classIds}
          onChange={(classIds) => onChange({ ...value, classIds })}
        />
      )}
      {tab.types &&
        options.typeGroups
          .filter((g) => g.options.length > 0)
          .map((g) => (
            <TypeGroupField
              key={g.legend}
              layout={layout}
              group={g}
              value={value.filterIds}
              onChange={(filterIds) => onChange({ ...value, filterIds })}
            />
          ))}
    </>
  );
}

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Desktop sidebar: the sort and the dates apply at once; ticks of the multi-selects show at once and
 * apply 800 ms after the last one (spec §4 search, §9), so a few quick ticks make one search.
 */
export function SearchSidebar({
  tab,
  filters,
  options,
  onChange,
}: {
  tab: SearchTab;
  filters: SearchFilters;
  options: FilterOptions;
  onChange: (f: SearchFilters) => void;
}) {
  const [multi, setMulti] = useState({ classIds: filters.classIds, filterIds: filters.filterIds });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };

  // The applied filters win when they change from outside (back, a link); the arrival of ticks this
  // sidebar applied itself leaves any newer ticks waiting.
  const sent = useRef<string | null>(null);
  const classKey = filters.classIds.join(',');
  const filterKey = filters.filterIds.join(',');
  useEffect(() => {
    if (sent.current === `${classKey}|${filterKey}`) return;
    clearTimeout(timer.current);
    setMulti((m) =>
      sameIds(m.classIds, filters.classIds) && sameIds(m.filterIds, filters.filterIds)
        ? m
        : { classIds: filters.classIds, filterIds: filters.filterIds },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [classKey, filterKey]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const changeMulti = (next: Pick<SearchFilters, 'classIds' | 'filterIds'>) => {
    setMulti(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      sent.current = `${next.classIds.join(',')}|${next.filterIds.join(',')}`;
      latest.current.onChange({ ...latest.current.filters, ...next });
    }, SEARCH_DEBOUNCE_MS);
  };
  /** Sort and dates apply at once, with any ticks still waiting. */
  const applyNow = (patch: Partial<SearchFilters>) => {
    clearTimeout(timer.current);
    sent.current = null;
    onChange({ ...filters, ...multi, ...patch });
  };

  const active = hasActiveSearchFilters({ ...filters, ...multi });
  return (
    <aside className="qy-al-sidebar qy-sr-sidebar" aria-labelledby="qy-sr-filter-title">
      <div className="qy-al-filter-head">
        <h2 id="qy-sr-filter-title">{TEXT.filters}</h2>
        {active && (
          <button type="button" className="qy-al-clear" onClick={() => applyNow(EMPTY_SEARCH_FILTERS)}>
            {TEXT.clearFilters}
          </button>
        )}
      </div>
      <SortField value={filters.sortType} onChange={(sortType) => applyNow({ sortType })} />
      <MultiFields tab={tab} options={options} value={multi} onChange={changeMulti} layout="list" />
      <fieldset className="qy-al-fieldset">
        <legend>{TEXT.dateRange}</legend>
        {/* The list sidebar's field: a plain facade until the first use loads antd's RangePicker. */}
        <RangeField value={rangeOf(filters)} bounds={LIST_BOUNDS} onChange={(range) => applyNow(rangeFields(range))} />
      </fieldset>
    </aside>
  );
}

const ThemedSearchDrawer = lazy(() => import('./SearchDrawer').then((m) => ({ default: m.ThemedSearchDrawer })));

/** The phone's filter drawer, loaded on the first tap of 筛选; it then stays mounted for its closing animation. */
export function LazySearchDrawer(props: ComponentProps<typeof ThemedSearchDrawer>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ThemedSearchDrawer {...props} />
    </Suspense>
  );
}
