// A dialog frame without antd, drawn like antd's centred Modal (mask, white card, title, ×), for the
// dialogs a first view may open (用户登录 on /personal): antd's Modal would bring antd with it.
// It is a modal dialog: focus moves into it, Tab stays inside, Escape, × and a click on the mask
// close it, focus goes back where it was, and the page behind does not scroll.
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../header/icons';
import './plainModal.css';

/** Length of the closing motion (antd's zoom out). */
export const MODAL_LEAVE_MS = 200;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface PlainModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Card width on wide screens (antd's `width`); narrow screens get the window less 16 px. */
  width?: number;
  bodyClassName?: string;
  closeLabel?: string;
}

/** The page behind stays still while a dialog is open, without shifting by the scrollbar's width. */
function lockScroll(): () => void {
  const body = document.body;
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  const before = { overflow: body.style.overflow, width: body.style.width };
  body.style.overflow = 'hidden';
  if (scrollbar > 0) body.style.width = `calc(100% - ${scrollbar}px)`;
  return () => {
    body.style.overflow = before.overflow;
    body.style.width = before.width;
  };
}

export function PlainModal({ open, title, onClose, children, width = 400, bodyClassName, closeLabel = '关闭' }: PlainModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // Mounted while open and during the closing motion; the content is new at each opening.
  const [shown, setShown] = useState(open);
  const [leaving, setLeaving] = useState(false);
  const pressedOnMask = useRef(false);

  useEffect(() => {
    if (open) {
      setShown(true);
      setLeaving(false);
      return;
    }
    if (!shown) return;
    setLeaving(true);
    const timer = setTimeout(() => {
      setShown(false);
      setLeaving(false);
    }, MODAL_LEAVE_MS);
    return () => clearTimeout(timer);
  }, [open, shown]);

  // Focus in on opening (the element marked data-autofocus, else the dialog); the page stays still.
  const focusBefore = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    focusBefore.current = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    (dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog)?.focus();
    return lockScroll();
  }, [open]);

  // On closing, focus goes back where it was (unless it has moved elsewhere meanwhile). A passive
  // effect: React puts back the focus it saw before a commit, so a change made during one is undone.
  useEffect(() => {
    if (!open) return;
    const dialog = dialogRef.current;
    return () => {
      const before = focusBefore.current;
      const active = document.activeElement;
      const focusIsOurs = !active || active === document.body || Boolean(dialog?.contains(active));
      if (focusIsOurs && before?.isConnected && before !== document.body) before.focus();
    };
  }, [open]);

  if (!open && !shown) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]'));
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // A click that both starts and ends on the mask closes (not a text selection dragged out of the card).
  const onWrapMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressedOnMask.current = event.target === event.currentTarget;
  };
  const onWrapClick = (event: MouseEvent<HTMLDivElement>) => {
    if (pressedOnMask.current && event.target === event.currentTarget && open) onClose();
    pressedOnMask.current = false;
  };

  const state = leaving ? ' qy-modal--leave' : '';
  return createPortal(
    <div className={`qy-modal-root${state}`}>
      <div className="qy-modal-mask" aria-hidden="true" />
      <div className="qy-modal-wrap" onMouseDown={onWrapMouseDown} onClick={onWrapClick} onKeyDown={onKeyDown}>
        <div
          ref={dialogRef}
          className="qy-modal"
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          style={{ width }}
        >
          <button type="button" className="qy-modal__close" aria-label={closeLabel} onClick={onClose}>
            <CloseIcon />
          </button>
          <div className="qy-modal__header">
            <div className="qy-modal__title" id={titleId}>
              {title}
            </div>
          </div>
          <div className={bodyClassName ? `qy-modal__body ${bodyClassName}` : 'qy-modal__body'}>{children}</div>
        </div>
      </div>
    </div>,
    document.body,
  );
}
