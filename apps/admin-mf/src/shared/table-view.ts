import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { SortDirection } from '@shop/contracts';

/**
 * What an admin table shows besides its page: the search text, the sorted column and the filters. It
 * lives in the page's query string (`/admin/orderlist/2?search=ann&sort=totalPrice&direction=desc&paid=false`),
 * so a reload, the back button, a bookmark or a link sent to another admin shows the same rows, and the
 * pagination's links keep it. Values that are not the table's (an old link, a hand-edited address) are
 * dropped rather than sent, so the table never shows a 400 for its own address.
 */
export interface TableView<S extends string, F extends string> {
  search: string;
  sort?: S;
  direction: SortDirection;
  filters: Partial<Record<F, string>>;
}

export interface TableViewOptions<S extends string, F extends string> {
  /** Where page n of the table lives, without a query string. */
  pathOf: (page: number) => string;
  /** The columns the table may be sorted by. */
  sorts: readonly S[];
  /** Each filter's name and the values it takes. */
  filters: Readonly<Record<F, (value: string) => boolean>>;
}

export interface TableViewControls<S extends string, F extends string> {
  view: TableView<S, F>;
  /** The view as the list call's query parameters (empty ones left out). */
  query: Record<string, string | undefined>;
  /** Page n with this view. */
  hrefFor: (page: number) => string;
  /** The address of page 1 with the view changed: a new search, sort or filter starts at the first page. */
  hrefWith: (change: Partial<Omit<TableView<S, F>, 'filters'>> & { filters?: Partial<Record<F, string | undefined>> }) => string;
  /** Goes to hrefWith(change), replacing the history entry while typing would pile them up. */
  change: (change: Parameters<TableViewControls<S, F>['hrefWith']>[0]) => void;
}

const MAX_SEARCH = 100;

/** Reads and writes a table's view in the page's query string (see TableView). */
export function useTableView<S extends string, F extends string>({ pathOf, sorts, filters }: TableViewOptions<S, F>): TableViewControls<S, F> {
  const [params] = useSearchParams();
  const navigate = useNavigate();

  const view = useMemo<TableView<S, F>>(() => {
    const sort = params.get('sort');
    const known = sort !== null && (sorts as readonly string[]).includes(sort) ? (sort as S) : undefined;
    const chosen: Partial<Record<F, string>> = {};
    for (const name of Object.keys(filters) as F[]) {
      const value = params.get(name);
      if (value !== null && filters[name](value)) chosen[name] = value;
    }
    return {
      search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH),
      sort: known,
      direction: known && params.get('direction') === 'desc' ? 'desc' : 'asc',
      filters: chosen,
    };
  }, [params, sorts, filters]);

  const queryOf = useCallback((shown: TableView<S, F>): Record<string, string | undefined> => {
    return {
      search: shown.search || undefined,
      sort: shown.sort,
      direction: shown.sort && shown.direction === 'desc' ? 'desc' : undefined,
      ...shown.filters,
    };
  }, []);

  const addressOf = useCallback(
    (page: number, shown: TableView<S, F>) => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(queryOf(shown))) if (value) search.set(name, value);
      const text = search.toString();
      return `${pathOf(page)}${text ? `?${text}` : ''}`;
    },
    [pathOf, queryOf],
  );

  const hrefWith: TableViewControls<S, F>['hrefWith'] = useCallback(
    (change) => {
      const filtersNow: Partial<Record<F, string>> = { ...view.filters };
      for (const [name, value] of Object.entries(change.filters ?? {}) as [F, string | undefined][]) {
        if (value) filtersNow[name] = value;
        else delete filtersNow[name];
      }
      return addressOf(1, { ...view, ...change, filters: filtersNow });
    },
    [addressOf, view],
  );

  return {
    view,
    query: queryOf(view),
    hrefFor: useCallback((page: number) => addressOf(page, view), [addressOf, view]),
    hrefWith,
    change: useCallback((change) => navigate(hrefWith(change)), [navigate, hrefWith]),
  };
}

/** The next sort of a column when its heading is pressed: ascending, then descending, then the table's default. */
export function nextSort<S extends string>(view: { sort?: S; direction: SortDirection }, column: S): { sort?: S; direction: SortDirection } {
  if (view.sort !== column) return { sort: column, direction: 'asc' };
  if (view.direction === 'asc') return { sort: column, direction: 'desc' };
  return { sort: undefined, direction: 'asc' };
}
