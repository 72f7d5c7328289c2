import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { bounded } from './input-safety.js';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- class-validator and class-transformer key their metadata by constructor
type Class = Function;

/** What a DTO class takes: its fields (those with a validation rule, as class-validator's whitelist), and the class of each nested one. */
interface Shape {
  fields: Set<string>;
  nested: Map<string, Class>;
}

const shapes = new WeakMap<Class, Shape>();

/**
 * The class class-transformer makes of `property` (its `@Type`), found through the public API:
 * the class of what a one-item value of it becomes. Undefined when the property has no class.
 */
function nestedClassOf(type: Class, property: string): Class | undefined {
  for (const sample of [[{}], {}]) {
    try {
      const made = (plainToInstance(type as new () => object, { [property]: sample }) as Record<string, unknown>)[property];
      const item: unknown = Array.isArray(made) ? made[0] : made;
      const ctor = (item as { constructor?: unknown } | null)?.constructor;
      if (typeof ctor === 'function' && ctor !== Object && ctor !== Array) return ctor as Class;
    } catch {
      // a @Transform that cannot take the sample: try the other one
    }
  }
  return undefined;
}

function shapeOf(type: Class): Shape {
  let shape = shapes.get(type);
  if (shape) return shape;
  // The same metadata class-validator's whitelist reads (no groups, as the services' pipe validates).
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(type, '', false, false);
  shape = { fields: new Set(metadatas.map((metadata) => metadata.propertyName)), nested: new Map() };
  for (const metadata of metadatas) {
    if (metadata.type !== ValidationTypes.NESTED_VALIDATION || shape.nested.has(metadata.propertyName)) continue;
    const nested = nestedClassOf(type, metadata.propertyName);
    if (nested) shape.nested.set(metadata.propertyName, nested);
  }
  shapes.set(type, shape);
  return shape;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Most fields and list items, counted together at every level, of a value validated against a DTO.
 * The largest the shop takes, an order of 100 lines of 6 fields, holds about 710. Copying and
 * validating costs some microseconds per entry (class-validator about 20 µs per nested object),
 * so a value of 1 KB-sized limits' worth of tiny entries would otherwise cost seconds.
 */
export const MAX_VALIDATED_ENTRIES = 1_000;

export const TOO_MANY_ENTRIES = `Too many fields and list items (${MAX_VALIDATED_ENTRIES} at most)`;

/**
 * What to refuse at once in `value` before it is validated against the DTO `type`: the first field
 * that the DTO (or a nested DTO of it, in an object or a list) does not declare, in class-validator's
 * own words (`property x should not exist`, `orderItems.0.property x should not exist`), the name
 * cut to a few dozen characters; or more than MAX_VALIDATED_ENTRIES fields and items in all.
 * Undefined when neither. One look per key and item, stopping at the first problem: whitelist
 * validation would instead copy the whole value (class-transformer dedupes each object's keys in
 * quadratic time) and list every unknown key in its answer.
 */
export function shapeProblem(value: unknown, type: Class): string | undefined {
  if (!isPlainObject(value)) return undefined;
  let entries = 0;
  // DTO objects, checked against their class; other values (a list or an object where a scalar
  // belongs, or a list of nested DTOs) are only counted, their DTO items queued.
  const objects: [Record<string, unknown>, Class, string][] = [[value, type, '']];
  const others: [unknown, Class | undefined, string][] = [];
  while (objects.length > 0 || others.length > 0) {
    if (objects.length > 0) {
      const [object, objectType, path] = objects.pop()!;
      const shape = shapeOf(objectType);
      for (const key of Object.keys(object)) {
        if (!shape.fields.has(key)) return `${path ? `${bounded(path)}.` : ''}property ${bounded(key)} should not exist`;
        if (++entries > MAX_VALIDATED_ENTRIES) return TOO_MANY_ENTRIES;
        const child = object[key];
        if (typeof child === 'object' && child !== null) others.push([child, shape.nested.get(key), path ? `${path}.${key}` : key]);
      }
      continue;
    }
    const [item, nested, path] = others.pop()!;
    if (nested && isPlainObject(item)) {
      objects.push([item, nested, path]);
      continue;
    }
    // A list (of nested DTOs, or of anything where a scalar belongs), or an object where a scalar belongs.
    const children: unknown[] = Array.isArray(item) ? item : Object.values(item as object);
    entries += children.length;
    if (entries > MAX_VALIDATED_ENTRIES) return TOO_MANY_ENTRIES;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (typeof child === 'object' && child !== null) others.push([child, Array.isArray(item) ? nested : undefined, `${path}.${i}`]);
    }
  }
  return undefined;
}
