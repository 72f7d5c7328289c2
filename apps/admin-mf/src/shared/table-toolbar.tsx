import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Field, Input, Spinner } from '@shop/ui';
import { Count, Filters, SearchForm, Toolbar } from './table-tools.styles.js';

export interface TableToolbarProps {
  /** What the search finds, for its label: 'Search users by name or email'. */
  searchLabel: string;
  /** The search shown now (from the address). */
  search: string;
  /** A new search was submitted ('' clears it). */
  onSearch: (text: string) => void;
  /** The table's filters (selects and day fields), if it has any. */
  filters?: ReactNode;
  /** Downloads every matching row as CSV. */
  onExport: () => void;
  /** An export is on its way. */
  exporting: boolean;
  /** Why the last export failed, if it did. */
  exportError?: string;
}

/**
 * Above an admin table: a search form (submitted with Enter or its button, never on every key, so one
 * search is one request and the address changes once), the table's filters, and 'Export CSV'. One
 * column on a phone, one row from 768 px.
 */
export function TableToolbar({ searchLabel, search, onSearch, filters, onExport, exporting, exportError }: TableToolbarProps) {
  const [text, setText] = useState(search);
  // The box follows the address (back button, a link), as React's pattern for state following a prop.
  const [shownFor, setShownFor] = useState(search);
  if (search !== shownFor) {
    setShownFor(search);
    setText(search);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }

  return (
    <>
      <Toolbar>
        <SearchForm role="search" aria-label={searchLabel} onSubmit={submit}>
          <Field label={searchLabel}>
            <Input type="search" value={text} maxLength={100} onChange={(event) => setText(event.target.value)} />
          </Field>
          <Button type="submit" $variant="light">
            Search
          </Button>
        </SearchForm>
        {filters && <Filters>{filters}</Filters>}
        {/* Last in the toolbar, where its grid area is set (Toolbar). */}
        <Button type="button" $variant="light" onClick={onExport} disabled={exporting}>
          {exporting ? <Spinner size="sm" label="Exporting" /> : 'Export CSV'}
        </Button>
      </Toolbar>
      {exportError && <Alert variant="danger">{exportError}</Alert>}
    </>
  );
}

/** How many rows match, said to screen readers when it changes. */
export function RowCount({ total, one, many }: { total: number; one: string; many: string }) {
  return (
    <Count role="status">
      {total.toLocaleString('en-US')} {total === 1 ? one : many}
    </Count>
  );
}
