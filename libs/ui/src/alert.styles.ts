import { styled } from 'styled-components';
import { theme } from './theme.js';
import type { AlertVariant } from './alert.js';

const variants: AlertVariant[] = ['danger', 'success', 'info', 'warning'];

/** A message box; its colours chosen by data-variant, so every variant is one static rule set. */
export const AlertBox = styled.div`
  margin: ${theme.space[3]} 0;
  padding: ${theme.space[3]} ${theme.space[3]};
  border-radius: ${theme.radii.md};
  border: ${theme.borders.hairline} solid currentColor;
  ${variants
    .map((variant) => `&[data-variant='${variant}'] { background-color: ${theme.colors[`${variant}Bg`]}; color: ${theme.colors[`${variant}Text`]}; }`)
    .join('\n')}
`;
