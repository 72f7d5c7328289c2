import { ValidateBy, type ValidationOptions } from 'class-validator';

export { IsText, IsWholeNumber, Trimmed } from '@shop/service-kit';

/** A list of 1 to `max` entries; a missing or empty list gets `emptyMessage`. */
export function IsNonEmptyList(max: number, emptyMessage: string, validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNonEmptyList',
      constraints: [max],
      validator: {
        validate: (value: unknown) => Array.isArray(value) && value.length > 0 && value.length <= max,
        defaultMessage: (args) => {
          const value: unknown = args?.value;
          if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return emptyMessage;
          if (!Array.isArray(value)) return `${args?.property ?? 'value'} must be a list`;
          return `${args?.property ?? 'value'} must have at most ${max} entries`;
        },
      },
    },
    validationOptions,
  );
}
