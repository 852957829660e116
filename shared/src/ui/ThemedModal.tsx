// antd's confirm and warning dialogs in the brand theme, as a chunk of their own: the plain screens
// (no antd in their first view) load it when they have something to ask (`useThemedModal` in
// @qianyan/shared/plain). It shows its dialog on mount and calls `onClose` once the dialog has closed.
import { Modal } from 'antd';
import { useEffect } from 'react';
import { ThemeScope } from './AppProviders';
import type { ThemedModalRequest } from './plain/useThemedModal';

function Prompt({ request, onClose }: { request: ThemedModalRequest; onClose: () => void }) {
  const [modal, holder] = Modal.useModal();
  useEffect(() => {
    const { kind, ...config } = request;
    const dialog = modal[kind]({ ...config, afterClose: onClose });
    return () => dialog.destroy();
    // Once per request: the holder unmounts this when the dialog has closed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return holder;
}

export default function ThemedModal(props: { request: ThemedModalRequest; onClose: () => void }) {
  return (
    <ThemeScope>
      <Prompt {...props} />
    </ThemeScope>
  );
}
