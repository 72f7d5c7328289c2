import { ValidateBy, type ValidationOptions } from 'class-validator';

export { IsText, IsWholeNumber, Trimmed } from '@shop/service-kit';

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

/** A list of 1 to `maxItems` non-empty strings of at most `maxLength` characters each. One message whatever is wrong. */
export function IsTextList(maxItems: number, maxLength: number, validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isTextList',
      constraints: [maxItems, maxLength],
      validator: {
        validate: (value: unknown) =>
          Array.isArray(value) &&
          value.length > 0 &&
          value.length <= maxItems &&
          value.every((item) => typeof item === 'string' && item.length > 0 && item.length <= maxLength),
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be at most ${maxItems} texts of at most ${maxLength} characters each (repeat the parameter)`,
      },
    },
    validationOptions,
  );
}
