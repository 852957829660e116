// A picture of the site furniture (a banner's, an advert's): its address, an upload into the media
// library or a choice from it, as the article editor's cover does; the field keeps the picture's
// stored address (the library's 1200 px cover, or the original when it has none).
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import type { MediaItem } from '../../media/mediaApi';
import { MediaPicker } from '../../media/MediaPicker';
import { MediaUpload } from '../../media/MediaUpload';
import { ED_MSG } from '../../messages';

export const pictureAddress = (item: MediaItem) => item.coverUrl || item.url;

export function PictureField({ id, value, onChange, label }: { id?: string; value?: string; onChange?: (v: string) => void; label: string }) {
  const [picking, setPicking] = useState(false);
  const choose = (item: MediaItem) => onChange?.(pictureAddress(item));
  return (
    <div className="qy-ed-site__picture">
      <Input id={id} aria-label={label} value={value ?? ''} maxLength={500} onChange={(e) => onChange?.(e.target.value)} />
      {value?.trim() ? <img className="qy-ed-site__picture-preview" src={value} alt="" /> : null}
      <div className="qy-ed-media-field">
        <MediaUpload kinds={['image']} onUploaded={choose} />
        <Button onClick={() => setPicking(true)}>{ED_MSG.media.fromLibrary}</Button>
      </div>
      <Modal open={picking} title={ED_MSG.media.fromLibrary} footer={null} width={880} onCancel={() => setPicking(false)} destroyOnHidden>
        <MediaPicker
          kind="image"
          selectedUrl={value}
          onSelect={(item) => {
            choose(item);
            setPicking(false);
          }}
        />
      </Modal>
    </div>
  );
}
