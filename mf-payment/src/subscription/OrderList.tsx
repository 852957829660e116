// 我的订单 (§2.9): the member's orders, newest first, 3 or 10 a page (default 10), with delete.
import { App, Button, Pagination, Select, Tag } from 'antd';
import {
  api,
  ApiError,
  EmptyState,
  MSG,
  QueryPending,
  toast,
  useApiQuery,
  type ProviderReply,
  type ServiceOrder,
} from '@qianyan/shared';
import { useState } from 'react';
import { PAY_FLOW_MSG } from '../messages';

const STATUS_COLOR: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'default', 3: 'purple' };

export function OrderList({ refreshKey = 0 }: { refreshKey?: number }) {
  const { modal } = App.useApp();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<3 | 10>(10);
  const orders = useApiQuery(
    () => api.program.getServiceOrderList({ page, per_page: perPage }, { silent: true }),
    [page, perPage, refreshKey],
  );

  const remove = (order: ServiceOrder) => {
    modal.confirm({
      title: PAY_FLOW_MSG.deleteConfirm,
      content: `${PAY_FLOW_MSG.orderColumns.ordersn}：${order.ordersn}`,
      okText: PAY_FLOW_MSG.deleteOrder,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await api.program.deleteServiceOrder(order.id, { silent: true });
          toast.success(MSG.deleteSuccess);
          const lastOnPage = orders.data?.items.length === 1 && page > 1;
          if (lastOnPage) setPage(page - 1);
          else orders.reload();
        } catch (err) {
          const reply = err instanceof ApiError ? (err.data as ProviderReply | undefined) : undefined;
          toast.error(reply?.msg || MSG.deleteFailed);
        }
      },
      onCancel: () => toast.info(MSG.deleteCancelled),
    });
  };

  if (!orders.data) return <QueryPending query={orders} rows={3} />;
  const { items, total_count } = orders.data;
  return (
    <div className="qy-orders">
      {items.length === 0 ? (
        <EmptyState text={PAY_FLOW_MSG.noOrders} />
      ) : (
        <ul className="qy-orders__list">
          {items.map((o) => (
            <li key={o.id} className="qy-orders__item">
              <div className="qy-orders__main">
                <span className="qy-orders__title">{o.service_title}</span>
                <Tag color={STATUS_COLOR[o.status]}>{o.status_text}</Tag>
                <strong className="qy-orders__price">¥{o.price}</strong>
              </div>
              <div className="qy-orders__meta">
                <span>
                  {PAY_FLOW_MSG.orderColumns.ordersn}：{o.ordersn}
                </span>
                <span>
                  {PAY_FLOW_MSG.orderColumns.time}：{o.ordertime}
                </span>
              </div>
              <Button
                className="qy-orders__delete"
                size="small"
                danger
                type="text"
                aria-label={`${PAY_FLOW_MSG.deleteOrder} ${o.ordersn}`}
                onClick={() => remove(o)}
              >
                {PAY_FLOW_MSG.deleteOrder}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="qy-orders__pager">
        <Select<3 | 10>
          aria-label={PAY_FLOW_MSG.perPage(perPage)}
          size="small"
          value={perPage}
          onChange={(v) => {
            setPerPage(v);
            setPage(1);
          }}
          options={[3, 10].map((n) => ({ value: n as 3 | 10, label: PAY_FLOW_MSG.perPage(n) }))}
        />
        {total_count > perPage && (
          <Pagination size="small" simple current={page} pageSize={perPage} total={total_count} onChange={setPage} />
        )}
      </div>
    </div>
  );
}
