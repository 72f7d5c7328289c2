import type { ReactNode } from 'react';
import { Alert } from './alert.js';
import { Spinner } from './spinner.js';

/** What a screen knows of data it asked the server for: the three fields of a TanStack Query result. */
export interface Loadable<T> {
  isPending: boolean;
  error: { message: string } | null;
  data: T | undefined;
}

export interface QueryResultProps<T> {
  query: Loadable<T>;
  /** The screen once the data is there. */
  children: (data: T) => ReactNode;
}

/**
 * The ladder every screen that reads the server climbs (spec section 8): the spinner while the answer is
 * on its way, the answer's message in a red alert when it failed, else the screen, given the data.
 */
export function QueryResult<T>({ query, children }: QueryResultProps<T>) {
  if (query.isPending) return <Spinner />;
  if (query.error) return <Alert variant="danger">{query.error.message}</Alert>;
  return <>{children(query.data as T)}</>;
}
