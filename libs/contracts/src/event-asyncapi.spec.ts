import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { asyncApiOfEvents } from './event-asyncapi.js';
import { EVENTS } from './events.js';

const published = fileURLToPath(new URL('../../../docs/events.asyncapi.json', import.meta.url));

describe('the AsyncAPI document of the events', () => {
  it('is published in docs/ as the events are described (regenerate: node libs/contracts/scripts/write-asyncapi.mjs)', () => {
    expect(JSON.parse(readFileSync(published, 'utf8'))).toEqual(asyncApiOfEvents());
  });

  it("has a channel per subject with its payload's fields, its producer sending and its consumers receiving", () => {
    const document = asyncApiOfEvents() as {
      channels: Record<string, { messages: Record<string, { payload: { properties: { data: { properties: Record<string, unknown>; required: string[] } } } }> }>;
      operations: Record<string, { action: string; channel: { $ref: string } }>;
    };
    expect(Object.keys(document.channels).sort()).toEqual(Object.keys(EVENTS).sort());
    const [placed] = Object.values(document.channels['order.placed'].messages);
    expect(placed.payload.properties.data.required).toEqual(['orderId', 'userId', 'items']);
    expect(placed.payload.properties.data.properties.items).toMatchObject({ type: 'array', minItems: 1, maxItems: 1000 });
    expect(document.operations['orders.send.order.placed']).toEqual({ action: 'send', channel: { $ref: '#/channels/order.placed' }, summary: expect.any(String) });
    expect(document.operations['catalog/orders.receive.order.placed']).toMatchObject({ action: 'receive' });
  });
});
