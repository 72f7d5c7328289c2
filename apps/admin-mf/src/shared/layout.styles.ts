/** The admin screens' shared layout (headings, title bars, action rows, edit forms, row headers): static CSS from the @shop/ui theme, added by the parts that use it (layout.tsx). */
import { css, theme } from '@shop/ui';

const { space, fontSizes, fontWeights } = theme;

export const layout = {
  heading: 'admin-heading',
  titleBar: 'admin-title-bar',
  rowActions: 'admin-row-actions',
  formBox: 'admin-form-box',
  backBar: 'admin-back-bar',
  rowHeader: 'admin-row-header',
  stack: 'admin-stack',
} as const;

export const LAYOUT_STYLE_ID = 'admin-layout-style';

export const layoutCss = css`
.${layout.heading} {
  margin: ${space[3]} 0;
  font-size: ${fontSizes.xxl};
}
.${layout.titleBar} {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space[2]};
}
.${layout.rowActions} {
  display: flex;
  align-items: center;
  gap: ${space[2]};
}
.${layout.formBox} {
  max-width: ${theme.containerWidths.sm ?? 'none'};
  margin: 0 auto;
}
.${layout.backBar} {
  margin: ${space[3]} 0;
}
.${layout.stack} {
  display: flex;
  flex-direction: column;
  gap: ${space[2]};
}
.${layout.rowHeader} {
  font-weight: ${fontWeights.normal};
}
`;
