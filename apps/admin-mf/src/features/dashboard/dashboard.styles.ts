/** The dashboard's look: one column on a phone, two from lg up; static CSS from the @shop/ui theme, added once by Dashboard. */
import { css, media, theme } from '@shop/ui';

const { colors, space, fontSizes, sizes, borders, radii } = theme;

export const dashboard = {
  grid: 'admin-dashboard__grid',
  figure: 'admin-dashboard__figure',
  caption: 'admin-dashboard__caption',
  canvasBox: 'admin-dashboard__canvas',
  note: 'admin-dashboard__note',
  numbers: 'admin-dashboard__numbers',
} as const;

export const DASHBOARD_STYLE_ID = 'admin-dashboard-style';

export const dashboardCss = css`
.${dashboard.grid} {
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space[4]};
}
${media.up('lg')} {
  .${dashboard.grid} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
}
.${dashboard.figure} {
  margin: 0;
  padding: ${space[3]};
  border: ${borders.hairline} solid ${colors.border};
  border-radius: ${radii.md};
  background: ${colors.background};
}
.${dashboard.caption} {
  margin-bottom: ${space[2]};
  font-size: ${fontSizes.lg};
}
.${dashboard.canvasBox} {
  position: relative;
  height: ${sizes.chart};
}
.${dashboard.note} {
  color: ${colors.textMuted};
  font-size: ${fontSizes.sm};
}
.${dashboard.numbers} {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
}
`;
