import { styled, keyframes } from 'styled-components';
import type { SpinnerSize } from './spinner.js';
import { theme } from './theme.js';

const diameters = theme.sizes.spinner;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

/*
 * The gap only ever parts the ring from a shown label: the screen reader's copy is absolutely
 * positioned (VisuallyHidden), so it takes no place in the row.
 */
export const SpinnerRoot = styled.span`
  display: inline-flex;
  justify-content: center;
  align-items: center;
  gap: ${theme.space[2]};
`;

/** The spinning ring; its diameter chosen by data-size. */
export const Ring = styled.span`
  display: inline-block;
  border: 0.25em solid ${theme.colors.primary};
  border-right-color: transparent;
  border-radius: ${theme.radii.round};
  animation: ${spin} 0.75s linear infinite;
  ${(Object.keys(diameters) as SpinnerSize[]).map((size) => `&[data-size='${size}'] { width: ${diameters[size]}; height: ${diameters[size]}; }`).join('\n')}
`;
