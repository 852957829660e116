// Chooses an existing item of the media library: a page of items, newest first, filtered by kind
// and access (and "mine"), each with what was read from its file; 选用 hands the item to the parent.
import { AudioOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { ApiError } from '@qianyan/shared/core';
import { Alert, Button, Checkbox, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { Page } from '../api';
import { describeMedia, mediaApi, type MediaAccess, type MediaItem, type MediaKind, type MediaListQuery } from './mediaApi';
import { MEDIA_MSG } from './messages';
import './media.css';

export interface MediaPickerProps {
  /** Only this kind (the filter is then fixed): 'image' for a cover, 'video' or 'audio' for videoUrl. */
  kind?: MediaKind;
  /** Only this access (fixed too): 'member' for the video of an article readers must log in to read. */
  access?: MediaAccess;
  /** Receives the chosen item. */
  onSelect: (item: MediaItem) => void;
  /** The URL the field holds now: its item shows as 已选用 (a cover matches its coverUrl). */
  selectedUrl?: string;
  pageSize?: number;
}

const C = MEDIA_MSG.columns;

function Preview({ item }: { item: MediaItem }) {
  if (item.kind === 'image') return <img src={item.thumbUrl || item.playUrl} alt={item.originalName} className="qy-ed-media-thumb" loading="lazy" />;
  return item.kind === 'video' ? <VideoCameraOutlined aria-label={item.kindLabel} /> : <AudioOutlined aria-label={item.kindLabel} />;
}

export function MediaPicker({ kind, access, onSelect, selectedUrl, pageSize = 10 }: MediaPickerProps) {
  const [query, setQuery] = useState<MediaListQuery>({ pageNo: 1, pageSize, kind, access });
  const [page, setPage] = useState<Page<MediaItem> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  // A fixed kind or access from the parent wins over the filters.
  useEffect(() => setQuery((q) => (q.kind === kind && q.access === access ? q : { ...q, pageNo: 1, kind, access })), [kind, access]);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setPage(await mediaApi.list(query, { silent: true }));
    } catch (err) {
      setError(err instanceof ApiError || err instanceof Error ? err.message : MEDIA_MSG.loadFailed);
    } finally {
      setLoading(false);
    }
  }, [query]);

  useEffect(() => {
    void load();
  }, [load]);

  const isSelected = (item: MediaItem) => Boolean(selectedUrl) && (item.url === selectedUrl || item.coverUrl === selectedUrl);

  const columns: TableColumnsType<MediaItem> = [
    { title: C.preview, key: 'preview', width: 96, render: (_, item) => <Preview item={item} /> },
    { title: C.name, dataIndex: 'originalName', key: 'name', ellipsis: true },
    { title: C.info, key: 'info', render: (_, item) => describeMedia(item) },
    { title: C.access, key: 'access', width: 96, render: (_, item) => <Tag color={item.access === 'member' ? 'gold' : undefined}>{item.accessLabel}</Tag> },
    { title: C.uploader, key: 'uploader', width: 120, render: (_, item) => item.uploadedBy?.username ?? '' },
    { title: C.createdAt, key: 'createdAt', width: 150, render: (_, item) => item.createdAt.slice(0, 16).replace('T', ' ') },
    {
      title: C.action,
      key: 'action',
      width: 96,
      render: (_, item) =>
        isSelected(item) ? (
          <Tag color="green">{MEDIA_MSG.chosen}</Tag>
        ) : (
          <Button size="small" type="link" onClick={() => onSelect(item)} aria-label={`${MEDIA_MSG.choose1} ${item.originalName}`}>
            {MEDIA_MSG.choose1}
          </Button>
        ),
    },
  ];

  return (
    <div className="qy-ed-media-picker">
      <Space wrap className="qy-ed-media-filters">
        {!kind && (
          <Select<MediaKind | 'all'>
            aria-label={MEDIA_MSG.pickerKinds.all}
            value={query.kind ?? 'all'}
            style={{ width: 120 }}
            onChange={(v) => setQuery((q) => ({ ...q, pageNo: 1, kind: v === 'all' ? undefined : v }))}
            options={(['all', 'image', 'video', 'audio'] as const).map((v) => ({ value: v, label: MEDIA_MSG.pickerKinds[v] }))}
          />
        )}
        {!access && (
          <Select<MediaAccess | 'all'>
            aria-label={MEDIA_MSG.pickerAccess.all}
            value={query.access ?? 'all'}
            style={{ width: 120 }}
            onChange={(v) => setQuery((q) => ({ ...q, pageNo: 1, access: v === 'all' ? undefined : v }))}
            options={(['all', 'public', 'member'] as const).map((v) => ({ value: v, label: MEDIA_MSG.pickerAccess[v] }))}
          />
        )}
        <Checkbox checked={Boolean(query.mine)} onChange={(e) => setQuery((q) => ({ ...q, pageNo: 1, mine: e.target.checked || undefined }))}>
          {MEDIA_MSG.mineOnly}
        </Checkbox>
      </Space>
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={MEDIA_MSG.loadFailed}
          description={error}
          action={
            <Button size="small" onClick={() => void load()}>
              {MEDIA_MSG.retry}
            </Button>
          }
        />
      ) : (
        <Table<MediaItem>
          rowKey="id"
          size="small"
          loading={loading}
          columns={columns}
          dataSource={page?.results ?? []}
          locale={{ emptyText: MEDIA_MSG.empty }}
          pagination={{
            current: query.pageNo,
            pageSize: query.pageSize,
            total: page?.page.total ?? 0,
            showSizeChanger: false,
            showTotal: MEDIA_MSG.total,
            onChange: (pageNo) => setQuery((q) => ({ ...q, pageNo })),
          }}
        />
      )}
    </div>
  );
}
