// 读者详情 (editors and admins): a reader's profile, membership and its periods, orders, free reads
// and live sessions; admins also see the reader's 操作记录 (the audit trail of this reader) and
// extend, grant or end the membership (a reason required) and end all sessions (after a confirm).
// Each action's form keeps one request id while it is open, so a double click or a retry is applied
// once on the server.
import { toast, useDocumentTitle } from '@qianyan/shared';
import { Alert, Button, Descriptions, Form, Input, InputNumber, Modal, Radio, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { consoleApi, type AuditEntry } from '../../consoleApi';
import { CM } from '../../consoleMessages';
import '../../consoleScreens.css';
import './members.css';
import { ED_MSG } from '../../messages';
import { consolePath } from '../../routes';
import { describeChange } from '../audit/AuditPage';
import { problemOf } from '../site/BannersPanel';
import { ProblemAlert, type FormProblem } from '../site/SiteForms';
import { MM } from './messages';
import { MembershipTag } from './MembersPage';
import { membersApi, newRequestId, type MemberActionResult, type MemberDetail } from './membersApi';

export type MemberAction = 'extend' | 'grant' | 'end' | 'endSessions';

interface ActionValues {
  days?: number;
  planId?: number;
  length?: 'plan' | 'days';
  reason?: string;
}

const reasonRule = { validator: (_: unknown, v?: string) => (v && v.trim() ? Promise.resolve() : Promise.reject(new Error(MM.reasonRequired))) };
const daysRule = { validator: (_: unknown, v?: number) => (Number.isInteger(v) && v! >= 1 && v! <= 3650 ? Promise.resolve() : Promise.reject(new Error(MM.daysRule))) };

/** The form of one action in a modal; `onDone` gets the server's answer. */
export function MemberActionModal({
  action,
  detail,
  onDone,
  onCancel,
}: {
  action: MemberAction;
  detail: MemberDetail;
  onDone: (result: MemberActionResult) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<ActionValues>();
  // One id for as long as this form is open: every click of OK sends the same.
  const [requestId] = useState(newRequestId);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const length = Form.useWatch('length', form) ?? 'plan';
  const planId = Form.useWatch('planId', form);
  const plan = detail.plans.find((p) => p.id === planId);
  const memberId = detail.profile.id;

  const submit = async () => {
    let values: ActionValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const reason = (values.reason ?? '').trim();
      const opts = { silent: true };
      const result =
        action === 'extend'
          ? await membersApi.extend({ memberId, requestId, days: values.days!, reason }, opts)
          : action === 'grant'
            ? await membersApi.grant({ memberId, requestId, planId: values.planId!, ...(values.length === 'days' ? { days: values.days! } : {}), reason }, opts)
            : action === 'end'
              ? await membersApi.end({ memberId, requestId, reason }, opts)
              : await membersApi.endSessions({ memberId, requestId, ...(reason ? { reason } : {}) }, opts);
      onDone(result);
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };

  const title = `${MM.actions[action]}：${detail.profile.username}`;
  return (
    <Modal
      open
      title={title}
      okText={MM.ok}
      cancelText={MM.cancel}
      okButtonProps={{ danger: action === 'end' || action === 'endSessions', loading: busy }}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
      maskClosable={false}
    >
      <ProblemAlert problem={problem} />
      {action === 'endSessions' ? (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={MM.endSessionsConfirm} />
      ) : (
        <p className="qy-ed-members__hint">{action === 'extend' ? MM.extendHint : action === 'grant' ? MM.grantHint : MM.endHint}</p>
      )}
      <Form form={form} layout="vertical" initialValues={{ length: 'plan', days: action === 'extend' ? 30 : undefined }} requiredMark>
        {action === 'grant' && (
          <>
            <Form.Item name="planId" label={MM.plan} rules={[{ required: true, message: MM.planRequired }]}>
              <Select options={detail.plans.map((p) => ({ value: p.id, label: p.title }))} placeholder={MM.planRequired} />
            </Form.Item>
            <Form.Item name="length" label={MM.length}>
              <Radio.Group
                options={[
                  { value: 'plan', label: plan ? MM.planLength(plan.months) : MM.planLength(1).replace('1', '…') },
                  { value: 'days', label: MM.byDays },
                ]}
              />
            </Form.Item>
          </>
        )}
        {(action === 'extend' || (action === 'grant' && length === 'days')) && (
          <Form.Item name="days" label={MM.days} rules={[daysRule]} required>
            <InputNumber min={1} max={3650} precision={0} style={{ width: 160 }} />
          </Form.Item>
        )}
        <Form.Item name="reason" label={MM.reason} rules={action === 'endSessions' ? [] : [reasonRule]} required={action !== 'endSessions'}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={MM.reasonPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const show = (v: string) => v || '—';

const typeLabel = (v: unknown) => MM.serviceTypes[Number(v)] ?? String(v);

/** What a change did to the reader, in words: the membership and its end before and after, or the sessions ended. */
export function memberChange(e: Pick<AuditEntry, 'action' | 'before' | 'after'>): string {
  const b = e.before ?? {};
  const a = e.after ?? {};
  if (e.action === 'end_sessions') return MM.change.sessions(Number(b.liveSessions ?? 0));
  const parts: string[] = [];
  if (e.action === 'member_grant' && a.planTitle) parts.push(MM.change.plan(String(a.planTitle), a.days !== undefined ? MM.change.days(Number(a.days)) : MM.change.months(Number(a.months))));
  if (e.action === 'member_extend' && a.days !== undefined) parts.push(MM.change.extended(Number(a.days)));
  if (b.serviceType !== a.serviceType) parts.push(`${MM.sections.membership}：${typeLabel(b.serviceType)} → ${typeLabel(a.serviceType)}`);
  if (b.serviceEndDate !== a.serviceEndDate) parts.push(`${MM.cols.endDate}：${show(String(b.serviceEndDate ?? ''))} → ${show(String(a.serviceEndDate ?? ''))}`);
  return parts.join('；') || describeChange(e.before, e.after);
}

export default function MemberDetailPage() {
  const id = Number(useParams().id);
  const [detail, setDetail] = useState<MemberDetail | null>(null);
  const [history, setHistory] = useState<AuditEntry[]>([]);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [action, setAction] = useState<MemberAction | null>(null);
  useDocumentTitle(`${detail?.profile.username ?? MM.detailTitle} · ${MM.title} · ${ED_MSG.consoleName}`);

  const load = useCallback(async () => {
    try {
      const next = await membersApi.detail(id, { silent: true });
      setDetail(next);
      setProblem(null);
      if (next.can.change) {
        const page = await consoleApi.audit({ targetType: 'member', targetId: id, pageSize: 50 }, { silent: true });
        setHistory(page.results);
      }
    } catch (err) {
      setProblem(problemOf(err));
    }
  }, [id]);
  useEffect(() => void load(), [load]);

  const done = (kind: MemberAction, r: MemberActionResult) => {
    setAction(null);
    if (r.replayed) toast.info(MM.done.replayed);
    else if (kind === 'extend') toast.success(MM.done.extend(r.serviceEndDate));
    else if (kind === 'grant') toast.success(MM.done.grant(r.serviceEndDate));
    else if (kind === 'end') toast.success(MM.done.end);
    else toast.success(MM.done.endSessions(r.sessionsEnded));
    void load();
  };

  if (!detail) {
    return (
      <section className="qy-ed-page">
        <Link to={consolePath('members')}>{MM.back}</Link>
        {problem ? <ProblemAlert problem={problem} /> : <Spin style={{ display: 'block', margin: '48px auto' }} />}
      </section>
    );
  }
  const { profile, subscription } = detail;
  const hasOpen = subscription.open;

  return (
    <section className="qy-ed-page qy-ed-members" aria-labelledby="qy-ed-member-h">
      <Link to={consolePath('members')}>{MM.back}</Link>
      <div className="qy-ed-page__head" style={{ marginTop: 8 }}>
        <Typography.Title level={3} id="qy-ed-member-h" style={{ margin: 0 }}>
          {profile.username}
          {profile.truename ? <span className="qy-ed-members__name">（{profile.truename}）</span> : null}
        </Typography.Title>
        {detail.can.change && (
          <Space wrap>
            <Button type="primary" disabled={!hasOpen} onClick={() => setAction('extend')}>
              {MM.actions.extend}
            </Button>
            <Button onClick={() => setAction('grant')}>{MM.actions.grant}</Button>
            <Button danger disabled={!hasOpen} onClick={() => setAction('end')}>
              {MM.actions.end}
            </Button>
            <Button danger disabled={detail.sessions.length === 0} onClick={() => setAction('endSessions')}>
              {MM.actions.endSessions}
            </Button>
          </Space>
        )}
      </div>
      <ProblemAlert problem={problem} />

      <div className="qy-ed-members__section">
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'id', label: MM.profile.id, children: profile.id },
            { key: 'mobile', label: MM.cols.mobile, children: show(profile.mobile) },
            { key: 'email', label: MM.cols.email, children: show(profile.email) },
            { key: 'identity', label: MM.cols.identity, children: show(profile.identity) },
            { key: 'region', label: MM.profile.region, children: show(profile.region) },
            { key: 'org', label: MM.profile.organisation, children: show(profile.organisation) },
            { key: 'job', label: MM.profile.jobname, children: show(profile.jobname) },
            { key: 'created', label: MM.cols.createdAt, children: profile.createdAt },
            {
              key: 'membership',
              label: MM.sections.membership,
              children: (
                <Space size={4} wrap>
                  <MembershipTag serviceType={subscription.serviceType} title={subscription.serviceTitle} />
                  <span data-testid="qy-ed-member-end">{subscription.serviceEndDate ? `${MM.cols.endDate}：${subscription.serviceEndDate}` : ''}</span>
                </Space>
              ),
            },
            { key: 'renew', label: MM.profile.autoRenew, children: subscription.autoRenew ? MM.profile.on : MM.profile.off },
          ]}
        />
      </div>

      <Typography.Title level={5}>{MM.sections.periods}</Typography.Title>
      <Table
        className="qy-ed-members__table"
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={detail.periods}
        locale={{ emptyText: MM.none }}
        columns={[
          {
            title: MM.periodCols.title,
            render: (_, p) => (
              <Space size={4}>
                {p.title || MM.serviceTypes[p.serviceType]}
                {p.current ? <Tag color="green">{MM.current}</Tag> : null}
              </Space>
            ),
          },
          { title: MM.periodCols.kind, dataIndex: 'kind', render: (k: string) => MM.periodKinds[k] ?? k },
          { title: MM.periodCols.startsAt, dataIndex: 'startsAt' },
          { title: MM.periodCols.endsAt, dataIndex: 'endsAt' },
          { title: MM.periodCols.ordersn, dataIndex: 'ordersn', render: show },
        ]}
      />

      <Typography.Title level={5}>{MM.sections.orders}</Typography.Title>
      <Table
        className="qy-ed-members__table"
        rowKey="ordersn"
        size="small"
        pagination={false}
        dataSource={detail.orders}
        locale={{ emptyText: MM.none }}
        columns={[
          { title: MM.orderCols.ordersn, dataIndex: 'ordersn' },
          { title: MM.orderCols.title, dataIndex: 'title' },
          { title: MM.orderCols.price, dataIndex: 'priceFen', render: (f: number) => `¥${(f / 100).toFixed(2)}` },
          { title: MM.orderCols.status, dataIndex: 'status', render: (s: number) => MM.orderStatus[s] ?? s },
          { title: MM.orderCols.provider, dataIndex: 'payProvider', render: show },
          { title: MM.orderCols.createdAt, dataIndex: 'createdAt' },
          { title: MM.orderCols.paidAt, dataIndex: 'paidAt', render: show },
        ]}
      />

      <Typography.Title level={5}>{MM.sections.freeReads}</Typography.Title>
      <Table
        className="qy-ed-members__table"
        rowKey={(r) => `${r.month}-${r.kind}-${r.itemId}`}
        size="small"
        pagination={false}
        dataSource={detail.freeReads}
        locale={{ emptyText: MM.none }}
        columns={[
          { title: MM.freeReadCols.month, dataIndex: 'month' },
          { title: MM.freeReadCols.kind, dataIndex: 'kind', render: (k: string) => MM.freeReadKinds[k] ?? k },
          { title: MM.freeReadCols.title, render: (_, r) => r.title || `#${r.itemId}` },
          { title: MM.freeReadCols.claimedAt, dataIndex: 'claimedAt' },
        ]}
      />

      <Typography.Title level={5}>{MM.sections.sessions}</Typography.Title>
      <Table
        className="qy-ed-members__table"
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={detail.sessions}
        locale={{ emptyText: MM.noSessions }}
        columns={[
          { title: MM.sessionCols.createdAt, dataIndex: 'createdAt', width: 170 },
          { title: MM.sessionCols.expiresAt, dataIndex: 'expiresAt', width: 170 },
          { title: MM.sessionCols.ip, dataIndex: 'ip', width: 140, render: show },
          { title: MM.sessionCols.device, dataIndex: 'device', render: (d: string) => <span className="qy-ed-members__device">{d || MM.unknownDevice}</span> },
        ]}
      />

      {detail.can.change && (
        <>
          <Typography.Title level={5}>{MM.sections.history}</Typography.Title>
          <Table<AuditEntry>
            className="qy-ed-members__table qy-ed-members__history"
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={history}
            locale={{ emptyText: MM.noHistory }}
            columns={[
              { title: MM.historyCols.at, dataIndex: 'at', width: 170, render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss') },
              { title: MM.historyCols.actor, dataIndex: 'actorName', width: 120 },
              { title: MM.historyCols.action, width: 120, render: (_, e) => <Tag>{CM.actions[e.action] ?? e.action}</Tag> },
              { title: MM.historyCols.change, render: (_, e) => <span className="qy-ed-members__change">{memberChange(e) || '—'}</span> },
              { title: MM.historyCols.reason, dataIndex: 'note', width: 200, render: show },
            ]}
          />
        </>
      )}

      {action && <MemberActionModal action={action} detail={detail} onDone={(r) => done(action, r)} onCancel={() => setAction(null)} />}
    </section>
  );
}
