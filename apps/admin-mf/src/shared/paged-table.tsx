import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Paginate, QueryResult, type Loadable } from '@shop/ui';

/**
 * Page links either side of the current page in the tables' pagination: a table of thousands of
 * pages (50,000 orders) shows the first, the last and this window, not a link per page.
 */
export const PAGE_LINKS_AROUND = 2;

/** What a table reads from its page's answer. */
export interface TablePage<Row> {
  rows: Row[];
  /** How many pages there are. */
  pages: number;
  /** How many rows match over every page, when the answer says. */
  total?: number;
}

export interface PagedTableProps<T, Row> {
  /** The page's answer (useUsers, useOrders, useProducts). */
  query: Loadable<T>;
  /** Its rows and pages: a ListPage is one already; the products' answer names them products and pages. */
  readPage: (data: T) => TablePage<Row>;
  /** The 1-based page the route asks for. */
  page: number;
  /** Where page n of this table lives (with the table's search, sort and filters). */
  hrefFor: (page: number) => string;
  /** What shows when no row matches. */
  empty: ReactNode;
  /** Above the rows: how many match. */
  count?: (total: number) => ReactNode;
  /** The table of the page's rows. */
  children: (rows: Row[]) => ReactNode;
}

/**
 * An admin table a page at a time (spec section 2): the query's spinner or error, then the last page
 * there is when the route asks for one past it (its last row was just deleted, or an old link), the
 * empty note, or the count, the table and its pagination when there is more than one page.
 */
export function PagedTable<T, Row>({ query, readPage, page, hrefFor, empty, count, children }: PagedTableProps<T, Row>) {
  return (
    <QueryResult query={query}>
      {(data) => {
        const { rows, pages, total } = readPage(data);
        if (page > 1 && page > pages) return <Navigate to={hrefFor(Math.max(pages, 1))} replace />;
        if (rows.length === 0) return empty;
        return (
          <>
            {total !== undefined && count?.(total)}
            {children(rows)}
            <Paginate pages={pages} page={page} hrefFor={hrefFor} around={PAGE_LINKS_AROUND} />
          </>
        );
      }}
    </QueryResult>
  );
}
