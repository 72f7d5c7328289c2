import { styled } from 'styled-components';
import { IdCell } from '@shop/ui';

/** A screen's h1, spaced like the catalog's headings. */
export const Heading = styled.h1`
  margin: ${({ theme }) => `${theme.space[3]} 0`};
  font-size: ${({ theme }) => theme.fontSizes.xxl};
`;

/** The heading of a table screen with its main action on the right (wrapping under it on a phone). */
export const TitleBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
`;

/** Buttons side by side: a table row's actions, or the title bar's action with its spinner. */
export const RowActions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

/** An edit form: full width on a phone, no wider than a small container above. */
export const FormBox = styled.div`
  max-width: ${({ theme }) => theme.containerWidths.sm};
  margin: 0 auto;
`;

/** The 'Go Back' link above an edit form. */
export const BackBar = styled.div`
  margin: ${({ theme }) => `${theme.space[3]} 0`};
`;

/** A row's id cell: the row's header for screen readers, in the weight of the other cells, wrapping a long id. */
export const RowHeader = styled(IdCell).attrs({ as: 'th', scope: 'row' })`
  font-weight: ${({ theme }) => theme.fontWeights.normal};
`;

/**
 * The 1-based page of a table from its route's `:pageNumber`: a plain whole number from 1, anything
 * else (missing, `abc`, `-1`, `1.5`) page 1. A number past the last page is the table's to handle.
 */
export function pageOf(pageNumber: string | undefined): number {
  return pageNumber !== undefined && /^[1-9][0-9]{0,5}$/.test(pageNumber) ? Number(pageNumber) : 1;
}
