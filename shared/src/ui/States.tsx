import { Button, Empty, Result, Skeleton } from 'antd';
import { MSG } from '@qianyan/shared/core';

/** Empty list (§8): 未搜索到相关内容. */
export function EmptyState({ text = MSG.empty }: { text?: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}

export function LoadingState({ rows = 4 }: { rows?: number }) {
  return <Skeleton active paragraph={{ rows }} />;
}

/** A failed load: the message and a retry. */
export function ErrorState({ message = MSG.busy, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <Result
      status="warning"
      title={message}
      extra={onRetry ? <Button onClick={onRetry}>重试</Button> : undefined}
    />
  );
}
