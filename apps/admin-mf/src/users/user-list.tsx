import { Link } from 'react-router-dom';
import type { UserDto } from '@shop/contracts';
import { useDeleteUser, useUsers } from '@shop/shop-client';
import { Alert, Button, Cross, Spinner, Table, Tick, usePageTitle, VisuallyHidden } from '@shop/ui';
import { Heading, RowActions, RowHeader } from '../layout.js';

/**
 * The users table (spec section 2): ID, NAME, EMAIL, ADMIN and the actions. Admins cannot be edited
 * or deleted from here (spec section 6), so both their actions are disabled; a delete is confirmed
 * with 'Are you sure?' and the user leaves the table at once (spec section 4).
 */
export function UserList() {
  usePageTitle('Users');
  const { data: users, isPending, error } = useUsers();
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
      ) : users.length === 0 ? (
        <Alert>No users found.</Alert>
      ) : (
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
            {users.map((user) => (
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
