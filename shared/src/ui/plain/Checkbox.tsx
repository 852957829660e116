// antd's Checkbox in the brand theme, without antd: a real checkbox (hidden over its drawn box, so
// clicks, the keyboard and assistive technology use it), the label after it.
import type { ReactNode } from 'react';
import './checkbox.css';

export function PlainCheckbox({
  value,
  checked,
  disabled = false,
  onChange,
  children,
}: {
  /** The input's value attribute (a group's option key). */
  value?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  const state = `${checked ? ' qy-ui-checkbox--checked' : ''}${disabled ? ' qy-ui-checkbox--disabled' : ''}`;
  return (
    <label className={`qy-ui-checkbox${state}`}>
      <span className="qy-ui-checkbox__box">
        <input type="checkbox" value={value} checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      </span>
      <span className="qy-ui-checkbox__label">{children}</span>
    </label>
  );
}
