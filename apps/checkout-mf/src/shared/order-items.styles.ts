import { styled } from 'styled-components';
import { media } from '@shop/ui';

export const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const Item = styled.li`
  display: grid;
  grid-template-columns: ${({ theme }) => theme.space[5]} 1fr;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  align-items: center;
  padding: ${({ theme }) => `${theme.space[2]} 0`};
  border-bottom: ${({ theme }) => `${theme.borders.hairline} solid ${theme.colors.border}`};

  &:last-child {
    border-bottom: 0;
  }

  ${media.up('md')} {
    grid-template-columns: ${({ theme }) => theme.space[5]} 1fr auto;
  }
`;

export const Amount = styled.span`
  grid-column: 2;

  ${media.up('md')} {
    grid-column: 3;
  }
`;
