import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/*
 * Validators the services' DTOs share, each with one clear message whatever is
 * wrong with the value (class-validator's own stack several per field).
 */

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

/** A whole number from `min` to `max`: a JSON number (a query string must be turned into one by the DTO first). */
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
