// 修订记录: an article's revisions (who, when, which fields, applied or not), the readable difference
// between one and the current text, and 恢复此版本 for editors, confirmed first. A restore over a
// version someone else has replaced (10409) is shown as the server says it, nothing changed.
// The article page can open it in a drawer; /editor/article/<id>/revisions shows it as a page.
import { ApiError, toast } from '@qianyan/shared';
import { Alert, Button, Modal, Space, Spin, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CODE_CONFLICT, editorApi, type EditorArticle } from '../../api';
import { consoleApi, type RevisionDetail, type RevisionItem } from '../../consoleApi';
import { CM } from '../../consoleMessages';
import '../../consoleScreens.css';
import { ED_MSG } from '../../messages';
import { documentDiff } from './diff';
import { DiffView } from './DiffView';

const LABELS = ED_MSG.fields as Record<string, string>;
const time = (iso: string) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—');

export function revisionLabel(r: RevisionItem): string {
  return r.revision !== null ? ED_MSG.revisionLabel(r.revision) : CM.notApplied(r.baseRevision);
}

export interface RevisionsPanelProps {
  articleId: number;
  /** Called with the article after a restore (the editor page reloads its text from it). */
  onRestored?: (article: EditorArticle) => void;
}

export function RevisionsPanel({ articleId, onRestored }: RevisionsPanelProps) {
  const [article, setArticle] = useState<EditorArticle | null>(null);
  const [revisions, setRevisions] = useState<RevisionItem[] | null>(null);
  const [failed, setFailed] = useState('');
  const [selected, setSelected] = useState<RevisionDetail | null>(null);
  const [loadingId, setLoadingId] = useState<number | null>(null);
  const [restoreError, setRestoreError] = useState('');
  // The hook's dialogs take the console's theme (the static Modal.confirm would not).
  const [modal, modalHolder] = Modal.useModal();

  const load = useCallback(async () => {
    try {
      const [a, list] = await Promise.all([editorApi.get(articleId, { silent: true }), consoleApi.revisions(articleId, { silent: true })]);
      setArticle(a);
      setRevisions(list);
      setFailed('');
    } catch (err) {
      setFailed(err instanceof Error ? err.message : ED_MSG.meFailed);
    }
  }, [articleId]);

  useEffect(() => {
    void load();
  }, [load]);

  const open = async (r: RevisionItem) => {
    setLoadingId(r.id);
    setRestoreError('');
    try {
      setSelected(await consoleApi.revision(articleId, r.id));
    } catch {
      // The client showed the server's message.
    } finally {
      setLoadingId(null);
    }
  };

  const diff = useMemo(() => (selected && article ? documentDiff(selected.document, article.document) : null), [selected, article]);

  const restore = (r: RevisionItem) => {
    if (!article) return;
    modal.confirm({
      title: CM.restore,
      content: CM.restoreConfirm(revisionLabel(r)),
      okText: ED_MSG.ok,
      cancelText: ED_MSG.cancel,
      onOk: async () => {
        try {
          const next = await consoleApi.restore(articleId, r.id, article.revision, { silent: true });
          setRestoreError('');
          toast.success(CM.restored(next.revision));
          setSelected(null);
          onRestored?.(next);
          await load();
        } catch (err) {
          if (err instanceof ApiError && err.code === CODE_CONFLICT) {
            setRestoreError(err.message);
            await load();
          } else {
            toast.error(err instanceof Error ? err.message : ED_MSG.meFailed);
          }
        }
      },
    });
  };

  if (failed) return <Alert type="error" showIcon message={failed} />;
  if (!article || !revisions) {
    return (
      <div className="qy-ed-loading">
        <Spin />
      </div>
    );
  }
  const mayRestore = article.can.restore;
  return (
    <div className="qy-ed-revisions">
      {modalHolder}
      {restoreError && <Alert className="qy-ed-revisions__error" type="error" showIcon message={restoreError} closable onClose={() => setRestoreError('')} />}
      <Table<RevisionItem>
        rowKey="id"
        size="middle"
        dataSource={revisions}
        pagination={revisions.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        locale={{ emptyText: CM.noRevisions }}
        rowClassName={(r) => (selected?.id === r.id ? 'is-selected' : '')}
        columns={[
          {
            title: CM.revisionCols.revision,
            width: 170,
            render: (_, r) => (
              <Space size={4} wrap>
                <span>{revisionLabel(r)}</span>
                {r.revision === article.revision && <Tag color="green">{CM.current}</Tag>}
              </Space>
            ),
          },
          {
            title: CM.revisionCols.kind,
            width: 150,
            render: (_, r) => (
              <Space size={4} wrap>
                <Tag color={r.kind === 'conflict' ? 'orange' : r.kind === 'restore' ? 'blue' : undefined}>{CM.kinds[r.kind] ?? r.kind}</Tag>
                {r.restoredFrom !== null && <Typography.Text type="secondary">{CM.restoredFrom(r.restoredFrom)}</Typography.Text>}
              </Space>
            ),
          },
          { title: CM.revisionCols.who, width: 150, render: (_, r) => r.member?.username ?? '—' },
          { title: CM.revisionCols.when, dataIndex: 'createdAt', width: 180, render: time },
          { title: CM.revisionCols.changed, render: (_, r) => r.changed.map((f) => LABELS[f] ?? f).join('、') || '—' },
          {
            title: '',
            width: 210,
            render: (_, r) => (
              <Space size={4}>
                <Button size="small" loading={loadingId === r.id} onClick={() => void open(r)}>
                  {CM.compare}
                </Button>
                {mayRestore && r.revision !== article.revision && (
                  <Button size="small" danger onClick={() => restore(r)}>
                    {CM.restore}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {!mayRestore && <Typography.Paragraph type="secondary">{CM.restoreEditorsOnly}</Typography.Paragraph>}
      {selected && diff && (
        <section className="qy-ed-revisions__diff" aria-label={CM.compareTitle(revisionLabel(selected))}>
          <Typography.Title level={5}>{CM.compareTitle(revisionLabel(selected))}</Typography.Title>
          <DiffView fields={diff} />
        </section>
      )}
    </div>
  );
}
