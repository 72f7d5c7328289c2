import { domainToASCII, domainToUnicode } from 'node:url';
import { Transform } from 'class-transformer';
import { isEmail, ValidateBy, type ValidationOptions } from 'class-validator';
import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordStrengthProblem } from './users/password-strength.js';

export { IsText, Trimmed } from '@shop/service-kit';

/** Longest email address accepted (RFC 5321's limit on a path). */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * Characters that show as nothing or change the order of what shows: soft hyphen, zero-width
 * spaces and joiners, direction marks and overrides, word joiner and invisible operators, the BOM.
 * With them, `admin\u200b@example.com` would look like the admin's address and be another account.
 */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]|\p{Cc}/u;

/**
 * An email as the shop keeps it: NFKC (so `ａdmin` is `admin`), trimmed, lower-cased, and its domain
 * in its IDNA ASCII form (so `exämple.com` and `xn--exmple-cua.com` are one domain). A domain that
 * is no valid IDNA name is left as it was, for `IsEmailAddress` to refuse.
 */
export function normalEmail(email: string): string {
  const lowered = email.normalize('NFKC').trim().toLowerCase();
  const at = lowered.lastIndexOf('@');
  // Far past the length limit, the address is refused anyway: no IDNA work on a 100 KB domain.
  if (at < 0 || lowered.length > 4 * MAX_EMAIL_LENGTH) return lowered;
  const domain = domainToASCII(lowered.slice(at + 1));
  return domain ? `${lowered.slice(0, at)}@${domain}` : lowered;
}

/**
 * Whether an ASCII label that says it is Punycode (`xn--…`) decodes to a name that encodes back to it.
 * The URL standard (Node 24's URL parser) passes such a label through unchecked, so `xn--zzzzzz`,
 * which decodes to nothing valid, would otherwise be a domain.
 */
const isValidALabel = (label: string): boolean => {
  if (!label.startsWith('xn--')) return true;
  const unicode = domainToUnicode(label);
  return unicode !== '' && unicode !== label && !unicode.startsWith('xn--') && domainToASCII(unicode) === label;
};

/** Whether the domain of a normalised email is a valid IDNA name in its ASCII form (what `normalEmail` makes of a valid one). */
const hasAsciiDomain = (email: string): boolean => {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return domain !== '' && domainToASCII(domain) === domain && domain.split('.').every(isValidALabel);
};

/**
 * An email address, normalised before it is checked (NFKC, trimmed, lower
 * case, the domain in IDNA ASCII): accounts are told apart by email regardless
 * of case and of look-alike forms, so it is kept in one form. The rules a new
 * address must also meet (one script, no quotes, not like another account's)
 * are the accounts' own (`users/email/email-rules.ts`): an existing account
 * signs in with the address it has. An address holding invisible characters is
 * refused rather than cleaned, so that nobody is signed up under an address
 * other than the one they see.
 */
export function IsEmailAddress(validationOptions?: ValidationOptions): PropertyDecorator {
  const normalise = Transform(({ value }: { value: unknown }) => (typeof value === 'string' && !INVISIBLE.test(value) ? normalEmail(value) : value));
  const check = ValidateBy(
    {
      name: 'isEmailAddress',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && !INVISIBLE.test(value) && value.length <= MAX_EMAIL_LENGTH && isEmail(value) && hasAsciiDomain(value),
        defaultMessage: (args) =>
          typeof args?.value === 'string' && INVISIBLE.test(args.value)
            ? `${args.property} must not contain invisible or control characters`
            : typeof args?.value === 'string' && args.value.length <= MAX_EMAIL_LENGTH && isEmail(args.value)
              ? `${args.property} must have a valid domain name`
              : `${args?.property ?? 'value'} must be an email address of at most ${MAX_EMAIL_LENGTH} characters`,
      },
    },
    validationOptions,
  );
  return (target, property) => {
    normalise(target, property);
    check(target, property);
  };
}

/**
 * The 49,233 most common passwords of the breach corpora zxcvbn ranks guesses by
 * (@zxcvbn-ts/language-common): the first ones any attacker tries. Compared in lower case.
 */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(password.toLowerCase());

const hasNewPasswordLength = (value: unknown): value is string =>
  typeof value === 'string' && value.length >= MIN_PASSWORD_LENGTH && value.length <= MAX_PASSWORD_LENGTH;

/** What is wrong with a new password of the right length (named `property` in the message), or undefined. */
const newPasswordProblem = (password: string, property: string): string | undefined =>
  isCommonPassword(password) ? `${property} is one of the most common passwords, please choose another` : passwordStrengthProblem(password, property);

/**
 * A new password: 8 to 128 characters, taken as typed (not trimmed), none of the most common ones,
 * and not too easy to guess (`passwordStrengthProblem`: repeated or sequential characters, words).
 */
export function IsNewPassword(validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNewPassword',
      validator: {
        validate: (value: unknown) => hasNewPasswordLength(value) && newPasswordProblem(value, 'password') === undefined,
        defaultMessage: (args) =>
          hasNewPasswordLength(args?.value)
            ? (newPasswordProblem(args.value, args.property) ?? '')
            : `${args?.property ?? 'value'} must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long`,
      },
    },
    validationOptions,
  );
}
