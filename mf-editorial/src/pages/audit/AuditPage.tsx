// 审计 (admins): the append-only audit trail, newest first, filtered by who (a staff member or the
// scheduler), what (the action), on what (the kind of target and its id) and when (Beijing dates),
// paged on the server; the filters live in the address so a filtered view can be shared.
import { useDocumentTitle } from '@qianyan/shared';
import { DatePicker, Input, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { AUDIT_ACTIONS, AUDIT_TARGETS, consoleApi, type AuditAction, type AuditEntry, type AuditTarget, type StaffMember } from '../../consoleApi';
import { CM } from '../../consoleMessages';
import '../../consoleScreens.css';
import { ED_MSG } from '../../messages';
import { pager, PAGE_SIZE, useFilterParams, usePage } from '../shared/paging';

const C = CM.auditCols;

const show = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return ED_MSG.roles[v] ?? v;
  return JSON.stringify(v);
};

/** What an entry changed, as `key: before → after` for the keys that differ (or the values set). */
export function describeChange(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]))
    .map((k) => (before && k in before ? `${k}: ${show(before[k])} → ${show(after?.[k])}` : `${k}: ${show(after?.[k])}`))
    .join('；');
}

export default function AuditPage() {
  useDocumentTitle(`${CM.auditTitle} · ${ED_MSG.consoleName}`);
  const { params, setFilter, pageNo } = useFilterParams();
  const action = (params.get('action') || undefined) as AuditAction | undefined;
  const targetType = (params.get('target') || undefined) as AuditTarget | undefined;
  const targetId = Number(params.get('targetId')) || undefined;
  const actor = params.get('actor');
  const actorId = actor !== null && actor !== '' ? Number(actor) : undefined;
  const startDate = params.get('from') || undefined;
  const endDate = params.get('to') || undefined;
  const query = { pageNo, pageSize: PAGE_SIZE, action, actorId, targetType, targetId, startDate, endDate };
  const { data, loading } = usePage(() => consoleApi.audit(query), JSON.stringify(query));
  const [staff, setStaff] = useState<StaffMember[]>([]);

  useEffect(() => {
    consoleApi.staff({ silent: true }).then(setStaff, () => setStaff([]));
  }, []);

  return (
    <section className="qy-ed-page" aria-labelledby="qy-ed-audit-h">
      <div className="qy-ed-page__head">
        <Typography.Title level={3} id="qy-ed-audit-h" style={{ margin: 0 }}>
          {CM.auditTitle}
        </Typography.Title>
      </div>
      <Space wrap className="qy-ed-filters">
        <Select
          aria-label={C.actor}
          style={{ width: 180 }}
          value={actor ?? ''}
          onChange={(v) => setFilter({ actor: v === '' ? undefined : v })}
          options={[
            { value: '', label: CM.allActors },
            { value: '0', label: CM.scheduler },
            ...staff.map((s) => ({ value: String(s.memberId), label: s.username })),
          ]}
        />
        <Select
          aria-label={C.action}
          style={{ width: 140 }}
          value={action ?? ''}
          onChange={(v) => setFilter({ action: v || undefined })}
          options={[{ value: '', label: CM.allActions }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: CM.actions[a] ?? a }))]}
        />
        <Select
          aria-label={C.target}
          style={{ width: 120 }}
          value={targetType ?? ''}
          onChange={(v) => setFilter({ target: v || undefined })}
          options={[{ value: '', label: CM.allTargets }, ...AUDIT_TARGETS.map((t) => ({ value: t, label: CM.targets[t] ?? t }))]}
        />
        <Input.Search
          aria-label={CM.targetId}
          placeholder={CM.targetId}
          allowClear
          key={targetId ?? ''}
          defaultValue={targetId ? String(targetId) : ''}
          style={{ width: 160 }}
          inputMode="numeric"
          onSearch={(v) => setFilter({ targetId: /^\d+$/.test(v.trim()) ? v.trim() : undefined })}
        />
        <DatePicker.RangePicker
          aria-label={CM.dateRange.join('—')}
          placeholder={CM.dateRange}
          value={startDate && endDate ? [dayjs(startDate, 'YYYYMMDD'), dayjs(endDate, 'YYYYMMDD')] : null}
          onChange={(range) =>
            setFilter({ from: range?.[0]?.format('YYYYMMDD') ?? undefined, to: range?.[1]?.format('YYYYMMDD') ?? undefined })
          }
        />
      </Space>
      <Table<AuditEntry>
        rowKey="id"
        loading={loading}
        dataSource={data?.results ?? []}
        locale={{ emptyText: CM.noAudit }}
        scroll={{ x: 1000 }}
        pagination={pager(pageNo, data?.page.total ?? 0, setFilter)}
        columns={[
          { title: C.at, dataIndex: 'at', width: 170, render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss') },
          { title: C.actor, width: 140, render: (_, e) => (e.actorId === null ? CM.scheduler : e.actorName) },
          { title: C.action, width: 110, render: (_, e) => <Tag>{CM.actions[e.action] ?? e.action}</Tag> },
          {
            title: C.target,
            render: (_, e) => (
              <span>
                <Typography.Text type="secondary">{CM.targets[e.targetType] ?? e.targetType} #{e.targetId}</Typography.Text> {e.targetLabel}
              </span>
            ),
          },
          { title: C.change, width: 320, render: (_, e) => <span className="qy-ed-audit__change">{describeChange(e.before, e.after) || '—'}</span> },
          { title: C.note, dataIndex: 'note', width: 160, render: (n: string) => n || '—' },
        ]}
      />
    </section>
  );
}
