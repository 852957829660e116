// Uploads a picture, an MP4 video or an MP3/M4A audio file to the media library, with a progress
// bar while it is sent; then shows what the server read from the file (duration, size) and hands the
// media item to the parent (onUploaded). The server decides the type from the bytes; the checks here
// only spare sending a file whose name or size already tells it will be refused.
import { UploadOutlined } from '@ant-design/icons';
import { ApiError } from '@qianyan/shared/core';
import { Alert, Button, Progress, Radio, Space, Typography, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { describeMedia, mediaApi, type MediaAccess, type MediaItem, type MediaKind } from './mediaApi';
import { acceptOf, DEFAULT_LIMITS, kindOfFile, MEDIA_MSG } from './messages';
import './media.css';

export interface MediaUploadProps {
  /** The kinds taken (all three by default): a cover takes ['image'], an animation ['video'], an audio item ['audio']. */
  kinds?: readonly MediaKind[];
  /** The access a new video or audio file gets (public by default); the editor can change it before choosing the file. */
  defaultAccess?: MediaAccess;
  /** Receives the stored media item (its url is what an article's field holds). */
  onUploaded: (item: MediaItem) => void;
  disabled?: boolean;
}

type State =
  | { phase: 'idle' }
  | { phase: 'sending'; name: string; percent: number }
  | { phase: 'done'; item: MediaItem }
  | { phase: 'failed'; message: string };

const ALL_KINDS: readonly MediaKind[] = ['image', 'video', 'audio'];

export function MediaUpload({ kinds = ALL_KINDS, defaultAccess = 'public', onUploaded, disabled }: MediaUploadProps) {
  const [access, setAccess] = useState<MediaAccess>(defaultAccess);
  const [state, setState] = useState<State>({ phase: 'idle' });
  // Pictures are always public (covers are shown on every list): the choice is for video and audio.
  const offersAccess = kinds.some((k) => k !== 'image');

  const refuse = (message: string) => {
    setState({ phase: 'failed', message });
    return Upload.LIST_IGNORE;
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const kind = kindOfFile(file);
    if (!kind || !kinds.includes(kind)) return refuse(MEDIA_MSG.typeRefused);
    if (file.size > DEFAULT_LIMITS[kind]) return refuse(MEDIA_MSG.sizeRefused(kind, DEFAULT_LIMITS[kind]));
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const upload = file as File;
    const kind = kindOfFile(upload);
    setState({ phase: 'sending', name: upload.name, percent: 0 });
    mediaApi
      .upload(
        upload,
        kind === 'image' ? 'public' : access,
        (percent) => {
          setState((s) => (s.phase === 'sending' ? { ...s, percent } : s));
          onProgress?.({ percent });
        },
        { silent: true },
      )
      .then((item) => {
        setState({ phase: 'done', item });
        onSuccess?.(item);
        onUploaded(item);
      })
      .catch((err: unknown) => {
        const message = err instanceof ApiError || err instanceof Error ? err.message : String(err);
        setState({ phase: 'failed', message });
        onError?.(err instanceof Error ? err : new Error(message));
      });
  };

  const sending = state.phase === 'sending';
  const label = kinds.length === 1 ? MEDIA_MSG.choose[kinds[0]!] : MEDIA_MSG.choose.any;
  return (
    <div className="qy-ed-media-upload">
      <Space wrap align="center">
        {offersAccess && (
          <Radio.Group
            aria-label={MEDIA_MSG.access}
            value={access}
            disabled={disabled || sending}
            onChange={(e) => setAccess(e.target.value as MediaAccess)}
            options={[
              { value: 'public', label: MEDIA_MSG.accessPublic },
              { value: 'member', label: MEDIA_MSG.accessMember },
            ]}
            optionType="button"
          />
        )}
        <Upload accept={acceptOf(kinds)} maxCount={1} showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest} disabled={disabled || sending}>
          <Button icon={<UploadOutlined />} loading={sending} disabled={disabled}>
            {label}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{kinds.map((k) => MEDIA_MSG.hint[k]).join('；')}</Typography.Text>
      </Space>
      {offersAccess && access === 'member' && <Typography.Paragraph type="secondary">{MEDIA_MSG.memberHint}</Typography.Paragraph>}
      {state.phase === 'sending' && (
        <div className="qy-ed-media-progress">
          <Typography.Text>{MEDIA_MSG.uploading(state.name)}</Typography.Text>
          <Progress percent={state.percent} status="active" aria-label={MEDIA_MSG.uploading(state.name)} />
        </div>
      )}
      {state.phase === 'done' && (
        <Alert
          type="success"
          showIcon
          title={`${MEDIA_MSG.uploaded}：${state.item.originalName}`}
          description={
            <span data-testid="media-uploaded-info">
              {describeMedia(state.item)} · {state.item.accessLabel}
            </span>
          }
        />
      )}
      {state.phase === 'failed' && <Alert type="error" showIcon role="alert" title={MEDIA_MSG.failed} description={state.message} />}
    </div>
  );
}
