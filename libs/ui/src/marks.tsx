import { styled } from 'styled-components';
import { VisuallyHidden } from './visually-hidden.js';

const Sign = styled.span<{ $tone: 'yes' | 'no' }>`
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme, $tone }) => ($tone === 'yes' ? theme.colors.successText : theme.colors.danger)};
`;

export interface MarkProps {
  /** What the sign means, for screen readers: 'Yes', 'No', 'Not paid'… */
  label: string;
}

/** A green tick in a table cell; screen readers hear `label` instead of the sign. */
export function Tick({ label }: MarkProps) {
  return (
    <>
      <Sign $tone="yes" aria-hidden="true">
        ✓
      </Sign>
      <VisuallyHidden>{label}</VisuallyHidden>
    </>
  );
}

/** A red cross in a table cell; screen readers hear `label` instead of the sign. */
export function Cross({ label }: MarkProps) {
  return (
    <>
      <Sign $tone="no" aria-hidden="true">
        ✗
      </Sign>
      <VisuallyHidden>{label}</VisuallyHidden>
    </>
  );
}
