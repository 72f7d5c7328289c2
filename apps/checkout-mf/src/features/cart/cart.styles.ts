/** The cart's lines: styled components with the @shop/ui theme's tokens. */
import { styled } from 'styled-components';
import { media, theme } from '@shop/ui';

const { colors, space } = theme;

export const Lines = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Picture, name, price, quantity and remove: one row from md, the quantity under the name below. */
export const Line = styled.li`
  display: grid;
  grid-template-columns: ${space[5]} 1fr auto;
  gap: ${space[3]};
  align-items: center;
  padding: ${space[3]} 0;
  border-bottom: ${theme.borders.hairline} solid ${colors.border};

  ${media.up('md')} {
    grid-template-columns: ${theme.sizes.cartThumb} 2fr 1fr 1fr auto;
  }
`;

export const Quantity = styled.div`
  grid-column: 2;

  /* The Field's own bottom margin would make the line taller than its neighbours. */
  & > div {
    margin-bottom: 0;
  }

  ${media.up('md')} {
    grid-column: auto;
  }
`;
