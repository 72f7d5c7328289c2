import { Link } from 'react-router-dom';
import { USER_SORTS, type UserDto, type UserSort } from '@shop/contracts';
import { Alert, Button, Cross, Table, Tick, usePageTitle, VisuallyHidden } from '@shop/ui';
import { useDeleteUser } from './api/delete-user.js';
import { useUsers } from './api/get-users.js';
import { useCsvExport } from '../../shared/export-csv.js';
import { Heading, RowActions, RowHeader } from '../../shared/layout.js';
import { PagedTable } from '../../shared/paged-table.js';
import { SortableHeading } from '../../shared/sortable-heading.js';
import { RowCount, TableToolbar } from '../../shared/table-toolbar.js';
import { nextSort, useTableView } from '../../shared/table-view.js';

/** Where page n of the admin users table lives (the shell's route /admin/userlist/:pageNumber). */
export function userListHref(page: number): string {
  return `/admin/userlist/${page}`;
}

export interface UserListProps {
  /** The 1-based page to show. */
  page: number;
}

/** The users table has no filters besides its search. */
const NO_FILTERS = {} as const;

/**
 * The users table (spec section 2), a page at a time: ID, NAME, EMAIL, ADMIN and the actions. Search by
 * name or email, sort by NAME, EMAIL or ADMIN (the address keeps both), and export every matching user
 * as CSV. Admins cannot be edited or deleted from here (spec section 6), so both their actions are
 * disabled; a delete is confirmed with 'Are you sure?', the user leaves the table at once (spec section
 * 4) and the page is read again, the next user moving up into it. Pagination when there is more than one page.
 */
export function UserList({ page }: UserListProps) {
  usePageTitle('Users');
  const table = useTableView<UserSort, never>({ pathOf: userListHref, sorts: USER_SORTS, filters: NO_FILTERS });
  const { search, sort, direction } = table.view;
  const users = useUsers({ pageNumber: page, search: search || undefined, sort, direction: sort && direction === 'desc' ? 'desc' : undefined });
  const deleteUser = useDeleteUser();
  const exportUsers = useCsvExport('/api/users/export');

  function onDelete(user: UserDto) {
    if (window.confirm('Are you sure?')) deleteUser.mutate(user._id);
  }

  const heading = (label: string, column: UserSort) => (
    <SortableHeading label={label} sorted={sort === column ? direction : undefined} href={table.hrefWith(nextSort(table.view, column))} />
  );

  return (
    <>
      <Heading>Users</Heading>
      <TableToolbar
        searchLabel="Search users by name or email"
        search={search}
        onSearch={(text) => table.change({ search: text })}
        onExport={() => exportUsers.mutate(table.query)}
        exporting={exportUsers.isPending}
        exportError={exportUsers.error?.message}
      />
      {deleteUser.error && <Alert variant="danger">{deleteUser.error.message}</Alert>}
      <PagedTable
        query={users}
        readPage={(data) => data}
        page={page}
        hrefFor={table.hrefFor}
        empty={<Alert>No users found.</Alert>}
        count={(total) => <RowCount total={total} one="user" many="users" />}
      >
        {(rows) => (
          <Table label="Users">
            <thead>
              <tr>
                <th scope="col">ID</th>
                {heading('NAME', 'name')}
                {heading('EMAIL', 'email')}
                {heading('ADMIN', 'isAdmin')}
                <th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => (
                <tr key={user._id}>
                  <RowHeader>{user._id}</RowHeader>
                  <td>{user.name}</td>
                  <td>
                    <a href={`mailto:${user.email}`}>{user.email}</a>
                  </td>
                  <td>{user.isAdmin ? <Tick label="Yes" /> : <Cross label="No" />}</td>
                  <td>
                    <UserActions user={user} busy={deleteUser.isPending} onDelete={onDelete} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </PagedTable>
    </>
  );
}

interface UserActionsProps {
  user: UserDto;
  /** A delete is on its way: no second one meanwhile. */
  busy: boolean;
  onDelete: (user: UserDto) => void;
}

/** Edit and Delete for one user; both disabled for an admin (a disabled link is a disabled button, never an <a>). */
function UserActions({ user, busy, onDelete }: UserActionsProps) {
  const editLabel = `Edit ${user.name}`;
  return (
    <RowActions>
      {user.isAdmin ? (
        <Button $size="sm" $variant="light" disabled aria-label={editLabel}>
          Edit
        </Button>
      ) : (
        <Button as={Link} to={`/admin/users/${user._id}/edit`} $size="sm" $variant="light" aria-label={editLabel}>
          Edit
        </Button>
      )}
      <Button
        $size="sm"
        $variant="danger"
        disabled={user.isAdmin || busy}
        aria-label={`Delete ${user.name}`}
        onClick={() => onDelete(user)}
      >
        Delete
      </Button>
    </RowActions>
  );
}
