// What the filter bar, its antd controls and the phones' drawer share: the options as the controls
// take them, and the applied range as dates.
import { fromApiDate } from '@qianyan/shared/core';
import type { Dayjs } from 'dayjs';
import {
  ARTICLE_TYPE_OPTIONS,
  COURSE_TYPE_OPTIONS,
  SPECIALTY_OPTIONS,
  type RecordFilters,
  type RecordKind,
} from './recordsQuery';

export interface RecordFiltersProps {
  kind: RecordKind;
  value: RecordFilters;
  onChange(next: RecordFilters): void;
}

export const rangeOf = (f: RecordFilters): [Dayjs | null, Dayjs | null] => [fromApiDate(f.startDate), fromApiDate(f.endDate)];

export const specialtyOptions = SPECIALTY_OPTIONS.map((o) => ({ value: o.id, label: o.label }));
export const typeOptions = ARTICLE_TYPE_OPTIONS.map((o) => ({ value: o.key, label: o.label }));
export const courseTypeOptions = COURSE_TYPE_OPTIONS.map((o) => ({ value: o.key, label: o.label }));
