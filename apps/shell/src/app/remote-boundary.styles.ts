import { styled } from 'styled-components';

/** Where a remote's page renders. */
export const PageArea = styled.section`
  /* Its own block formatting context: a page's first margin (an h1's) stays inside instead of moving the area. */
  display: flow-root;
  min-height: 100vh;
`;
