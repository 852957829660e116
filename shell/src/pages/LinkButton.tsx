import type { AnchorHTMLAttributes, ReactNode } from 'react';

/**
 * A link drawn as antd's large Button (primary or default) in the brand theme, without antd: what
 * antd's `<Button size="large" href>` renders, an `<a>` (pages.css, .qy-page-btn).
 */
export function LinkButton({
  primary = false,
  icon,
  className,
  children,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { primary?: boolean; icon?: ReactNode }) {
  const classes = primary ? 'qy-page-btn qy-page-btn-primary' : 'qy-page-btn';
  return (
    <a className={className ? `${classes} ${className}` : classes} {...rest}>
      {icon}
      <span>{children}</span>
    </a>
  );
}
