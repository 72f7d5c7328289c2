/** The dashboard's look: one column on a phone, two from lg up; styled components, every value from the @shop/ui theme. */
import { styled } from 'styled-components';
import { media, theme } from '@shop/ui';

const { colors, space, fontSizes, sizes, borders, radii } = theme;

/** The four charts: one column up to lg, two from lg. */
export const ChartGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space[4]};

  ${media.up('lg')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

export const Figure = styled.figure`
  margin: 0;
  padding: ${space[3]};
  border: ${borders.hairline} solid ${colors.border};
  border-radius: ${radii.md};
  background: ${colors.background};
`;

export const Caption = styled.figcaption`
  margin-bottom: ${space[2]};
  font-size: ${fontSizes.lg};
`;

/** The canvas's box: a fixed height, so the page does not shift while chart.js loads and draws. */
export const CanvasBox = styled.div`
  position: relative;
  height: ${sizes.chart};
`;

export const Note = styled.p`
  color: ${colors.textMuted};
  font-size: ${fontSizes.sm};
`;

/** The chart's numbers: out of sight but in the accessibility tree (the visually-hidden technique, not display: none). */
export const Numbers = styled.div`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;
