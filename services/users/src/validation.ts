import { Transform } from 'class-transformer';
import { isEmail, ValidateBy, type ValidationOptions } from 'class-validator';

export { IsText, Trimmed } from '@shop/service-kit';

/** Longest email address accepted (RFC 5321's limit on a path). */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * An email address, trimmed and lower-cased before it is checked: accounts are
 * told apart by email regardless of case, so it is kept in one case.
 */
export function IsEmailAddress(validationOptions?: ValidationOptions): PropertyDecorator {
  const normalise = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));
  const check = ValidateBy(
    {
      name: 'isEmailAddress',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && value.length <= MAX_EMAIL_LENGTH && isEmail(value),
        defaultMessage: (args) => `${args?.property ?? 'value'} must be an email address of at most ${MAX_EMAIL_LENGTH} characters`,
      },
    },
    validationOptions,
  );
  return (target, property) => {
    normalise(target, property);
    check(target, property);
  };
}

/** A new password: a string of 8 to 128 characters, taken as typed (not trimmed). */
export function IsNewPassword(validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNewPassword',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && value.length >= MIN_PASSWORD_LENGTH && value.length <= MAX_PASSWORD_LENGTH,
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long`,
      },
    },
    validationOptions,
  );
}
