// antd's Button drawn without antd, for the screens whose first view loads none: default or primary,
// middle, small or large, with an icon before the label and the spinning icon while it waits.
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { LoadingIcon } from './icons';
import './button.css';

export type PlainButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  /** `link`: antd's `type="link"` (the brand colour, no border or background). */
  variant?: 'default' | 'primary' | 'link';
  size?: 'small' | 'middle' | 'large';
  icon?: ReactNode;
  /** Shows the spinner in place of the icon and ignores clicks, as antd's `loading`. */
  loading?: boolean;
};

export const PlainButton = forwardRef<HTMLButtonElement, PlainButtonProps>(function PlainButton(
  { variant = 'default', size = 'middle', icon, loading = false, className, children, onClick, ...rest },
  ref,
) {
  const classes = ['qy-ui-btn', `qy-ui-btn-${variant}`];
  if (size !== 'middle') classes.push(`qy-ui-btn-${size}`);
  if (loading) classes.push('qy-ui-btn-loading');
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
