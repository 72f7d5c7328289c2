import { useId } from 'react';
import { styled, keyframes } from 'styled-components';
import { VisuallyHidden } from './visually-hidden.js';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  size?: SpinnerSize;
  /** What is loading, for screen readers; 'Loading...' by default. */
  label?: string;
}

const diameters: Record<SpinnerSize, string> = { sm: '1rem', md: '2.5rem', lg: '4rem' };

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Wrapper = styled.span`
  display: inline-flex;
  justify-content: center;
  align-items: center;
`;

const Ring = styled.span<{ $size: SpinnerSize }>`
  display: inline-block;
  width: ${({ $size }) => diameters[$size]};
  height: ${({ $size }) => diameters[$size]};
  border: 0.25em solid ${({ theme }) => theme.colors.primary};
  border-right-color: transparent;
  border-radius: ${({ theme }) => theme.radii.round};
  animation: ${spin} 0.75s linear infinite;
`;

/** A loading indicator: a spinning ring for the eye, a status named 'Loading...' for screen readers. */
export function Spinner({ size = 'md', label = 'Loading...' }: SpinnerProps) {
  const labelId = useId();
  // A status takes no name from its content, so the hidden text both names it and is what gets announced.
  return (
    <Wrapper role="status" aria-labelledby={labelId}>
      <Ring aria-hidden="true" $size={size} />
      <VisuallyHidden id={labelId}>{label}</VisuallyHidden>
    </Wrapper>
  );
}
