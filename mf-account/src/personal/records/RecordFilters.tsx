// Filters of the favourite and reading lists (§2.9): date range, specialty and type for articles;
// date range and course type for courses. A bar on wide screens, a drawer with a range calendar on
// phones. The first view draws them without antd: the bar's controls are plain look-alikes that hand
// over to antd's (RecordFilterControls) on first use, and the drawer (RecordFilterSheet) loads on the
// first tap of 筛选.
import { formatDate } from '@qianyan/shared/core';
import { FilterIcon, PlainButton, PlainHandover, PlainRangeFacade, PlainSelectFacade } from '@qianyan/shared/plain';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { PERSONAL_TEXT as T } from '../messages';
import { courseTypeOptions, rangeOf, specialtyOptions, typeOptions, type RecordFiltersProps } from './recordFilterOptions';
import { activeFilterCount, EMPTY_RECORD_FILTERS, rangeFilter } from './recordsQuery';

export type { RecordFiltersProps } from './recordFilterOptions';

const loadControls = () => import('./RecordFilterControls');
const preloadControls = () => void loadControls().catch(() => undefined);
const RecordRangePicker = lazy(() => loadControls().then((m) => ({ default: m.RecordRangePicker })));
const RecordSelect = lazy(() => loadControls().then((m) => ({ default: m.RecordSelect }))) as typeof import('./RecordFilterControls').RecordSelect;
const RecordFilterSheet = lazy(() => import('./RecordFilterSheet'));

const PLACEHOLDERS = [T.startDate, T.endDate] as const;

/** A multiple select: its plain look-alike until first used, then antd's. */
function SelectField<K extends string | number>({
  label,
  placeholder,
  options,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  options: { value: K; label: string }[];
  value: K[];
  onChange: (next: K[]) => void;
}) {
  const labels = options.filter((o) => value.includes(o.value)).map((o) => o.label);
  return (
    <label className="qy-rec-filter">
      <span className="qy-rec-filter__label">{label}</span>
      <PlainHandover<boolean>
        facade={(onUse) => (
          <PlainSelectFacade
            className="qy-rec-filter__select"
            aria-label={label}
            placeholder={placeholder}
            labels={labels}
            onPreload={preloadControls}
            onUse={onUse}
          />
        )}
        real={(open) => (
          <RecordSelect<K> label={label} placeholder={placeholder} options={options} value={value} onChange={onChange} open={open} />
        )}
      />
    </label>
  );
}

/** Wide screens: every filter in one bar; each change applies at once. */
export function RecordFilterBar({ kind, value, onChange }: RecordFiltersProps) {
  const [from, to] = rangeOf(value);
  const shown: [Dayjs, Dayjs] | null = from && to ? [from, to] : null;
  return (
    <div className={`qy-rec-filters${kind === 'courses' ? ' qy-rec-filters--courses' : ''}`} role="search" aria-label={T.filters}>
      <label className="qy-rec-filter">
        <span className="qy-rec-filter__label">{T.filterDate}</span>
        <PlainHandover<0 | 1>
          facade={(onUse) => (
            <PlainRangeFacade
              className="qy-rec-filter__range"
              value={shown && [formatDate(shown[0]), formatDate(shown[1])]}
              placeholders={PLACEHOLDERS}
              onPreload={preloadControls}
              onUse={onUse}
            />
          )}
          real={(focusIndex) => (
            <RecordRangePicker value={shown} onChange={(r) => onChange({ ...value, ...rangeFilter(r) })} focusIndex={focusIndex} />
          )}
        />
      </label>
      {kind === 'articles' ? (
        <>
          <SelectField
            label={T.filterSpecialty}
            placeholder={T.anySpecialty}
            options={specialtyOptions}
            value={value.classIds}
            onChange={(classIds) => onChange({ ...value, classIds })}
          />
          <SelectField
            label={T.filterType}
            placeholder={T.anyType}
            options={typeOptions}
            value={value.types}
            onChange={(types) => onChange({ ...value, types })}
          />
        </>
      ) : (
        <SelectField
          label={T.filterCourseType}
          placeholder={T.anyType}
          options={courseTypeOptions}
          value={value.courseTypes}
          onChange={(courseTypes) => onChange({ ...value, courseTypes })}
        />
      )}
      <PlainButton
        variant="link"
        className="qy-rec-filters__reset"
        onClick={() => onChange(EMPTY_RECORD_FILTERS)}
        disabled={activeFilterCount(kind, value) === 0}
      >
        {T.reset}
      </PlainButton>
    </div>
  );
}

/** Phones: a 筛选 button opening a drawer; its chunk loads on the first tap, and it stays for its closing animation. */
export function RecordFilterDrawer(props: RecordFiltersProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <PlainButton
        icon={<FilterIcon />}
        onPointerEnter={() => void import('./RecordFilterSheet').catch(() => undefined)}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="qy-rec-drawer__open"
      >
        {T.activeFilters(activeFilterCount(props.kind, props.value))}
      </PlainButton>
      {wanted && (
        <Suspense fallback={null}>
          <RecordFilterSheet {...props} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
