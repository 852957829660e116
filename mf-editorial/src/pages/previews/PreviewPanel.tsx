// 预览: preview links of an article as a visitor (访客), a non-member (非会员) or a member (会员) sees it,
// for a chosen time; the new link opens in frames at desktop (1280) and phone (390) width, side by
// side or one at a time, or in a new tab. The links of the article are listed and can be revoked.
import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { toast } from '@qianyan/shared';
import { Alert, Button, Input, Modal, Radio, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { consoleApi, type PreviewAudience, type PreviewCreated, type PreviewLink } from '../../consoleApi';
import { CM } from '../../consoleMessages';
import '../../consoleScreens.css';
import { ED_MSG } from '../../messages';

const time = (iso: string) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

export type FrameMode = 'both' | 'desktop' | 'phone';

/** The widths readers' pages are checked at, and how far each frame is scaled down to fit. */
export const FRAMES = {
  desktop: { width: 1280, height: 860, label: CM.desktop },
  phone: { width: 390, height: 844, label: CM.phone },
} as const;

export function linkStatus(link: PreviewLink): 'active' | 'revoked' | 'expired' {
  if (link.revokedAt) return 'revoked';
  return link.active ? 'active' : 'expired';
}

function Frame({ url, kind, scale }: { url: string; kind: keyof typeof FRAMES; scale: number }) {
  const f = FRAMES[kind];
  return (
    <figure className="qy-ed-preview__frame" style={{ width: f.width * scale }}>
      <figcaption>{f.label}</figcaption>
      <div className="qy-ed-preview__viewport" style={{ width: f.width * scale, height: f.height * scale }}>
        <iframe
          title={CM.frameTitle(f.label)}
          src={url}
          width={f.width}
          height={f.height}
          style={{ transform: `scale(${scale})` }}
        />
      </div>
    </figure>
  );
}

export function PreviewPanel({ articleId }: { articleId: number }) {
  const [audience, setAudience] = useState<PreviewAudience>('reader');
  const [hours, setHours] = useState(24);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<PreviewCreated | null>(null);
  const [links, setLinks] = useState<PreviewLink[] | null>(null);
  const [mode, setMode] = useState<FrameMode>('both');

  const load = useCallback(async () => {
    try {
      setLinks(await consoleApi.previews(articleId));
    } catch {
      setLinks([]);
    }
  }, [articleId]);

  useEffect(() => {
    void load();
  }, [load]);

  const create = async () => {
    setBusy(true);
    try {
      setCreated(await consoleApi.createPreview(articleId, audience, hours));
      await load();
    } catch {
      // The client showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  const revoke = (link: PreviewLink) =>
    Modal.confirm({
      title: CM.revoke,
      content: CM.revokeConfirm,
      okText: ED_MSG.ok,
      okButtonProps: { danger: true },
      cancelText: ED_MSG.cancel,
      onOk: async () => {
        await consoleApi.revokePreview(articleId, link.id);
        toast.success(CM.revokedDone);
        if (created?.id === link.id) setCreated(null);
        await load();
      },
    });

  const absolute = created ? new URL(created.url, window.location.origin).toString() : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(absolute);
      toast.success(CM.copied);
    } catch {
      // No clipboard (an insecure page): the address stays selectable in the field.
    }
  };

  return (
    <div className="qy-ed-preview">
      <Typography.Paragraph type="secondary">{CM.previewHint}</Typography.Paragraph>
      <Space wrap align="center" className="qy-ed-preview__form">
        <span>{CM.audience}</span>
        <Radio.Group
          aria-label={CM.audience}
          optionType="button"
          value={audience}
          onChange={(e) => setAudience(e.target.value as PreviewAudience)}
          options={(['visitor', 'reader', 'member'] as const).map((a) => ({ value: a, label: CM.audiences[a] }))}
        />
        <span>{CM.hours}</span>
        <Select aria-label={CM.hours} style={{ width: 110 }} value={hours} onChange={setHours} options={[...CM.hoursOptions]} />
        <Button type="primary" loading={busy} onClick={() => void create()}>
          {CM.createPreview}
        </Button>
      </Space>

      {created && (
        <div className="qy-ed-preview__created">
          <Alert
            type="success"
            showIcon
            message={`${CM.previewCreated} · ${CM.audiences[created.audience]} · ${time(created.expiresAt)}`}
            description={
              <Space.Compact style={{ width: '100%' }}>
                <Input readOnly value={absolute} aria-label={CM.previewTitle} onFocus={(e) => e.target.select()} />
                <Button icon={<CopyOutlined />} onClick={() => void copy()}>
                  {CM.copyLink}
                </Button>
                <Button icon={<ExportOutlined />} href={created.url} target="_blank" rel="noopener">
                  {CM.openNewTab}
                </Button>
              </Space.Compact>
            }
          />
          <Segmented<FrameMode>
            className="qy-ed-preview__modes"
            value={mode}
            onChange={setMode}
            options={[
              { value: 'both', label: CM.both },
              { value: 'desktop', label: CM.desktop },
              { value: 'phone', label: CM.phone },
            ]}
          />
          <div className="qy-ed-preview__frames">
            {mode !== 'phone' && <Frame url={created.url} kind="desktop" scale={mode === 'both' ? 0.5 : 0.8} />}
            {mode !== 'desktop' && <Frame url={created.url} kind="phone" scale={mode === 'both' ? 0.6 : 0.9} />}
          </div>
        </div>
      )}

      <Table<PreviewLink>
        rowKey="id"
        size="middle"
        loading={links === null}
        dataSource={links ?? []}
        pagination={false}
        locale={{ emptyText: CM.noPreviews }}
        columns={[
          { title: CM.previewCols.audience, render: (_, l) => CM.audiences[l.audience] ?? l.audienceLabel },
          { title: CM.previewCols.createdBy, render: (_, l) => l.createdBy?.username ?? '—' },
          { title: CM.previewCols.createdAt, dataIndex: 'createdAt', render: time },
          { title: CM.previewCols.expiresAt, dataIndex: 'expiresAt', render: time },
          {
            title: CM.previewCols.status,
            render: (_, l) => {
              const s = linkStatus(l);
              return <Tag color={s === 'active' ? 'green' : s === 'revoked' ? 'red' : undefined}>{CM[s]}</Tag>;
            },
          },
          {
            title: '',
            width: 90,
            render: (_, l) =>
              linkStatus(l) === 'active' && (
                <Button size="small" danger onClick={() => revoke(l)}>
                  {CM.revoke}
                </Button>
              ),
          },
        ]}
      />
    </div>
  );
}
