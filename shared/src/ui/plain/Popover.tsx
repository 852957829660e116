// antd's Popover (click trigger, placement bottom or bottomLeft) without antd: a button that toggles a
// panel with its arrow. Escape, a press elsewhere or the panel's own `close` shuts it, focus going
// back to the button when it was inside.
import { useId, useRef, useState, type ReactNode } from 'react';
import { PlainButton } from './Button';
import { useDismiss } from './useDismiss';
import './popover.css';

export function PlainPopover({
  label,
  icon,
  placement = 'bottom',
  children,
}: {
  label: ReactNode;
  icon?: ReactNode;
  /** `bottom`: centred under the button; `bottomLeft`: aligned with its left edge. */
  placement?: 'bottom' | 'bottomLeft';
  /** The panel; `close` shuts it and gives the focus back to the button (after a choice). */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useDismiss(open, wrapRef, (reason) => {
    // Escape gives focus back to the button when it was inside; a press elsewhere leaves it there.
    if (reason === 'escape' && wrapRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    setOpen(false);
  });
  const close = () => {
    buttonRef.current?.focus();
    setOpen(false);
  };

  return (
    <div className="qy-ui-pop-anchor" ref={wrapRef}>
      <PlainButton ref={buttonRef} icon={icon} aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen((o) => !o)}>
        {label}
      </PlainButton>
      {open && (
        <div className={`qy-ui-pop qy-ui-pop--${placement}`} id={panelId}>
          <span className="qy-ui-pop__arrow" aria-hidden="true" />
          <div className="qy-ui-pop__inner">{children(close)}</div>
        </div>
      )}
    </div>
  );
}
