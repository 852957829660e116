// One order in a drawer: its facts, payment attempts, the provider's events and notifications, the
// membership it bought and the console's actions on it; a paid order has 退款 (a reason required,
// confirmed in a modal; the server applies it once and says so to a second click).
import { toast } from '@qianyan/shared';
import { Alert, Button, Descriptions, Drawer, Empty, Form, Input, Modal, Spin, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { problemOf } from '../site/BannersPanel';
import { ProblemAlert, type FormProblem } from '../site/SiteForms';
import { OM } from './messages';
import { ordersApi, yuan, type ConsoleOrder, type OrderDetail } from './ordersApi';

export const STATUS_COLOURS: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'default', 3: 'red' };
const REASON_MAX = 200;

/** What a refund reason must be (the server checks the same). */
export function reasonProblem(value: string | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return OM.reasonRequired;
  if ([...v].length > REASON_MAX) return OM.reasonTooLong;
  return null;
}

export function RefundModal({ order, open, onClose, onDone }: { order: ConsoleOrder; open: boolean; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);

  const submit = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    setProblem(null);
    try {
      const result = await ordersApi.refund(order.ordersn, reason.trim(), { silent: true });
      toast.success(OM.refunded(result.revokedDays));
      form.resetFields();
      onDone();
    } catch (err) {
      setProblem(problemOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={OM.refundTitle(order.ordersn)}
      okText={OM.confirmRefund}
      cancelText={OM.cancel}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={OM.refundWarning(yuan(order.priceFen))} />
      {problem ? <Alert role="alert" type="error" showIcon style={{ marginBottom: 16 }} title={problem.message} /> : null}
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="reason"
          label={OM.reason}
          required
          rules={[{ validator: (_r, v: string | undefined) => (reasonProblem(v) ? Promise.reject(new Error(reasonProblem(v)!)) : Promise.resolve()) }]}
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount aria-label={OM.reason} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function OrderDrawer({ ordersn, onClose, onChanged }: { ordersn: string | null; onClose: () => void; onChanged: () => void }) {
  const [detail, setDetail] = useState<OrderDetail | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [refunding, setRefunding] = useState(false);

  const load = useCallback(async (sn: string) => {
    setProblem(null);
    try {
      setDetail(await ordersApi.get(sn, { silent: true }));
    } catch (err) {
      setProblem(problemOf(err));
    }
  }, []);
  useEffect(() => {
    setDetail(null);
    if (ordersn) void load(ordersn);
  }, [ordersn, load]);

  const o = detail?.order;
  return (
    <Drawer open={ordersn !== null} onClose={onClose} size={760} title={ordersn ? OM.detailTitle(ordersn) : ''} destroyOnHidden>
      <ProblemAlert problem={problem} />
      {!detail && !problem ? <Spin /> : null}
      {o ? (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={OM.status}>
              <Tag color={STATUS_COLOURS[o.status]}>{o.statusLabel}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={OM.amount}>{yuan(o.priceFen)}</Descriptions.Item>
            <Descriptions.Item label={OM.member}>
              {o.username}
              {o.mobile ? `（${o.mobile}）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={OM.plan}>{o.serviceTitle}</Descriptions.Item>
            <Descriptions.Item label={OM.provider}>
              {OM.providers[o.payProvider] ?? (o.payProvider || '—')}
              {o.payChannel ? ` · ${OM.channels[o.payChannel] ?? o.payChannel}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={OM.createdAt}>{o.createdAt}</Descriptions.Item>
            <Descriptions.Item label={OM.paidAt}>{o.paidAt || '—'}</Descriptions.Item>
            <Descriptions.Item label="退款时间">{o.refundedAt || '—'}</Descriptions.Item>
          </Descriptions>
          {o.status === 1 ? (
            <div style={{ margin: '16px 0' }}>
              <Button danger onClick={() => setRefunding(true)}>
                {OM.refund}
              </Button>
            </div>
          ) : null}

          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {OM.attempts}
          </Typography.Title>
          <Table
            size="small"
            rowKey="outTradeNo"
            pagination={false}
            dataSource={detail.attempts}
            columns={[
              { title: '商户单号', dataIndex: 'outTradeNo' },
              { title: OM.provider, render: (_v, a) => `${OM.providers[a.provider] ?? a.provider} · ${a.method}` },
              { title: OM.amount, render: (_v, a) => yuan(a.amountFen) },
              { title: OM.status, dataIndex: 'statusLabel' },
              { title: '创建时间', dataIndex: 'createdAt' },
            ]}
          />

          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {OM.events}
          </Typography.Title>
          {detail.events.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={OM.noEvents} />
          ) : (
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={detail.events}
              columns={[
                { title: '时间', dataIndex: 'createdAt', width: 160 },
                { title: '类型', render: (_v, e) => OM.eventKinds[e.kind] ?? e.kind, width: 80 },
                { title: '结果', width: 150, render: (_v, e) => <span title={e.outcome}>{OM.outcomes[e.outcome] ?? e.outcome}</span> },
                { title: '说明', dataIndex: 'detail', ellipsis: true },
              ]}
            />
          )}

          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {OM.periods}
          </Typography.Title>
          {detail.periods.length === 0 ? (
            <Typography.Text type="secondary">{OM.noPeriods}</Typography.Text>
          ) : (
            <ul className="qy-ed-orders__periods">
              {detail.periods.map((p) => (
                <li key={`${p.startsAt}-${p.endsAt}`}>
                  {p.startsAt} — {p.endsAt}
                </li>
              ))}
            </ul>
          )}

          {detail.audit.length > 0 ? (
            <>
              <Typography.Title level={5} style={{ marginTop: 20 }}>
                {OM.audit}
              </Typography.Title>
              <ul className="qy-ed-orders__periods">
                {detail.audit.map((a) => (
                  <li key={`${a.at}-${a.action}`}>
                    {a.at} {a.actorName} {a.action === 'refund' ? OM.refund : a.action}：{a.note}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <RefundModal
            order={o}
            open={refunding}
            onClose={() => setRefunding(false)}
            onDone={() => {
              setRefunding(false);
              void load(o.ordersn);
              onChanged();
            }}
          />
        </>
      ) : null}
    </Drawer>
  );
}
