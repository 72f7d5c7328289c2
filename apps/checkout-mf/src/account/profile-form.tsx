import { useState, type FormEvent } from 'react';
import type { ProfileDto } from '@shop/contracts';
import { useUpdateProfile } from '@shop/shop-client';
import { Alert, Button, Field, Input, Spinner } from '@shop/ui';

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
  const [name, setName] = useState(profile.name);
  const [email, setEmail] = useState(profile.email);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [mismatch, setMismatch] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirmPassword) {
      update.reset();
      setMismatch(true);
      return;
    }
    setMismatch(false);
    update.mutate(password ? { name, email, password } : { name, email }, {
      onSuccess: () => {
        setPassword('');
        setConfirmPassword('');
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
        <Field label="Name">
          <Input required autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
        </Field>
        <Field label="Email Address">
          <Input type="email" required autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </Field>
        <Field label="Password">
          <Input
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <Field label="Confirm Password">
          <Input
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
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
