/** The admin tables' toolbar (search, filters, export) and sortable headings: styled components, every value from the @shop/ui theme. */
import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { media, theme } from '@shop/ui';

const { space, fontSizes, colors } = theme;

/** The search form, the filters and 'Export CSV' (always the last child): one column on a phone, one row from md. */
export const Toolbar = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space[2]};
  margin-bottom: ${space[3]};

  ${media.up('md')} {
    /* The search and 'Export CSV' on one row, the filters under them, four abreast. */
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    grid-template-areas: 'search export' 'filters filters';
    align-items: end;

    & > :last-child {
      grid-area: export;
    }
  }
`;

export const SearchForm = styled.form`
  display: flex;
  gap: ${space[2]};
  align-items: flex-end;

  & > :first-child {
    flex: 1;
  }

  ${media.up('md')} {
    grid-area: search;
    max-width: 40rem;
  }
`;

export const Filters = styled.div`
  display: grid;
  /* minmax(0, …): a date field's or a select's own width never widens a column past the screen. */
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space[2]};
  align-items: end;

  & input,
  & select {
    width: 100%;
    min-width: 0;
  }

  ${media.up('md')} {
    grid-area: filters;
    grid-template-columns: repeat(4, minmax(0, 12rem));
  }
`;

/** How many rows match: small, muted text above the table. */
export const Count = styled.p`
  margin: 0 0 ${space[2]};
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

/**
 * A column heading's link with the sort arrow after it. The arrow is drawn, never read: its alternative
 * text is empty (content: '▲' / ''), so a heading's accessible name stays the spec's text (aria-sort says
 * the order). A browser without alternative text for generated content keeps the first declaration.
 */
export const SortLink = styled(Link)`
  color: inherit;
  text-decoration: none;
  white-space: nowrap;

  &:hover,
  &:focus-visible {
    text-decoration: underline;
  }

  &::after {
    margin-left: ${space[1]};
    font-size: ${fontSizes.sm};
    content: '↕';
    content: '↕' / '';
    opacity: 0.5;
  }

  &[data-sorted='asc']::after {
    content: '▲';
    content: '▲' / '';
    opacity: 1;
  }

  &[data-sorted='desc']::after {
    content: '▼';
    content: '▼' / '';
    opacity: 1;
  }
`;
