import { css } from './css.js';
import { theme } from './theme.js';

export const mark = { root: 'shop-mark', yes: 'shop-mark--yes', no: 'shop-mark--no' } as const;

export const markCss = css`
/* A tick or a cross in a table cell: green for yes, red for no. */
.${mark.root} {
  font-weight: ${theme.fontWeights.bold};
}
.${mark.yes} {
  color: ${theme.colors.successText};
}
.${mark.no} {
  color: ${theme.colors.danger};
}
`;
