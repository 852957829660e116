// antd's Button drawn without antd (the article page's first view loads none): default or primary,
// middle, small or large, with an icon before the label and the spinning icon while it waits.
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { LoadingIcon } from '../common/icons';
import './plainButton.css';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  variant?: 'default' | 'primary';
  size?: 'small' | 'middle' | 'large';
  icon?: ReactNode;
  /** Shows the spinner in place of the icon and ignores clicks, as antd's `loading`. */
  loading?: boolean;
};

export const PlainButton = forwardRef<HTMLButtonElement, Props>(function PlainButton(
  { variant = 'default', size = 'middle', icon, loading = false, className, children, onClick, ...rest },
  ref,
) {
  const classes = ['qy-btn', `qy-btn-${variant}`];
  if (size !== 'middle') classes.push(`qy-btn-${size}`);
  if (loading) classes.push('qy-btn-loading');
  if (className) classes.push(className);
  return (
    <button
      ref={ref}
      type="button"
      className={classes.join(' ')}
      onClick={(e) => {
        if (!loading) onClick?.(e);
      }}
      {...rest}
    >
      {loading ? <LoadingIcon /> : icon}
      <span>{children}</span>
    </button>
  );
});
