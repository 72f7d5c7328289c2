import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Field, Input, Spinner, useStaticStyles } from '@shop/ui';
import { TABLE_TOOLS_STYLE_ID, tableTools, tableToolsCss } from './table-tools.styles.js';

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
  useStaticStyles(TABLE_TOOLS_STYLE_ID, tableToolsCss);
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
      <div className={tableTools.toolbar}>
        <form role="search" aria-label={searchLabel} className={tableTools.search} onSubmit={submit}>
          <Field label={searchLabel}>
            <Input type="search" value={text} maxLength={100} onChange={(event) => setText(event.target.value)} />
          </Field>
          <Button type="submit" $variant="light">
            Search
          </Button>
        </form>
        {filters && <div className={tableTools.filters}>{filters}</div>}
        <Button type="button" $variant="light" className={tableTools.export} onClick={onExport} disabled={exporting}>
          {exporting ? <Spinner size="sm" label="Exporting" /> : 'Export CSV'}
        </Button>
      </div>
      {exportError && <Alert variant="danger">{exportError}</Alert>}
    </>
  );
}

/** How many rows match, said to screen readers when it changes. */
export function RowCount({ total, one, many }: { total: number; one: string; many: string }) {
  useStaticStyles(TABLE_TOOLS_STYLE_ID, tableToolsCss);
  return (
    <p className={tableTools.count} role="status">
      {total.toLocaleString('en-US')} {total === 1 ? one : many}
    </p>
  );
}
