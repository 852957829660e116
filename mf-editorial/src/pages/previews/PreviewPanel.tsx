// 预览: preview links of an article as a visitor (访客), a non-member (非会员) or a member (会员) sees it,
// for a chosen time; the new link opens in a window of desktop (1280) or phone (390) width, or in a
// new tab (the site's pages may not be framed: its Content-Security-Policy says frame-ancestors
// 'none', so the preview is the page itself, never a frame). The links are listed and can be revoked.
import { CopyOutlined, DesktopOutlined, ExportOutlined, MobileOutlined } from '@ant-design/icons';
import { toast } from '@qianyan/shared';
import { Alert, Button, Input, Modal, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { consoleApi, type PreviewAudience, type PreviewCreated, type PreviewLink } from '../../consoleApi';
import { CM } from '../../consoleMessages';
import '../../consoleScreens.css';
import { ED_MSG } from '../../messages';

const time = (iso: string) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

/** The widths readers' pages are checked at. */
export const WINDOWS = {
  desktop: { width: 1280, height: 860, label: CM.desktop },
  phone: { width: 390, height: 844, label: CM.phone },
} as const;

/** Opens the preview in a window of that width (a tab where the browser makes popups tabs). */
export function openSized(url: string, kind: keyof typeof WINDOWS) {
  const w = WINDOWS[kind];
  window.open(url, `qy-preview-${kind}`, `popup,width=${w.width},height=${w.height}`);
}

export function linkStatus(link: PreviewLink): 'active' | 'revoked' | 'expired' {
  if (link.revokedAt) return 'revoked';
  return link.active ? 'active' : 'expired';
}

export function PreviewPanel({ articleId }: { articleId: number }) {
  const [audience, setAudience] = useState<PreviewAudience>('reader');
  const [hours, setHours] = useState(24);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<PreviewCreated | null>(null);
  const [links, setLinks] = useState<PreviewLink[] | null>(null);
  // The hook's dialogs take the console's theme (the static Modal.confirm would not).
  const [modal, modalHolder] = Modal.useModal();

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
    modal.confirm({
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
      {modalHolder}
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
                <Input readOnly value={absolute} aria-label={CM.previewLinkLabel} onFocus={(e) => e.target.select()} />
                <Button icon={<CopyOutlined />} onClick={() => void copy()}>
                  {CM.copyLink}
                </Button>
                <Button icon={<ExportOutlined />} href={created.url} target="_blank" rel="noopener">
                  {CM.openNewTab}
                </Button>
              </Space.Compact>
            }
          />
          <Space wrap>
            <Button icon={<DesktopOutlined />} onClick={() => openSized(created.url, 'desktop')}>
              {WINDOWS.desktop.label}
            </Button>
            <Button icon={<MobileOutlined />} onClick={() => openSized(created.url, 'phone')}>
              {WINDOWS.phone.label}
            </Button>
          </Space>
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
