import { styled } from 'styled-components';

// Frame only: the theme (colours, spacing tokens) comes with the shared UI library and replaces these values.
export const Page = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

export const Header = styled.header`
  min-height: 4.5rem; /* the header's height, reserved before its content arrives */
`;

export const Main = styled.main`
  flex: 1;
  width: 100%;
  max-width: 1320px;
  margin: 0 auto;
  padding: 1.5rem 0.75rem;
`;

export const Footer = styled.footer`
  padding: 1rem 0;
  text-align: center;
`;
