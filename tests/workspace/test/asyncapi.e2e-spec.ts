/**
 * The events' AsyncAPI document (docs/events.asyncapi.json, written from libs/contracts' EVENTS) is what
 * a consumer's team generates code and docs from; the AsyncAPI parser, which those tools use, must read it
 * with no diagnostic at all (errors, warnings, nor its advice), and must refuse a broken one.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Parser } from '@asyncapi/parser';

const published = fileURLToPath(new URL('../../../docs/events.asyncapi.json', import.meta.url));
const SEVERITY = ['error', 'warning', 'information', 'hint'];

async function parse(document: string) {
  const { document: parsed, diagnostics } = await new Parser().parse(document);
  return { parsed, diagnostics: diagnostics.map((diagnostic) => `${SEVERITY[diagnostic.severity]} ${diagnostic.code} at ${diagnostic.path.join('.')}: ${diagnostic.message}`) };
}

describe("the events' AsyncAPI document", () => {
  it('is read by the AsyncAPI parser with no diagnostic, every channel and operation in it', async () => {
    const text = readFileSync(published, 'utf8');
    const { parsed, diagnostics } = await parse(text);
    expect(diagnostics).toEqual([]);
    const raw = JSON.parse(text) as { channels: object; operations: object };
    expect(parsed?.channels().length).toBe(Object.keys(raw.channels).length);
    expect(parsed?.operations().length).toBe(Object.keys(raw.operations).length);
    process.stdout.write(`asyncapi: ${parsed?.channels().length} channels, ${parsed?.operations().length} operations, ${parsed?.allMessages().length} messages, 0 diagnostics\n`);
  });

  it('is refused when an operation points at a channel that does not exist', async () => {
    const broken = JSON.parse(readFileSync(published, 'utf8')) as { operations: Record<string, { channel: { $ref: string } }> };
    const [first] = Object.values(broken.operations);
    first.channel = { $ref: '#/channels/no.such.subject' };
    const { parsed, diagnostics } = await parse(JSON.stringify(broken));
    expect(parsed).toBeUndefined();
    expect(diagnostics.some((line) => line.startsWith('error'))).toBe(true);
  });
});
