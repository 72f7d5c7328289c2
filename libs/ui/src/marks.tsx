import { No, Yes } from './marks.styles.js';
import { VisuallyHidden } from './visually-hidden.js';

export interface MarkProps {
  /** What the sign means, for screen readers: 'Yes', 'No', 'Not paid'… */
  label: string;
  /** For a styled wrapper: lands on the sign. */
  className?: string;
}

/** A green tick in a table cell; screen readers hear `label` instead of the sign. */
export function Tick({ label, className }: MarkProps) {
  return (
    <>
      <Yes className={className} aria-hidden="true">
        ✓
      </Yes>
      <VisuallyHidden>{label}</VisuallyHidden>
    </>
  );
}

/** A red cross in a table cell; screen readers hear `label` instead of the sign. */
export function Cross({ label, className }: MarkProps) {
  return (
    <>
      <No className={className} aria-hidden="true">
        ✗
      </No>
      <VisuallyHidden>{label}</VisuallyHidden>
    </>
  );
}
