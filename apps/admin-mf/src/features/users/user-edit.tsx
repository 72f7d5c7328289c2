import { useForm } from 'react-hook-form';
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
  const { register, handleSubmit } = useForm({ defaultValues: { name: user.name, email: user.email, isAdmin: user.isAdmin } });

  const onSubmit = handleSubmit((fields) => updateUser.mutate({ id: user._id, ...fields }, { onSuccess: () => navigate('/admin/userList') }));

  return (
    <form onSubmit={onSubmit}>
      {updateUser.error && <Alert variant="danger">{updateUser.error.message}</Alert>}
      <Field label="Name">
        <Input autoComplete="off" {...register('name')} />
      </Field>
      <Field label="Email">
        <Input type="email" autoComplete="off" {...register('email')} />
      </Field>
      <Check label="Is Admin?" {...register('isAdmin')} />
      <Button type="submit" disabled={updateUser.isPending}>
        Update User
      </Button>
      {updateUser.isPending && <Spinner size="sm" label="Saving..." />}
    </form>
  );
}
