import { css } from './css.js';
import { theme } from './theme.js';

export const spinner = {
  root: 'shop-spinner',
  withLabel: 'shop-spinner--with-label',
  ring: 'shop-spinner__ring',
  size: { sm: 'shop-spinner__ring--sm', md: 'shop-spinner__ring--md', lg: 'shop-spinner__ring--lg' },
} as const;

const diameters = theme.sizes.spinner;

export const spinnerCss = css`
@keyframes shop-spin {
  to { transform: rotate(360deg); }
}
.${spinner.root} {
  display: inline-flex;
  justify-content: center;
  align-items: center;
}
.${spinner.withLabel} {
  gap: ${theme.space[2]};
}
.${spinner.ring} {
  display: inline-block;
  border: 0.25em solid ${theme.colors.primary};
  border-right-color: transparent;
  border-radius: ${theme.radii.round};
  animation: shop-spin 0.75s linear infinite;
}
${(Object.keys(diameters) as Array<keyof typeof diameters>)
  .map((size) => `.${spinner.size[size]} { width: ${diameters[size]}; height: ${diameters[size]}; }`)
  .join('\n')}
`;
