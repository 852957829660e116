// antd's warning Alert with its icon (`<Alert type="warning" showIcon title=… />`), without antd.
import type { ReactNode } from 'react';
import { ExclamationCircleFilledIcon } from './icons';
import './alert.css';

export function PlainWarningAlert({ title, className }: { title: ReactNode; className?: string }) {
  return (
    <div role="alert" className={className ? `qy-ui-alert ${className}` : 'qy-ui-alert'}>
      <ExclamationCircleFilledIcon className="qy-ui-alert__icon" />
      <div className="qy-ui-alert__title">{title}</div>
    </div>
  );
}
