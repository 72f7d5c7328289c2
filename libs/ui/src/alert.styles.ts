import { css } from './css.js';
import { theme } from './theme.js';
import type { AlertVariant } from './alert.js';

const variants: AlertVariant[] = ['danger', 'success', 'info', 'warning'];

export const alert = {
  root: 'shop-alert',
  variant: Object.fromEntries(variants.map((variant) => [variant, `shop-alert--${variant}`])) as Record<AlertVariant, string>,
};

export const alertCss = css`
.${alert.root} {
  margin: ${theme.space[3]} 0;
  padding: ${theme.space[3]} ${theme.space[3]};
  border-radius: ${theme.radii.md};
  border: ${theme.borders.hairline} solid currentColor;
}
${variants
  .map((variant) => `.${alert.variant[variant]} { background-color: ${theme.colors[`${variant}Bg`]}; color: ${theme.colors[`${variant}Text`]}; }`)
  .join('\n')}
`;
