import { Link } from 'react-router-dom';
import type { UserDto } from '@shop/contracts';
import { Alert, Button, Cross, Table, Tick, usePageTitle } from '@shop/ui';
import { useDeleteUser } from './api/delete-user.js';
import { useUsers } from './api/get-users.js';
import { Heading, RowActions, RowHeader } from '../../shared/layout.js';
import { PagedTable } from '../../shared/paged-table.js';

/** Where page n of the admin users table lives (the shell's route /admin/userlist/:pageNumber). */
export function userListHref(page: number): string {
  return `/admin/userlist/${page}`;
}

export interface UserListProps {
  /** The 1-based page to show. */
  page: number;
}

/**
 * The users table (spec section 2), a page at a time: ID, NAME, EMAIL, ADMIN and the actions. Admins
 * cannot be edited or deleted from here (spec section 6), so both their actions are disabled; a delete
 * is confirmed with 'Are you sure?', the user leaves the table at once (spec section 4) and the page
 * is read again, the next user moving up into it. Pagination when there is more than one page.
 */
export function UserList({ page }: UserListProps) {
  usePageTitle('Users');
  const users = useUsers({ pageNumber: page });
  const deleteUser = useDeleteUser();

  function onDelete(user: UserDto) {
    if (window.confirm('Are you sure?')) deleteUser.mutate(user._id);
  }

  return (
    <>
      <Heading>Users</Heading>
      {deleteUser.error && <Alert variant="danger">{deleteUser.error.message}</Alert>}
      <PagedTable query={users} page={page} hrefFor={userListHref} rowsOf={(data) => data.users} empty={<Alert>No users found.</Alert>}>
        {(rows) => (
          <Table label="Users" columns={['ID', 'NAME', 'EMAIL', 'ADMIN', { hiddenLabel: 'Actions' }]}>
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
