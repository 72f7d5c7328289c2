import type { ReactNode } from 'react';
import { styled } from 'styled-components';

export type AlertVariant = 'danger' | 'success' | 'info' | 'warning';

export interface AlertProps {
  /** info by default; danger is the spec's red alert for failed calls. */
  variant?: AlertVariant;
  children?: ReactNode;
  className?: string;
}

const Box = styled.div<{ $variant: AlertVariant }>`
  margin: ${({ theme }) => `${theme.space[3]} 0`};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid currentColor;
  background-color: ${({ theme, $variant }) => theme.colors[`${$variant}Bg`]};
  color: ${({ theme, $variant }) => theme.colors[`${$variant}Text`]};
`;

/**
 * A message box. Errors (danger) interrupt screen readers with role="alert"; every other variant is
 * announced politely with role="status".
 */
export function Alert({ variant = 'info', children, className }: AlertProps) {
  return (
    <Box role={variant === 'danger' ? 'alert' : 'status'} $variant={variant} className={className}>
      {children}
    </Box>
  );
}
