import { cx } from './css.js';
import { mark } from './marks.styles.js';
import { VisuallyHidden } from './visually-hidden.js';

export interface MarkProps {
  /** What the sign means, for screen readers: 'Yes', 'No', 'Not paid'… */
  label: string;
}

/** A green tick in a table cell; screen readers hear `label` instead of the sign. */
export function Tick({ label }: MarkProps) {
  return (
    <>
      <span className={cx(mark.root, mark.yes)} aria-hidden="true">
        ✓
      </span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </>
  );
}

/** A red cross in a table cell; screen readers hear `label` instead of the sign. */
export function Cross({ label }: MarkProps) {
  return (
    <>
      <span className={cx(mark.root, mark.no)} aria-hidden="true">
        ✗
      </span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </>
  );
}
