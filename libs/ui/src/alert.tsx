import type { ReactNode } from 'react';
import { alert } from './alert.styles.js';
import { cx } from './css.js';

export type AlertVariant = 'danger' | 'success' | 'info' | 'warning';

export interface AlertProps {
  /** info by default; danger is the spec's red alert for failed calls. */
  variant?: AlertVariant;
  children?: ReactNode;
  className?: string;
}

/**
 * A message box. Errors (danger) interrupt screen readers with role="alert"; every other variant is
 * announced politely with role="status".
 */
export function Alert({ variant = 'info', children, className }: AlertProps) {
  return (
    <div role={variant === 'danger' ? 'alert' : 'status'} className={cx(alert.root, alert.variant[variant], className)}>
      {children}
    </div>
  );
}
