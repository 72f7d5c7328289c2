import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { UserDto } from '@shop/contracts';
import { useUpdateUser, useUser } from '@shop/shop-client';
import { Alert, Button, Check, Field, Input, Spinner, usePageTitle } from '@shop/ui';
import { BackBar, FormBox, Heading } from '../../shared/layout.js';

export interface UserEditProps {
  userId: string;
}

/** 'Edit User' (spec section 2): name, email and 'Is Admin?', prefilled; 'Update User' saves and goes back to the users. */
export function UserEdit({ userId }: UserEditProps) {
  usePageTitle('Edit User');
  const { data: user, isPending, error } = useUser(userId);

  return (
    <>
      <BackBar>
        <Button as={Link} to="/admin/userList" $variant="light">
          Go Back
        </Button>
      </BackBar>
      <FormBox>
        <Heading>Edit User</Heading>
        {isPending ? (
          <Spinner />
        ) : error ? (
          <Alert variant="danger">{error.message}</Alert>
        ) : (
          // Keyed by user: the form's fields start from this user's values, once they have arrived.
          <UserForm key={user._id} user={user} />
        )}
      </FormBox>
    </>
  );
}

function UserForm({ user }: { user: UserDto }) {
  const navigate = useNavigate();
  const updateUser = useUpdateUser();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [isAdmin, setIsAdmin] = useState(user.isAdmin);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    updateUser.mutate({ id: user._id, name, email, isAdmin }, { onSuccess: () => navigate('/admin/userList') });
  }

  return (
    <form onSubmit={onSubmit}>
      {updateUser.error && <Alert variant="danger">{updateUser.error.message}</Alert>}
      <Field label="Name">
        <Input name="name" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
      </Field>
      <Field label="Email">
        <Input type="email" name="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
      </Field>
      <Check label="Is Admin?" checked={isAdmin} onChange={(event) => setIsAdmin(event.target.checked)} />
      <Button type="submit" disabled={updateUser.isPending}>
        Update User
      </Button>
      {updateUser.isPending && <Spinner size="sm" label="Saving..." />}
    </form>
  );
}
