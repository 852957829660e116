// antd's RangePicker input (outlined, middle size) without its behaviour: two ends, the arrow, the
// calendar icon, its hover and focus borders. For PlainHandover: `onUse(index)` when an end is pressed
// or focused, `onPreload` when a pointer comes near (to start loading the real picker).
import { CalendarIcon, SwapRightIcon } from './icons';
import './outlinedField.css';
import './rangeFacade.css';

export function PlainRangeFacade({
  value,
  placeholders,
  className,
  onPreload,
  onUse,
}: {
  /** The two ends as shown (already formatted), or none. */
  value: readonly [string, string] | null;
  placeholders: readonly [string, string];
  className?: string;
  onPreload?: () => void;
  onUse?: (index: 0 | 1) => void;
}) {
  const end = (index: 0 | 1) => (
    <div className="qy-range-facade__input">
      <input
        readOnly
        size={12}
        autoComplete="off"
        placeholder={placeholders[index]}
        value={value ? value[index] : ''}
        data-index={index}
        onFocus={() => onUse?.(index)}
      />
    </div>
  );
  return (
    <div
      className={className ? `qy-ui-outlined qy-range-facade ${className}` : 'qy-ui-outlined qy-range-facade'}
      onPointerEnter={onPreload}
      // A press anywhere opens the picker, as antd's does: on the end input pressed, else the start.
      onPointerDown={(e) => {
        e.preventDefault();
        onUse?.((e.target as HTMLElement).closest('input')?.dataset.index === '1' ? 1 : 0);
      }}
    >
      {end(0)}
      <div className="qy-range-facade__separator" aria-hidden="true">
        <SwapRightIcon />
      </div>
      {end(1)}
      <span className="qy-range-facade__suffix" aria-hidden="true">
        <CalendarIcon />
      </span>
    </div>
  );
}
