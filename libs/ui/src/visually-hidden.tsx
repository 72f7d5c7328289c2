import type { ComponentPropsWithoutRef } from 'react';
import { Hidden } from './visually-hidden.styles.js';

export interface VisuallyHiddenProps extends ComponentPropsWithoutRef<'label'> {
  /** A span by default; a label names a control only screen readers need named. */
  as?: 'span' | 'label';
}

/** Text for screen readers only: out of sight, still in the accessibility tree (unlike display: none). */
export function VisuallyHidden({ as = 'span', ...props }: VisuallyHiddenProps) {
  return <Hidden as={as} {...props} />;
}
