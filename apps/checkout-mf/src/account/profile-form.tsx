import { useState, type FormEvent } from 'react';
import type { ProfileDto } from '@shop/contracts';
import { useUpdateProfile } from '@shop/shop-client';
import { Alert, Button, Spinner } from '@shop/ui';
import { AccountFields, useAccountFields } from './account-fields.js';

export interface ProfileFormProps {
  /** The profile as read; the form starts from its name and email. */
  profile: ProfileDto;
}

/**
 * Name, email, password and confirm password, then 'Update' (spec section 2). The password is optional
 * here: it is sent only when filled, and must match its confirmation (spec section 5).
 */
export function ProfileForm({ profile }: ProfileFormProps) {
  const update = useUpdateProfile();
  const account = useAccountFields(profile);
  const [mismatch, setMismatch] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!account.passwordsMatch) {
      update.reset();
      setMismatch(true);
      return;
    }
    setMismatch(false);
    const { name, email, password } = account.values;
    update.mutate(password ? { name, email, password } : { name, email }, { onSuccess: account.clearPasswords });
  }

  return (
    <section aria-labelledby="user-profile">
      <h1 id="user-profile">User Profile</h1>
      {mismatch && <Alert variant="danger">Password do not match</Alert>}
      {update.error && <Alert variant="danger">{update.error.message}</Alert>}
      {update.isSuccess && <Alert variant="success">Profile Updated!</Alert>}
      <form onSubmit={onSubmit}>
        <AccountFields values={account.values} change={account.change} passwordRequired={false} />
        <Button type="submit" disabled={update.isPending}>
          Update
        </Button>
        {update.isPending && <Spinner size="sm" label="Updating..." />}
      </form>
    </section>
  );
}
