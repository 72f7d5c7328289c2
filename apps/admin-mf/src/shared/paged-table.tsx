import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Paginate, QueryResult, type Loadable } from '@shop/ui';

/**
 * Page links either side of the current page in the tables' pagination: a table of thousands of
 * pages (50,000 orders) shows the first, the last and this window, not a link per page.
 */
export const PAGES_AROUND = 2;

export interface PagedTableProps<T extends { page: number; pages: number }, Row> {
  /** The page's answer (useUsers, useProducts, useOrders). */
  query: Loadable<T>;
  /** The 1-based page the route asks for. */
  page: number;
  /** Where page n of this table lives. */
  hrefFor: (page: number) => string;
  /** The rows of the answer. */
  rowsOf: (data: T) => Row[];
  /** What shows when there are no rows at all. */
  empty: ReactNode;
  /** The table of the page's rows. */
  children: (rows: Row[]) => ReactNode;
}

/**
 * An admin table a page at a time (spec section 2): the query's spinner or error, then the last page
 * there is when the route asks for one past it (its last row was just deleted, or an old link), the
 * empty note, or the table with its pagination when there is more than one page.
 */
export function PagedTable<T extends { page: number; pages: number }, Row>({ query, page, hrefFor, rowsOf, empty, children }: PagedTableProps<T, Row>) {
  return (
    <QueryResult query={query}>
      {(data) => {
        if (page > 1 && page > data.pages) return <Navigate to={hrefFor(Math.max(data.pages, 1))} replace />;
        const rows = rowsOf(data);
        if (rows.length === 0) return empty;
        return (
          <>
            {children(rows)}
            <Paginate pages={data.pages} page={data.page} hrefFor={hrefFor} around={PAGES_AROUND} />
          </>
        );
      }}
    </QueryResult>
  );
}
