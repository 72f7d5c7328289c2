import { Link, Navigate } from 'react-router-dom';
import type { UserDto } from '@shop/contracts';
import { useDeleteUser, useUsers } from '@shop/shop-client';
import { Alert, Button, Cross, Paginate, Spinner, Table, Tick, usePageTitle, VisuallyHidden } from '@shop/ui';
import { Heading, PAGES_AROUND, RowActions, RowHeader } from '../../shared/layout.js';

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
  const { data, isPending, error } = useUsers({ pageNumber: page });
  const deleteUser = useDeleteUser();

  function onDelete(user: UserDto) {
    if (window.confirm('Are you sure?')) deleteUser.mutate(user._id);
  }

  return (
    <>
      <Heading>Users</Heading>
      {deleteUser.error && <Alert variant="danger">{deleteUser.error.message}</Alert>}
      {isPending ? (
        <Spinner />
      ) : error ? (
        <Alert variant="danger">{error.message}</Alert>
      ) : page > 1 && page > data.pages ? (
        // Past the last page (its last user was just deleted, or an old link): show the last page there is.
        <Navigate to={userListHref(Math.max(data.pages, 1))} replace />
      ) : data.users.length === 0 ? (
        <Alert>No users found.</Alert>
      ) : (
        <>
          <Table label="Users">
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">NAME</th>
                <th scope="col">EMAIL</th>
                <th scope="col">ADMIN</th>
                <th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((user) => (
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
          <Paginate pages={data.pages} page={data.page} hrefFor={userListHref} around={PAGES_AROUND} />
        </>
      )}
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
