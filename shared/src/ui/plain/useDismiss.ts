// Closing a popup the way antd's popovers close: Escape anywhere, or a press outside its root. The
// caller decides what each means (where focus goes back to).
import { useEffect, useRef, type RefObject } from 'react';

export type DismissReason = 'escape' | 'outside';

/** While `open`, calls `onDismiss` on Escape or on a pointer press outside `rootRef`'s element. */
export function useDismiss(open: boolean, rootRef: RefObject<HTMLElement | null>, onDismiss: (reason: DismissReason) => void): void {
  const latest = useRef(onDismiss);
  latest.current = onDismiss;
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') latest.current('escape');
    };
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) latest.current('outside');
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, rootRef]);
}
