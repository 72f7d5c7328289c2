import { css } from './css.js';
import { theme } from './theme.js';

const { colors, space } = theme;

export const paginate = { list: 'shop-paginate', link: 'shop-paginate__link', gap: 'shop-paginate__gap' } as const;

export const paginateCss = css`
.${paginate.list} {
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${space[1]};
  margin: ${space[3]} 0;
  padding: 0;
  list-style: none;
}
.${paginate.link},
.${paginate.gap} {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: ${theme.controlHeights.md};
  min-height: ${theme.controlHeights.md};
}
.${paginate.link} {
  padding: 0 ${space[2]};
  border: ${theme.borders.hairline} solid ${colors.border};
  border-radius: ${theme.radii.sm};
  color: ${colors.primary};
  text-decoration: none;
}
.${paginate.link}:hover {
  background-color: ${colors.light};
}
.${paginate.link}[aria-current='page'] {
  background-color: ${colors.primary};
  border-color: ${colors.primary};
  color: ${colors.onPrimary};
}
.${paginate.gap} {
  color: ${colors.textMuted};
}
`;
