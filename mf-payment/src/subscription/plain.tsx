// The antd pieces of the subscription panel's first view drawn without antd (Alert, Tag, the
// Tooltip of the buy button), so that the panel loads no antd until the member does
// something that needs it (themed.tsx).
import { PlainIcon } from '@qianyan/shared/plain';
import type { ReactNode } from 'react';
import './plain.css';

// antd's CheckCircleFilled and InfoCircleFilled.
const ALERT_ICON = {
  success:
    'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm193.5 301.7l-210.6 292a31.8 31.8 0 01-51.7 0L318.5 484.9c-3.8-5.3 0-12.7 6.5-12.7h46.9c10.2 0 19.9 4.9 25.9 13.3l71.2 98.8 157.2-218c6-8.3 15.6-13.3 25.9-13.3H699c6.5 0 10.3 7.4 6.5 12.7z',
  info: 'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm32 664c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V456c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272zm-32-344a48.01 48.01 0 010-96 48.01 48.01 0 010 96z',
};

/** antd's `<Alert type="success" | "info" showIcon title={…} />`. */
export function SubAlert({ type, title, className }: { type: 'success' | 'info'; title: ReactNode; className?: string }) {
  return (
    <div role="alert" className={`qy-sub-alert qy-sub-alert--${type}${className ? ` ${className}` : ''}`}>
      <PlainIcon className="qy-sub-alert__icon" d={ALERT_ICON[type]} />
      <div className="qy-sub-alert__title">{title}</div>
    </div>
  );
}

/** antd's filled Tag, grey or red. */
export function SubTag({ color, children }: { color?: 'red'; children: ReactNode }) {
  return <span className={color ? `qy-sub-tag qy-sub-tag--${color}` : 'qy-sub-tag'}>{children}</span>;
}

/**
 * antd's Tooltip (top) around a control: the bubble shows while the pointer is over it or the focus
 * is inside. Decorative: the control says the same through aria-describedby.
 */
export function SubTooltip({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <span className="qy-sub-tip">
      {children}
      {title && (
        <span className="qy-sub-tip__bubble" aria-hidden="true">
          <span className="qy-sub-tip__arrow" />
          {title}
        </span>
      )}
    </span>
  );
}
