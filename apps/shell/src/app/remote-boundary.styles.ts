import { styled } from 'styled-components';

/**
 * The area a remote's page fills. At least a window high, loading, loaded or failed: the footer starts
 * below the fold, so neither a remote arriving nor its data growing the page moves anything in view.
 */
export const PageArea = styled.section`
  /* Its own block formatting context: a page's first margin (an h1's) stays inside instead of moving the area. */
  display: flow-root;
  min-height: 100vh;
`;
