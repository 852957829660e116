// The sort and disease-area groups, shared by the desktop sidebar and the mobile drawer. Native radios
// and checkboxes drawn like antd's solid radio buttons and checkboxes (filterGroups.css), so the
// list page's first view loads no antd: each input keeps its label, keyboard and focus ring.
import type { ArticleClass, ArticleFilter } from '@qianyan/shared';
import { PlainCheckbox } from '@qianyan/shared/plain';
import { useId } from 'react';
import { TEXT } from '../messages';
import type { SortType } from './listQuery';
import './filterGroups.css';

export const SORT_OPTIONS: { value: SortType; label: string }[] = [
  { value: 0, label: TEXT.sortNewest },
  { value: 1, label: TEXT.sortOldest },
  { value: 2, label: TEXT.sortHottest },
];

/** A row of solid radio buttons filling the width (antd's Radio.Group, optionType button, block). */
export function RadioButtons<V extends string | number>({
  options,
  value,
  onChange,
  className,
}: {
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (v: V) => void;
  className?: string;
}) {
  const name = useId();
  return (
    <div role="radiogroup" className={className ? `qy-radio-buttons ${className}` : 'qy-radio-buttons'}>
      {options.map((o) => {
        const checked = o.value === value;
        return (
          <label key={String(o.value)} className={checked ? 'qy-radio-button is-checked' : 'qy-radio-button'}>
            <input type="radio" name={name} value={String(o.value)} checked={checked} onChange={() => onChange(o.value)} />
            <span>{o.label}</span>
          </label>
        );
      })}
    </div>
  );
}

/** Checkboxes with their labels (antd's Checkbox.Group): `value` holds the ticked values, in ticking order. */
export function CheckboxGroup<V extends string | number>({
  options,
  value,
  onChange,
  className,
}: {
  options: readonly { value: V; label: string }[];
  value: readonly V[];
  onChange: (v: V[]) => void;
  className?: string;
}) {
  const ticked = new Set(value);
  const toggle = (v: V, on: boolean) => {
    // antd keeps the options' order in the value it reports.
    const next = new Set(value);
    if (on) next.add(v);
    else next.delete(v);
    onChange(options.map((o) => o.value).filter((x) => next.has(x)));
  };
  return (
    <div role="group" className={className ? `qy-checkbox-group ${className}` : 'qy-checkbox-group'}>
      {options.map((o) => {
        const checked = ticked.has(o.value);
        return (
          <PlainCheckbox key={String(o.value)} value={String(o.value)} checked={checked} onChange={(c) => toggle(o.value, c)}>
            {o.label}
          </PlainCheckbox>
        );
      })}
    </div>
  );
}

export function SortGroup({ value, onChange }: { value: SortType; onChange: (v: SortType) => void }) {
  return (
    <fieldset className="qy-al-fieldset">
      <legend>{TEXT.sort}</legend>
      <RadioButtons className="qy-al-sort" options={SORT_OPTIONS} value={value} onChange={onChange} />
    </fieldset>
  );
}

/** Disease-area checkboxes; `layout` is a list (sidebar) or a grid (drawer). */
export function ClassGroup({ classes, value, onChange, layout }: {
  classes: ArticleClass[];
  value: number[];
  onChange: (ids: number[]) => void;
  layout: 'list' | 'grid';
}) {
  return (
    <fieldset className="qy-al-fieldset">
      <legend>{TEXT.diseaseAreas}</legend>
      <CheckboxGroup
        className={layout === 'grid' ? 'qy-al-class-grid' : 'qy-al-class-list'}
        options={classes.map((c) => ({ label: c.classname, value: c.id }))}
        value={value}
        onChange={onChange}
      />
    </fieldset>
  );
}

/** A group of article-type checkboxes (journal types, digest types) with its legend. */
export interface TypeGroup {
  legend: string;
  options: ArticleFilter[];
}

/**
 * The checkboxes of one type group. `value` holds the ticked ids of every group; a change here keeps
 * the other groups' ids.
 */
export function TypeGroupField({ group, value, onChange, layout }: {
  group: TypeGroup;
  value: number[];
  onChange: (ids: number[]) => void;
  layout: 'list' | 'grid';
}) {
  const own = new Set(group.options.map((o) => o.id));
  return (
    <fieldset className="qy-al-fieldset">
      <legend>{group.legend}</legend>
      <CheckboxGroup
        className={layout === 'grid' ? 'qy-al-class-grid' : 'qy-al-class-list'}
        options={group.options.map((o) => ({ label: o.filtername, value: o.id }))}
        value={value.filter((id) => own.has(id))}
        onChange={(ids) => onChange([...value.filter((id) => !own.has(id)), ...ids])}
      />
    </fieldset>
  );
}
