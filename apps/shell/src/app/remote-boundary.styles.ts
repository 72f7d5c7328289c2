import { classed, css } from '@shop/ui';

const pageArea = 'shell-page-area';

/** Where a remote's page renders. */
export const PageArea = classed('section', pageArea);

export const pageAreaCss = css`
.${pageArea} {
  /* Its own block formatting context: a page's first margin (an h1's) stays inside instead of moving the area. */
  display: flow-root;
  min-height: 100vh;
}
`;
