import { useId } from 'react';
import { Ring, SpinnerRoot } from './spinner.styles.js';
import { VisuallyHidden } from './visually-hidden.js';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  size?: SpinnerSize;
  /** What is loading, for screen readers; 'Loading...' by default. */
  label?: string;
  /** Also shows the label beside the ring ('Marking as delivered...'); screen readers hear it once, as the status. */
  showLabel?: boolean;
  /** For a styled wrapper: lands on the status element. */
  className?: string;
}

/** A loading indicator: a spinning ring for the eye, a status named 'Loading...' for screen readers. */
export function Spinner({ size = 'md', label = 'Loading...', showLabel = false, className }: SpinnerProps) {
  const labelId = useId();
  // A status takes no name from its content, so the hidden text both names it and is what gets announced.
  return (
    <SpinnerRoot className={className} role="status" aria-labelledby={labelId}>
      <Ring data-size={size} aria-hidden="true" />
      <VisuallyHidden id={labelId}>{label}</VisuallyHidden>
      {showLabel && <span aria-hidden="true">{label}</span>}
    </SpinnerRoot>
  );
}
