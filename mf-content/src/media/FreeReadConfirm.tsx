import { ThemeScope } from '@qianyan/shared';
import { Modal } from 'antd';
import { useEffect } from 'react';
import { MEDIA_TEXT as T } from '../portal/messages';

/**
 * The use-a-free-read prompt of the media player (antd's confirm in the brand theme). Its own chunk:
 * the player's first view carries no antd; this loads when a reader who may use a free read presses
 * play. It shows itself on mount and calls `onClose` once it has closed (confirmed or not).
 */
function Prompt({ audio, onOk, onClose }: { audio: boolean; onOk: () => Promise<void>; onClose: () => void }) {
  const [modal, holder] = Modal.useModal();
  useEffect(() => {
    const prompt = modal.confirm({
      title: T.useFreeRead,
      content: audio ? T.freeReadAudioPrompt : T.freeReadPrompt,
      okText: T.useFreeRead,
      cancelText: T.cancel,
      onOk,
      afterClose: onClose,
    });
    return () => prompt.destroy();
    // Once per prompt: the player unmounts this when it has closed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return holder;
}

export default function FreeReadConfirm(props: { audio: boolean; onOk: () => Promise<void>; onClose: () => void }) {
  return (
    <ThemeScope>
      <Prompt {...props} />
    </ThemeScope>
  );
}
