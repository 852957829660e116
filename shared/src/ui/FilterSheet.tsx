// The phones' filter drawer (spec §2.9, §2.10): it rises from the bottom, its changes are a draft
// until 确定, and 重置 clears the draft. The article lists, the search page and the personal
// centre's records use it.
import { Button, Drawer } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';

export const FILTER_SHEET_TEXT = { filters: '筛选', reset: '重置', confirm: '确定' } as const;
const T = FILTER_SHEET_TEXT;

/** The drawer's draft: it starts again from the applied filters at each opening; re-renders while open keep it. */
export function useFilterDraft<D>(open: boolean, fromApplied: () => D): [D, (draft: D) => void] {
  const [draft, setDraft] = useState<D>(fromApplied);
  useEffect(() => {
    if (open) setDraft(fromApplied());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  return [draft, setDraft];
}

export function FilterSheet({
  open,
  onClose,
  onReset,
  onConfirm,
  className,
  footClassName,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onReset: () => void;
  onConfirm: () => void;
  className: string;
  footClassName: string;
  children: ReactNode;
}) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="bottom"
      size="88vh"
      title={T.filters}
      className={className}
      footer={
        <div className={footClassName}>
          <Button size="large" onClick={onReset}>
            {T.reset}
          </Button>
          <Button size="large" type="primary" onClick={onConfirm}>
            {T.confirm}
          </Button>
        </div>
      }
    >
      {children}
    </Drawer>
  );
}
