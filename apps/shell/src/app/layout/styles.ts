/** The frame: header on top, footer at the bottom of the window even on a short page. */
import { styled } from 'styled-components';
import { theme } from '@shop/ui';

export const Page = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

export const Main = styled.main`
  flex: 1;
  padding-block: ${theme.space[4]};
`;

export const Footer = styled.footer`
  padding-block: ${theme.space[3]};
  text-align: center;
`;
