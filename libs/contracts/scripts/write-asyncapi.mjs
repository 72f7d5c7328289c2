/** Writes docs/events.asyncapi.json from the built contracts (`npx nx build @shop/contracts` first). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { asyncApiOfEvents } from '../dist/index.js';

const target = fileURLToPath(new URL('../../../docs/events.asyncapi.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(asyncApiOfEvents(), null, 2)}\n`);
process.stdout.write(`wrote ${target}\n`);
