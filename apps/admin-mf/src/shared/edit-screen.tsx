import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, QueryResult, usePageTitle, type Loadable } from '@shop/ui';
import { BackBar, FormBox, Heading } from './layout.js';

export interface EditScreenProps<T extends { _id: string }> {
  /** The screen's heading and page title ('Edit User'). */
  title: string;
  /** Where 'Go Back' leads (the table the record belongs to). */
  backTo: string;
  /** The record being edited. */
  query: Loadable<T>;
  /** The form, given the record. */
  children: (record: T) => ReactNode;
}

/**
 * An admin edit screen (spec section 2): 'Go Back' to its table, the heading, then the record's form
 * once the record has arrived (its spinner or error before). The form is keyed by the record's id, so
 * its fields start from this record's values once, and a background refetch never overwrites typing.
 */
export function EditScreen<T extends { _id: string }>({ title, backTo, query, children }: EditScreenProps<T>) {
  usePageTitle(title);
  return (
    <>
      <BackBar>
        <Button as={Link} to={backTo} $variant="light">
          Go Back
        </Button>
      </BackBar>
      <FormBox>
        <Heading>{title}</Heading>
        <QueryResult query={query}>{(record) => <Fragment key={record._id}>{children(record)}</Fragment>}</QueryResult>
      </FormBox>
    </>
  );
}
