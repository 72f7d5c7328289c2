import type { ReactNode } from 'react';
import { AlertBox } from './alert.styles.js';

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
    <AlertBox role={variant === 'danger' ? 'alert' : 'status'} data-variant={variant} className={className}>
      {children}
    </AlertBox>
  );
}
