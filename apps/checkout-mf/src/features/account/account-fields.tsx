import { useState } from 'react';
import { Field, Input } from '@shop/ui';

/** What the sign-up and profile forms hold: name, email, a new password and its confirmation. */
export interface AccountValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** The account form's state, starting from `name` and `email`, with the passwords empty. */
export function useAccountFields(initial: { name: string; email: string } = { name: '', email: '' }) {
  const [values, setValues] = useState<AccountValues>({ name: initial.name, email: initial.email, password: '', confirmPassword: '' });
  const change = (field: keyof AccountValues) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  return {
    values,
    change,
    /** Spec section 5: the password and its confirmation must match ('Password do not match'). */
    passwordsMatch: values.password === values.confirmPassword,
    clearPasswords: () => setValues((current) => ({ ...current, password: '', confirmPassword: '' })),
  };
}

export interface AccountFieldsProps {
  values: AccountValues;
  change: (field: keyof AccountValues) => (value: string) => void;
  /** Sign-up needs a password; the profile keeps the old one when both are left empty. */
  passwordRequired: boolean;
}

/** Name, Email Address (the browser's email input), Password and Confirm Password. */
export function AccountFields({ values, change, passwordRequired }: AccountFieldsProps) {
  return (
    <>
      <Field label="Name">
        <Input required autoComplete="name" value={values.name} onChange={(event) => change('name')(event.target.value)} />
      </Field>
      <Field label="Email Address">
        <Input type="email" required autoComplete="email" value={values.email} onChange={(event) => change('email')(event.target.value)} />
      </Field>
      <Field label="Password">
        <Input
          type="password"
          required={passwordRequired}
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => change('password')(event.target.value)}
        />
      </Field>
      <Field label="Confirm Password">
        <Input
          type="password"
          required={passwordRequired}
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(event) => change('confirmPassword')(event.target.value)}
        />
      </Field>
    </>
  );
}
