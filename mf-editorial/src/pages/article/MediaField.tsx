// The cover and the video/audio of an article: the address field, an upload into the media library
// and a choice from it (the library's own components). The field keeps the item's stored address
// (`url`, or `coverUrl` for a cover), never the signed play address, which expires.
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import type { ArticleDocument } from '../../api';
import type { MediaAccess, MediaItem, MediaKind } from '../../media/mediaApi';
import { MediaPicker } from '../../media/MediaPicker';
import { MediaUpload } from '../../media/MediaUpload';
import { ED_MSG } from '../../messages';
import type { Update } from './fields';

type MediaFieldName = 'thumb' | 'videoUrl';

/** The library kind a field takes: a cover is a picture; an audio item (source 8) plays audio, others video. */
export function mediaKindOf(field: MediaFieldName, sourceId: number): MediaKind {
  if (field === 'thumb') return 'image';
  return sourceId === 8 ? 'audio' : 'video';
}

/** What the field stores of a chosen item. */
export const storedAddress = (field: MediaFieldName, item: MediaItem) => (field === 'thumb' ? item.coverUrl || item.url : item.url);

/** Media of an article readers must log in to read plays only through signed addresses (member media). */
export const mediaAccessFor = (doc: Pick<ArticleDocument, 'accessLevel'>): MediaAccess | undefined => (doc.accessLevel === 'public' ? undefined : 'member');

/** The controls of a media field (its label is the caller's). */
export function MediaField({ doc, update, readOnly, field }: { doc: ArticleDocument; update: Update; readOnly: boolean; field: MediaFieldName }) {
  const [picking, setPicking] = useState(false);
  const kind = mediaKindOf(field, doc.sourceId);
  const access = kind === 'image' ? undefined : mediaAccessFor(doc);
  const value = String(doc[field] ?? '');
  const choose = (item: MediaItem) => update(field, storedAddress(field, item) as never);
  return (
    <>
      <Input value={value} maxLength={2000} disabled={readOnly} onChange={(e) => update(field, e.target.value as never)} />
      {!readOnly && (
        <div className="qy-ed-media-field">
          <MediaUpload kinds={[kind]} defaultAccess={access ?? 'public'} onUploaded={choose} />
          <Button onClick={() => setPicking(true)}>{ED_MSG.media.fromLibrary}</Button>
        </div>
      )}
      <Modal open={picking} title={ED_MSG.media.fromLibrary} footer={null} width={880} onCancel={() => setPicking(false)} destroyOnHidden>
        <MediaPicker
          kind={kind}
          access={access}
          selectedUrl={value}
          onSelect={(item) => {
            choose(item);
            setPicking(false);
          }}
        />
      </Modal>
    </>
  );
}
