// antd's modal.confirm and modal.warning for the screens that load no antd on their first view: the
// dialog's chunk (ThemedModal, antd in the brand theme) is fetched when the first question is asked.
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';

export interface ThemedModalRequest {
  kind: 'confirm' | 'warning';
  title: ReactNode;
  content?: ReactNode;
  okText?: string;
  cancelText?: string;
  /** Called on 确定; a promise keeps the button busy until it settles. */
  onOk?: () => unknown;
}

const ThemedModal = lazy(() => import('../ThemedModal'));

/**
 * `[open, holder]`: `open(request)` shows the dialog; render `holder` where the dialog's React tree
 * belongs. One dialog at a time: a request made while one is open replaces it.
 */
export function useThemedModal(): [(request: ThemedModalRequest) => void, ReactNode] {
  const [request, setRequest] = useState<{ id: number; value: ThemedModalRequest } | null>(null);
  const open = useCallback((value: ThemedModalRequest) => setRequest((prev) => ({ id: (prev?.id ?? 0) + 1, value })), []);
  const holder = request && (
    <Suspense fallback={null}>
      <ThemedModal
        key={request.id}
        request={request.value}
        onClose={() => setRequest((now) => (now?.id === request.id ? null : now))}
      />
    </Suspense>
  );
  return [open, holder];
}
