import { z } from 'zod';
import { describeSettings } from './setting-descriptions.js';

const seconds = z.string().transform((text) => Number.parseInt(text, 10) * 60);

describe("a part's settings described from its schema", () => {
  it('gives each setting its default as the environment writes it, its description and example, in the schema’s order', () => {
    const settings = {
      PORT: z.coerce.number().int().default(3001).meta({ description: 'The port.' }),
      SEED: z.stringbool().default(true).meta({ description: 'Seed it.' }),
      HOLD: seconds.prefault('30').meta({ description: 'A duration, parsed.' }),
      ORIGINS: z.string().default('').transform((text) => text.split(' ')).meta({ description: 'Origins.', examples: ['https://a.example'] }),
      KEY: z.preprocess((value) => (value === '' ? undefined : value), z.string().optional()).meta({ description: 'Unset by default.' }),
    };
    expect(describeSettings(settings)).toEqual([
      { name: 'PORT', default: '3001', description: 'The port.' },
      { name: 'SEED', default: 'true', description: 'Seed it.' },
      { name: 'HOLD', default: '30', description: 'A duration, parsed.' },
      { name: 'ORIGINS', default: '', description: 'Origins.', example: 'https://a.example' },
      { name: 'KEY', description: 'Unset by default.' },
    ]);
  });

  it('finds a description given before the default or the optional', () => {
    expect(describeSettings({ URL: z.url().meta({ description: 'Where.' }).optional() })).toEqual([{ name: 'URL', description: 'Where.' }]);
  });

  it('refuses a setting without a description, and a default only its parsed form holds', () => {
    expect(() => describeSettings({ PORT: z.coerce.number().default(1) })).toThrow('PORT: no description');
    expect(() => describeSettings({ LIST: z.string().transform((text) => [text]).default(['a']).meta({ description: 'A list.' }) })).toThrow(
      "LIST: its default is not written as the environment would be; give it with .prefault('…') before parsing",
    );
  });
});
