// antd's Segmented (default size) without antd: native radios in labels, so a click on a label, the
// arrow keys and a screen reader's radio group all work as antd's do; the selected one is the raised
// white thumb.
import { useId } from 'react';
import './antdText.css';
import './segmented.css';

export function PlainSegmented<K extends string>({
  value,
  options,
  onChange,
  className,
  'aria-label': ariaLabel,
}: {
  value: K;
  options: readonly { value: K; label: string }[];
  onChange: (next: K) => void;
  className?: string;
  'aria-label'?: string;
}) {
  const name = useId();
  return (
    <div className={className ? `qy-ui-segmented ${className}` : 'qy-ui-segmented'} role="radiogroup" aria-label={ariaLabel}>
      <div className="qy-ui-segmented__group">
        {options.map((o) => {
          const checked = o.value === value;
          return (
            <label key={o.value} className={checked ? 'qy-ui-segmented__item is-selected' : 'qy-ui-segmented__item'}>
              <input
                type="radio"
                className="qy-ui-segmented__input"
                name={name}
                value={o.value}
                checked={checked}
                onChange={() => onChange(o.value)}
              />
              <span className="qy-ui-segmented__label" title={o.label}>
                {o.label}
              </span>
            </label>
          );
        })}
      </div>
    </div>
  );
}
