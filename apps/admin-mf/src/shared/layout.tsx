import type { ComponentProps } from 'react';
import { styled } from 'styled-components';
import { IdCell, theme } from '@shop/ui';

// The admin screens' shared layout: styled components, every value from the @shop/ui theme.
const { space, fontSizes } = theme;

/** A screen's h1, spaced like the catalog's headings. */
export const Heading = styled.h1`
  margin: ${space[3]} 0;
  font-size: ${fontSizes.xxl};
`;

/** The heading of a table screen with its main action on the right (wrapping under it on a phone). */
export const TitleBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space[2]};
`;

/** Buttons side by side: a table row's actions, or the title bar's action with its spinner. */
export const RowActions = styled.div`
  display: flex;
  align-items: center;
  gap: ${space[2]};
`;

/** Parts one above the other with the theme's small gap: an order's actions. */
export const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space[2]};
`;

/** An edit form: full width on a phone, no wider than a small container above. */
export const FormBox = styled.div`
  max-width: ${theme.containerWidths.sm ?? 'none'};
  margin: 0 auto;
`;

/** The 'Go Back' link above an edit form. */
export const BackBar = styled.div`
  margin: ${space[3]} 0;
`;

/** IdCell as its row's header; the element and scope are set here, so styling it never replaces them. */
function RowHeaderCell(props: ComponentProps<'th'>) {
  return <IdCell {...props} as="th" scope="row" />;
}

/** A row's id cell: the row's header for screen readers, in the weight of the other cells, wrapping a long id. */
export const RowHeader = styled(RowHeaderCell)`
  font-weight: ${theme.fontWeights.normal};
`;

/**
 * The 1-based page of a table from its route's `:pageNumber`: a plain whole number from 1, anything
 * else (missing, `abc`, `-1`, `1.5`) page 1. A number past the last page is the table's to handle.
 */
export function pageOf(pageNumber: string | undefined): number {
  return pageNumber !== undefined && /^[1-9][0-9]{0,5}$/.test(pageNumber) ? Number(pageNumber) : 1;
}
