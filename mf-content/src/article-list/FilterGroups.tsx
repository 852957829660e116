// The sort and disease-area groups, shared by the desktop sidebar and the mobile drawer.
import type { ArticleClass } from '@qianyan/shared';
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
