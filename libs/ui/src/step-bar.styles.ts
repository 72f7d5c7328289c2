import { css } from './css.js';
import { media, theme } from './theme.js';

const { colors, space, fontWeights } = theme;

export const stepBar = { list: 'shop-step-bar', link: 'shop-step-bar__link', disabled: 'shop-step-bar__disabled' } as const;

export const stepBarCss = css`
.${stepBar.list} {
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  /* Tight on a phone, so the four steps fit one 375 px line. */
  gap: ${space[1]};
  margin: 0 0 ${space[4]};
  padding: 0;
  list-style: none;
}
${media.up('sm')} {
  .${stepBar.list} {
    column-gap: ${space[3]};
  }
}
.${stepBar.link} {
  display: inline-block;
  padding: ${space[2]};
  color: ${colors.primary};
  font-weight: ${fontWeights.medium};
}
.${stepBar.link}[aria-current='step'] {
  font-weight: ${fontWeights.bold};
}
/* A step not reached yet: plain text, dimmed, not focusable. */
.${stepBar.disabled} {
  display: inline-block;
  padding: ${space[2]};
  color: ${colors.textMuted};
}
`;
