// A labelled text input drawn like antd's large outlined Input inside a vertical Form.Item, without
// antd: the label above, the error (the spec's message) under it, tied to the input for assistive
// technology (aria-invalid, aria-describedby). `addon` sits beside the input (the send-code button).
import type { InputHTMLAttributes, ReactNode } from 'react';
import './flowControls.css';

export function FlowField({
  id,
  label,
  error,
  addon,
  className,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: string;
  error?: string | null;
  addon?: ReactNode;
}) {
  const errorId = `${id}-error`;
  const field = (
    <input
      id={id}
      type="text"
      className={error ? 'qy-field__input qy-field__input--error' : 'qy-field__input'}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      {...input}
    />
  );
  return (
    <div className={['qy-field', error && 'qy-field--error', className].filter(Boolean).join(' ')}>
      <label className="qy-field__label" htmlFor={id}>
        {label}
      </label>
      {addon ? (
        <div className="qy-field__row">
          {field}
          {addon}
        </div>
      ) : (
        field
      )}
      {error && (
        <div id={errorId} className="qy-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** antd's link Button (small or middle) without antd. */
export function FlowLinkButton({ size, onClick, children }: { size?: 'small'; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={size === 'small' ? 'qy-flow-link qy-flow-link--small' : 'qy-flow-link'} onClick={onClick}>
      {children}
    </button>
  );
}
