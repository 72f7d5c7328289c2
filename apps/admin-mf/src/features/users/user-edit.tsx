import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { UserDto } from '@shop/contracts';
import { useUpdateUser, useUser } from '@shop/shop-client';
import { Alert, Button, Check, Field, Input, QueryResult, Spinner, usePageTitle } from '@shop/ui';
import { BackBar, FormBox, Heading } from '../../shared/layout.js';

export interface UserEditProps {
  userId: string;
}

/** 'Edit User' (spec section 2): name, email and 'Is Admin?', prefilled; 'Update User' saves and goes back to the users. */
export function UserEdit({ userId }: UserEditProps) {
  usePageTitle('Edit User');
  const user = useUser(userId);

  return (
    <>
      <BackBar>
        <Button as={Link} to="/admin/userList" $variant="light">
          Go Back
        </Button>
      </BackBar>
      <FormBox>
        <Heading>Edit User</Heading>
        <QueryResult query={user}>
          {/* Keyed by user: the form's fields start from this user's values, once they have arrived. */}
          {(data) => <UserForm key={data._id} user={data} />}
        </QueryResult>
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
