import { useState, type FormEvent } from 'react';
import type { ProfileDto } from '@shop/contracts';
import { Alert, Button, Field, Input, Spinner } from '@shop/ui';
import { useUpdateProfile } from './api/update-profile.js';
import { AccountFields, useAccountFields } from './account-fields.js';

export interface ProfileFormProps {
  /** The profile as read; the form starts from its name and email. */
  profile: ProfileDto;
}

/** The email as the server keeps it, to tell whether the form changes it. */
const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * Name, email, password and confirm password, then 'Update' (spec section 2). The password is optional
 * here: it is sent only when filled, and must match its confirmation (spec section 5). A new email or
 * password also needs the current password (the server refuses them without it), so the field is
 * required exactly then; a new name alone does not.
 */
export function ProfileForm({ profile }: ProfileFormProps) {
  const update = useUpdateProfile();
  const account = useAccountFields(profile);
  const [currentPassword, setCurrentPassword] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const changesSignIn = account.values.password !== '' || normalEmail(account.values.email) !== normalEmail(profile.email);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!account.passwordsMatch) {
      update.reset();
      setMismatch(true);
      return;
    }
    setMismatch(false);
    const { name, email, password } = account.values;
    const changes = { name, email, ...(password ? { password } : {}), ...(changesSignIn ? { currentPassword } : {}) };
    update.mutate(changes, {
      onSuccess: () => {
        account.clearPasswords();
        setCurrentPassword('');
      },
    });
  }

  return (
    <section aria-labelledby="user-profile">
      <h1 id="user-profile">User Profile</h1>
      {mismatch && <Alert variant="danger">Password do not match</Alert>}
      {update.error && <Alert variant="danger">{update.error.message}</Alert>}
      {update.isSuccess && <Alert variant="success">Profile Updated!</Alert>}
      <form onSubmit={onSubmit}>
        <AccountFields values={account.values} change={account.change} passwordRequired={false} />
        <Field label="Current password">
          <Input
            type="password"
            required={changesSignIn}
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
        </Field>
        <Button type="submit" disabled={update.isPending}>
          Update
        </Button>
        {update.isPending && <Spinner size="sm" label="Updating..." />}
      </form>
    </section>
  );
}
