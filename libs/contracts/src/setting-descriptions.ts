import { z } from 'zod';

/**
 * One setting as the part that reads it describes it: what `node <part>/dist/main.js describe-settings`
 * prints, and what tools/scripts/settings-docs.mjs writes docs/settings.md and .env.example from.
 */
export interface SettingDescription {
  name: string;
  /** The default as written in the environment (`30m`, `true`, `3000`); absent: unset unless given. */
  default?: string;
  /** What the setting does for this part: the schema's `.meta({ description })`. */
  description: string;
  /** A value worth showing for a setting unset by default (`https://shop.example`), from `.meta({ examples })`. */
  example?: string;
}

/** What `describe-settings` prints: the part's name and each setting it reads, in its schema's order. */
export interface PartSettingsDescription {
  part: string;
  settings: SettingDescription[];
}

/** A zod schema as far as describing it goes: its kind and the schemas it wraps. */
interface SchemaNode {
  _zod: { def: { type: string; innerType?: SchemaNode; in?: SchemaNode; out?: SchemaNode; defaultValue?: unknown } };
}

/** The schema and those it wraps, outermost first: `.default()`, `.optional()`, `.pipe()`, `z.preprocess()`. */
function* layersOf(schema: SchemaNode): Generator<SchemaNode> {
  yield schema;
  const { innerType, in: input, out } = schema._zod.def;
  for (const inner of [innerType, input, out]) if (inner) yield* layersOf(inner);
}

/** A default in the environment's own form; a parsed one (a list, seconds of a `12h`) cannot be written back. */
function environmentText(name: string, value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new Error(`${name}: its default is not written as the environment would be; give it with .prefault('…') before parsing`);
}

/**
 * Each setting of a zod settings object with its default (`.default()`, or `.prefault()` for a value
 * parsed like one set) and its description and example (`.meta({ description, examples })`). A setting
 * without a description is an error: every setting the shop reads is documented from here.
 */
export function describeSettings(settings: Record<string, unknown>): SettingDescription[] {
  return Object.entries(settings).map(([name, schema]) => {
    const layers = [...layersOf(schema as SchemaNode)];
    const meta = layers.map((layer) => z.globalRegistry.get(layer as unknown as z.ZodType)).find((found) => found?.description);
    if (!meta?.description) throw new Error(`${name}: no description; give its schema .meta({ description: '…' })`);
    const withDefault = layers.find((layer) => layer._zod.def.type === 'default' || layer._zod.def.type === 'prefault');
    const example = Array.isArray(meta.examples) ? meta.examples[0] : undefined;
    return {
      name,
      ...(withDefault ? { default: environmentText(name, withDefault._zod.def.defaultValue) } : {}),
      description: meta.description,
      ...(example === undefined ? {} : { example: String(example) }),
    };
  });
}
