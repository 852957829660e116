// The sort and disease-area groups, shared by the desktop sidebar and the mobile drawer.
import type { ArticleClass, ArticleFilter } from '@qianyan/shared';
import { Checkbox, Radio } from 'antd';
import { TEXT } from '../messages';
import type { SortType } from './listQuery';

export const SORT_OPTIONS: { value: SortType; label: string }[] = [
  { value: 0, label: TEXT.sortNewest },
  { value: 1, label: TEXT.sortOldest },
  { value: 2, label: TEXT.sortHottest },
];

export function SortGroup({ value, onChange }: { value: SortType; onChange: (v: SortType) => void }) {
  return (
    <fieldset className="qy-al-fieldset">
      <legend>{TEXT.sort}</legend>
      <Radio.Group
        className="qy-al-sort"
        optionType="button"
        buttonStyle="solid"
        block
        options={SORT_OPTIONS}
        value={value}
        onChange={(e) => onChange(e.target.value as SortType)}
      />
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
      <Checkbox.Group
        className={layout === 'grid' ? 'qy-al-class-grid' : 'qy-al-class-list'}
        options={classes.map((c) => ({ label: c.classname, value: c.id }))}
        value={value}
        onChange={(ids) => onChange(ids as number[])}
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
      <Checkbox.Group
        className={layout === 'grid' ? 'qy-al-class-grid' : 'qy-al-class-list'}
        options={group.options.map((o) => ({ label: o.filtername, value: o.id }))}
        value={value.filter((id) => own.has(id))}
        onChange={(ids) => onChange([...value.filter((id) => !own.has(id)), ...(ids as number[])])}
      />
    </fieldset>
  );
}
