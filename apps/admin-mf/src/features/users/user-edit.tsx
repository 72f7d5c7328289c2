import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { UserDto } from '@shop/contracts';
import { Alert, Button, Check, Field, Input, Spinner } from '@shop/ui';
import { useUser } from './api/get-user.js';
import { useUpdateUser } from './api/update-user.js';
import { EditScreen } from '../../shared/edit-screen.js';

export interface UserEditProps {
  userId: string;
}

/** 'Edit User' (spec section 2): name, email and 'Is Admin?', prefilled; 'Update User' saves and goes back to the users. */
export function UserEdit({ userId }: UserEditProps) {
  return (
    <EditScreen title="Edit User" backTo="/admin/userList" query={useUser(userId)}>
      {(user) => <UserForm user={user} />}
    </EditScreen>
  );
}

function UserForm({ user }: { user: UserDto }) {
  const navigate = useNavigate();
  const updateUser = useUpdateUser();
  const { register, handleSubmit } = useForm({ defaultValues: { name: user.name, email: user.email, isAdmin: user.isAdmin } });

  // handleSubmit's promise ends when the fields are checked and the callback has run; mutate reports a
  // failure in updateUser.error, never by rejecting, so the submit does not wait for it (`void`).
  const onSubmit = handleSubmit((fields) => updateUser.mutate({ id: user._id, ...fields }, { onSuccess: () => navigate('/admin/userList') }));

  return (
    <form onSubmit={(event) => void onSubmit(event)}>
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
