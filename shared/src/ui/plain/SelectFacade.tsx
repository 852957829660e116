// antd's Select (outlined, middle size, multiple) without its behaviour: the placeholder or the chosen
// labels, and the arrow. A combobox by its role and name, so that it is found as the real one is; for
// PlainHandover, `onUse(true)` when it is pressed (the real one opens), `onUse(false)` when it is
// focused from the keyboard, `onPreload` when a pointer comes near.
import { DownIcon } from './icons';
import './outlinedField.css';
import './selectFacade.css';

export function PlainSelectFacade({
  labels,
  placeholder,
  className,
  'aria-label': ariaLabel,
  onPreload,
  onUse,
}: {
  /** The chosen options' labels. */
  labels: readonly string[];
  placeholder: string;
  className?: string;
  'aria-label': string;
  onPreload?: () => void;
  onUse?: (open: boolean) => void;
}) {
  return (
    <div
      className={className ? `qy-ui-outlined qy-select-facade ${className}` : 'qy-ui-outlined qy-select-facade'}
      onPointerEnter={onPreload}
      onPointerDown={(e) => {
        e.preventDefault();
        onUse?.(true);
      }}
      onMouseDown={() => onUse?.(true)}
    >
      <div
        className="qy-select-facade__selector"
        role="combobox"
        tabIndex={0}
        aria-label={ariaLabel}
        aria-expanded="false"
        aria-haspopup="listbox"
        onFocus={() => onUse?.(false)}
      >
        {labels.length === 0 ? (
          <span className="qy-select-facade__placeholder">{placeholder}</span>
        ) : (
          labels.map((l) => (
            <span key={l} className="qy-select-facade__item">
              {l}
            </span>
          ))
        )}
      </div>
      <span className="qy-select-facade__suffix" aria-hidden="true">
        <DownIcon />
      </span>
    </div>
  );
}
