// The pieces the course and conference editors share: the workflow bar (state, revision and the
// buttons the caller's role opens: the server refuses the rest anyway), the revisions drawer, the
// media list and the disease areas select.
import { toast } from '@qianyan/shared';
import { api, type ArticleClass } from '@qianyan/shared/core';
import { Button, DatePicker, Drawer, Input, Modal, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { problemOf } from '../site/BannersPanel';
import type { FormProblem } from '../site/SiteForms';
import type { MediaItem } from '../../media/mediaApi';
import { MediaPicker } from '../../media/MediaPicker';
import { MediaUpload } from '../../media/MediaUpload';
import { ED_MSG } from '../../messages';
import type { Can, ContentState, MediaRef, RevisionItem, WorkflowAction, WorkflowFields } from './coursesApi';
import { CM } from './messages';

const STATE_COLORS: Record<ContentState, string> = { draft: 'default', in_review: 'gold', scheduled: 'blue', published: 'green', withdrawn: 'red' };

export function StateTag({ item }: { item: Pick<WorkflowFields, 'state' | 'stateLabel'> }) {
  return <Tag color={STATE_COLORS[item.state]}>{item.stateLabel}</Tag>;
}

const ACTIONS: WorkflowAction[] = ['submit', 'publish', 'schedule', 'toDraft', 'withdraw'];

/** The state, the revision and the workflow buttons of an item. */
export function WorkflowBar({
  item,
  can,
  busy,
  onAction,
  onRevisions,
}: {
  item: WorkflowFields;
  can: Can;
  busy?: boolean;
  onAction: (action: WorkflowAction, publishAt?: string) => void;
  onRevisions: () => void;
}) {
  const [scheduling, setScheduling] = useState(false);
  const [when, setWhen] = useState<Dayjs | null>(null);
  return (
    <div className="qy-ed-courses__workflow">
      <Space wrap>
        <StateTag item={item} />
        <span>{CM.revisionNo(item.revision)}</span>
        {item.state === 'scheduled' && item.publishAtShanghai ? <span>{CM.scheduledAt(item.publishAtShanghai)}</span> : null}
        {ACTIONS.filter((a) => can[a]).map((a) => (
          <Button
            key={a}
            type={a === 'publish' ? 'primary' : 'default'}
            danger={a === 'withdraw'}
            disabled={busy}
            onClick={() => (a === 'schedule' ? setScheduling(true) : onAction(a))}
          >
            {CM[a]}
          </Button>
        ))}
        <Button onClick={onRevisions}>{CM.revisions}</Button>
      </Space>
      <Modal
        open={scheduling}
        title={CM.schedule}
        okText={CM.confirmSchedule}
        okButtonProps={{ disabled: !when }}
        onCancel={() => setScheduling(false)}
        onOk={() => {
          if (!when) return;
          setScheduling(false);
          onAction('schedule', when.format('YYYY-MM-DD HH:mm'));
        }}
        destroyOnHidden
      >
        <label>
          {CM.publishAt}
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" aria-label={CM.publishAt} value={when} onChange={setWhen} disabledDate={(d) => d.isBefore(dayjs(), 'day')} style={{ display: 'block', marginTop: 8 }} />
        </label>
      </Modal>
    </div>
  );
}

/** An item's revisions, newest first, each restorable (a restore is a new revision). */
export function RevisionsDrawer({
  open,
  load,
  canRestore,
  onRestore,
  onClose,
}: {
  open: boolean;
  load: () => Promise<RevisionItem[]>;
  canRestore: boolean;
  onRestore: (revisionId: number) => void;
  onClose: () => void;
}) {
  const [rows, setRows] = useState<RevisionItem[] | null>(null);
  useEffect(() => {
    if (!open) return;
    setRows(null);
    load().then(setRows, () => setRows([]));
  }, [open, load]);
  return (
    <Drawer open={open} title={CM.revisions} size="large" onClose={onClose} destroyOnHidden>
      <Table<RevisionItem>
        rowKey="id"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={false}
        size="small"
        columns={[
          { title: '#', dataIndex: 'revision', render: (r: number | null) => (r === null ? '—' : CM.revisionNo(r)) },
          { title: CM.state, dataIndex: 'kind', render: (k: string) => CM.revisionKinds[k] ?? k },
          { title: CM.creator, render: (_: unknown, r) => r.member?.username ?? '' },
          { title: CM.updatedAt, dataIndex: 'createdAt', render: (t: string) => dayjs(t).format('YYYY-MM-DD HH:mm') },
          { title: CM.changed, dataIndex: 'changed', render: (c: string[]) => c.join('、') },
          {
            title: CM.actions,
            render: (_: unknown, r) =>
              canRestore ? (
                <Button size="small" onClick={() => onRestore(r.id)}>
                  {CM.restore}
                </Button>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
}

/** The media of a lesson or a conference: each an address and a type, from the library or typed. */
export function MediaListField({ value, onChange, disabled }: { value: MediaRef[]; onChange: (v: MediaRef[]) => void; disabled?: boolean }) {
  const [picking, setPicking] = useState(false);
  const add = (item: MediaItem) => onChange([...value, { url: item.url, fileType: item.kind }]);
  return (
    <div className="qy-ed-courses__media">
      {value.map((m, i) => (
        <Space key={i} style={{ display: 'flex', marginBottom: 8 }}>
          <Select
            aria-label={`${CM.mediaType} ${i + 1}`}
            value={m.fileType}
            disabled={disabled}
            style={{ width: 96 }}
            options={Object.entries(CM.mediaTypes).map(([v, l]) => ({ value: v, label: l }))}
            onChange={(t: string) => onChange(value.map((x, j) => (j === i ? { ...x, fileType: t } : x)))}
          />
          <Input
            aria-label={`${CM.mediaUrl} ${i + 1}`}
            value={m.url}
            disabled={disabled}
            style={{ width: 420 }}
            onChange={(e) => onChange(value.map((x, j) => (j === i ? { ...x, url: e.target.value } : x)))}
          />
          <Button disabled={disabled} onClick={() => onChange(value.filter((_, j) => j !== i))}>
            {CM.remove}
          </Button>
        </Space>
      ))}
      <Space>
        <MediaUpload kinds={['video', 'audio', 'image']} defaultAccess="member" onUploaded={add} disabled={disabled} />
        <Button disabled={disabled} onClick={() => setPicking(true)}>
          {ED_MSG.media.fromLibrary}
        </Button>
        <Button disabled={disabled} onClick={() => onChange([...value, { url: '', fileType: 'video' }])}>
          {CM.addMedia}
        </Button>
      </Space>
      <Modal open={picking} title={ED_MSG.media.fromLibrary} footer={null} width={880} onCancel={() => setPicking(false)} destroyOnHidden>
        <MediaPicker
          onSelect={(item) => {
            add(item);
            setPicking(false);
          }}
        />
      </Modal>
    </div>
  );
}

/** The disease areas select (the site's classes). */
export function ClassSelect({ value, onChange, disabled, label }: { value: number[]; onChange: (v: number[]) => void; disabled?: boolean; label: string }) {
  const [classes, setClasses] = useState<ArticleClass[]>([]);
  useEffect(() => {
    api.article.selectArticleClass({ silent: true }).then(setClasses, () => setClasses([]));
  }, []);
  return <Select mode="multiple" aria-label={label} value={value} disabled={disabled} onChange={onChange} options={classes.map((c) => ({ value: c.id, label: c.classname }))} />;
}

/**
 * A save or workflow action of the course and conference editors: busy while it runs; the reply
 * handed to `apply` and a toast when done; the server's refusal kept as the problem shown above the
 * fields and brought into view (the save button is at the bottom).
 */
export function useEditorRun<T>(apply: (next: T) => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const run = async (work: () => Promise<T>, done: string): Promise<T | null> => {
    setBusy(true);
    setProblem(null);
    try {
      const next = await work();
      apply(next);
      toast.success(done);
      return next;
    } catch (err) {
      setProblem(problemOf(err));
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.qy-ed-courses [role="alert"]')?.scrollIntoView?.({ block: 'center' }));
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, setProblem, run };
}
