import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/** Trims a string value before it is validated; leaves anything else for the validators to reject. */
export const Trimmed = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** A string of at most `max` characters (after trimming), non-empty unless `allowEmpty`. One message whatever is wrong. */
export function IsText(max: number, options: { allowEmpty?: boolean } & ValidationOptions = {}): PropertyDecorator {
  const { allowEmpty = false, ...validationOptions } = options;
  const what = allowEmpty ? 'a text' : 'a non-empty text';
  return ValidateBy(
    {
      name: 'isText',
      constraints: [max, allowEmpty],
      validator: {
        validate: (value: unknown) => typeof value === 'string' && value.length <= max && (allowEmpty || value.length > 0),
        defaultMessage: (args) => `${args?.property ?? 'value'} must be ${what} of at most ${max} characters`,
      },
    },
    validationOptions,
  );
}

/** A whole number from `min` to `max` (a JSON number, or a query string the DTO has turned into one). */
export function IsWholeNumber(min: number, max: number, validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isWholeNumber',
      constraints: [min, max],
      validator: {
        validate: (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max,
        defaultMessage: (args) => `${args?.property ?? 'value'} must be a whole number from ${min} to ${max}`,
      },
    },
    validationOptions,
  );
}

/** A non-negative amount of dollars with at most 2 decimals (whole cents), up to `max`. */
export function IsDollarAmount(max: number, validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isDollarAmount',
      constraints: [max],
      validator: {
        validate: (value: unknown) =>
          typeof value === 'number' &&
          Number.isFinite(value) &&
          value >= 0 &&
          value <= max &&
          Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
        defaultMessage: (args) => `${args?.property ?? 'value'} must be a number from 0 to ${max} with at most 2 decimals`,
      },
    },
    validationOptions,
  );
}

/** Dollars (at most 2 decimals) to integer cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** Integer cents to dollars. */
export const toDollars = (cents: number): number => cents / 100;
