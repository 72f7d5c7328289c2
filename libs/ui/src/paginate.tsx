import { Link } from 'react-router-dom';
import { styled } from 'styled-components';

export interface PaginateProps {
  /** Number of pages. */
  pages: number;
  /** The current page, 1-based. */
  page: number;
  /** Where the link to a page goes, e.g. (n) => `/search/${keyword}/page/${n}`. */
  hrefFor: (page: number) => string;
  /** Names the navigation landmark; 'Pagination' by default. */
  label?: string;
}

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[1]};
  margin: ${({ theme }) => `${theme.space[3]} 0`};
  padding: 0;
  list-style: none;
`;

const PageLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 2.5rem;
  min-height: 2.5rem;
  padding: ${({ theme }) => `0 ${theme.space[2]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: none;

  &:hover {
    background-color: ${({ theme }) => theme.colors.light};
  }

  &[aria-current='page'] {
    background-color: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

/** One link per page (spec section 9), shown only when there is more than one page. */
export function Paginate({ pages, page, hrefFor, label = 'Pagination' }: PaginateProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label}>
      <List>
        {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
          <li key={number}>
            <PageLink to={hrefFor(number)} aria-current={number === page ? 'page' : undefined}>
              {number}
            </PageLink>
          </li>
        ))}
      </List>
    </nav>
  );
}
