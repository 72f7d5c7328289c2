import { useId } from 'react';
import { spinner } from './spinner.styles.js';
import { VisuallyHidden } from './visually-hidden.js';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  size?: SpinnerSize;
  /** What is loading, for screen readers; 'Loading...' by default. */
  label?: string;
  /** Also shows the label beside the ring ('Marking as delivered...'); screen readers hear it once, as the status. */
  showLabel?: boolean;
}

/** A loading indicator: a spinning ring for the eye, a status named 'Loading...' for screen readers. */
export function Spinner({ size = 'md', label = 'Loading...', showLabel = false }: SpinnerProps) {
  const labelId = useId();
  // A status takes no name from its content, so the hidden text both names it and is what gets announced.
  return (
    <span className={showLabel ? `${spinner.root} ${spinner.withLabel}` : spinner.root} role="status" aria-labelledby={labelId}>
      <span className={`${spinner.ring} ${spinner.size[size]}`} aria-hidden="true" />
      <VisuallyHidden id={labelId}>{label}</VisuallyHidden>
      {showLabel && <span aria-hidden="true">{label}</span>}
    </span>
  );
}
