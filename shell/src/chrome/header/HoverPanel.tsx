// A header menu that opens on hover (mouse) or click/Enter (keyboard, touch) and closes on
// leaving, Escape, a click outside, focus moving out of it, or a navigation from inside it.
// Plain React and CSS (chrome.css, .qy-hover): the header loads no antd.
import type { ReactNode } from 'react';
import { useDismiss } from '@qianyan/shared/plain';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { DownIcon } from './icons';

interface HoverPanelProps {
  /** The trigger's visible content; its text is the button's accessible name. */
  label: ReactNode;
  active?: boolean;
  className?: string;
  caret?: boolean;
  placement?: 'bottom' | 'bottomLeft' | 'bottomRight';
  children: (close: () => void) => ReactNode;
}

/** Hover delays (as antd's popover had): a quick pass over the menu opens nothing. */
const OPEN_DELAY_MS = 100;
const CLOSE_DELAY_MS = 100;
/** The least room kept between the panel and the window's edges. */
const EDGE_PX = 8;

export function HoverPanel({ label, active, className, caret = true, placement = 'bottom', children }: HoverPanelProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const timer = useRef<number | undefined>(undefined);
  // After a navigation from inside, a pending hover timer must not reopen the panel.
  const reopenAfter = useRef(0);

  const clearTimer = () => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
  };
  useEffect(() => clearTimer, []);

  useDismiss(open, rootRef, (reason) => {
    setOpen(false);
    if (reason === 'escape') triggerRef.current?.focus();
  });

  // Keep the panel inside the window (a centred panel near an edge shifts sideways).
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    panel.style.setProperty('--qy-hover-shift', '0px');
    const rect = panel.getBoundingClientRect();
    const room = document.documentElement.clientWidth || window.innerWidth;
    let shift = 0;
    if (rect.right > room - EDGE_PX) shift = room - EDGE_PX - rect.right;
    if (rect.left + shift < EDGE_PX) shift = EDGE_PX - rect.left;
    if (shift) panel.style.setProperty('--qy-hover-shift', `${Math.round(shift)}px`);
  }, [open]);

  const show = () => {
    if (Date.now() < reopenAfter.current) return;
    setOpen(true);
  };
  const close = () => {
    clearTimer();
    reopenAfter.current = Date.now() + 400;
    setOpen(false);
  };
  const later = (fn: () => void, ms: number) => {
    clearTimer();
    timer.current = window.setTimeout(fn, ms);
  };
  const classes = ['qy-nav__item', active ? 'is-active' : '', className ?? ''].filter(Boolean).join(' ');

  return (
    <div
      ref={rootRef}
      className="qy-hover"
      onPointerEnter={(e) => e.pointerType === 'mouse' && later(show, OPEN_DELAY_MS)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && later(() => setOpen(false), CLOSE_DELAY_MS)}
      onBlur={(e) => {
        const next = e.relatedTarget as Node | null;
        if (next && !rootRef.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        className={classes}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          clearTimer();
          reopenAfter.current = 0;
          setOpen(true);
        }}
      >
        {label}
        {caret && <DownIcon className="qy-nav__caret" />}
      </button>
      {open && (
        <div ref={panelRef} id={panelId} className={`qy-hover__panel qy-hover__panel--${placement}`}>
          {children(close)}
        </div>
      )}
    </div>
  );
}
