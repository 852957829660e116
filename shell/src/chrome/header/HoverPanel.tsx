// A header menu that opens on hover (mouse) or click/Enter (keyboard, touch) and closes on
// leaving, Escape, a click outside, or a navigation from inside it.
import { DownOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';

interface HoverPanelProps {
  /** The trigger's visible content; its text is the button's accessible name. */
  label: ReactNode;
  active?: boolean;
  className?: string;
  caret?: boolean;
  placement?: 'bottom' | 'bottomLeft' | 'bottomRight';
  children: (close: () => void) => ReactNode;
}

export function HoverPanel({ label, active, className, caret = true, placement = 'bottom', children }: HoverPanelProps) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  // After a navigation from inside, a pending hover timer must not reopen the panel.
  const reopenAfter = useRef(0);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!triggerRef.current?.contains(target) && !panelRef.current?.contains(target)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        triggerRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => {
    reopenAfter.current = Date.now() + 400;
    setOpen(false);
  };
  const onOpenChange = (next: boolean) => {
    if (next && Date.now() < reopenAfter.current) return;
    setOpen(next);
  };
  const classes = ['qy-nav__item', active ? 'is-active' : '', className ?? ''].filter(Boolean).join(' ');

  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="hover"
      placement={placement}
      arrow={false}
      classNames={{ root: 'qy-popover' }}
      content={
        <div ref={panelRef} id={panelId}>
          {children(close)}
        </div>
      }
    >
      <button
        ref={triggerRef}
        type="button"
        className={classes}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          reopenAfter.current = 0;
          setOpen(true);
        }}
      >
        {label}
        {caret && <DownOutlined className="qy-nav__caret" aria-hidden="true" />}
      </button>
    </Popover>
  );
}
