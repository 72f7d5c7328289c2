import { styled } from 'styled-components';
import { theme } from './theme.js';

/* A tick or a cross in a table cell: green for yes, red for no. */
const Mark = styled.span`
  font-weight: ${theme.fontWeights.bold};
`;

export const Yes = styled(Mark)`
  color: ${theme.colors.successText};
`;

export const No = styled(Mark)`
  color: ${theme.colors.danger};
`;
