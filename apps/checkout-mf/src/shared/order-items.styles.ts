/** The lines of an order: styled components with the @shop/ui theme's tokens. */
import { styled } from 'styled-components';
import { media, theme } from '@shop/ui';

const { colors, space } = theme;

export const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Picture, name and amount; the amount goes to its own column from md. */
export const Item = styled.li`
  display: grid;
  grid-template-columns: ${space[5]} 1fr;
  gap: ${space[2]} ${space[3]};
  align-items: center;
  padding: ${space[2]} 0;
  border-bottom: ${theme.borders.hairline} solid ${colors.border};

  &:last-child {
    border-bottom: 0;
  }

  ${media.up('md')} {
    grid-template-columns: ${space[5]} 1fr auto;
  }
`;

export const Amount = styled.span`
  grid-column: 2;

  ${media.up('md')} {
    grid-column: 3;
  }
`;
