import { eventExamples } from './event-catalogue.js';
import { eventProblem, eventSchemas, payloadProblem, type FieldSchema } from './event-schemas.js';
import { Subjects, type Subject } from './events.js';

const subjects = Object.values(Subjects);

/** The field paths a schema describes (`items[].quantity`), and those a value has. */
function schemaPaths(schema: FieldSchema, path = ''): string[] {
  if (schema.kind === 'object') return Object.entries(schema.fields).flatMap(([name, field]) => [`${path}${name}`, ...schemaPaths(field, `${path}${name}.`)]);
  if (schema.kind === 'list') return schemaPaths(schema.of, path.replace(/\.$/, '[].'));
  return [];
}
function valuePaths(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((entry) => valuePaths(entry, path.replace(/\.$/, '[].'))))];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, field]) => [`${path}${name}`, ...valuePaths(field, `${path}${name}.`)]);
}

describe('the event contracts', () => {
  it.each(subjects)('%s has a schema and a canonical example that keeps it', (subject) => {
    expect(eventSchemas[subject]).toBeDefined();
    expect(payloadProblem(subject, eventExamples[subject])).toBeUndefined();
  });

  it.each(subjects)('%s: the example has exactly the fields the schema describes (the schema names no field the payload type lacks)', (subject) => {
    expect(valuePaths(eventExamples[subject]).sort()).toEqual(schemaPaths(eventSchemas[subject]).sort());
  });

  it('describes no subject the shop does not have', () => {
    expect(Object.keys(eventSchemas).sort()).toEqual([...subjects].sort());
  });

  const envelope = (subject: Subject, data: unknown) => ({ id: '9d0c8b7a-6f5e-4d3c-8b2a-190807060504', subject, occurredAt: '2026-11-23T10:00:00.000Z', data });

  it('accepts an event that keeps its contract, with fields it does not know added', () => {
    expect(eventProblem('order.placed', envelope('order.placed', { ...eventExamples['order.placed'], couponCode: 'NEW' }))).toBeUndefined();
  });

  it('takes a correlation id (a request id) or none, and refuses one that is no request id', () => {
    const placed = envelope('order.placed', eventExamples['order.placed']);
    expect(eventProblem('order.placed', { ...placed, correlationId: 'b1946ac92492d2347c6235b4d2611184' })).toBeUndefined();
    expect(eventProblem('order.placed', { ...placed, correlationId: 'x'.repeat(65) })).toMatch(/^correlationId must be a text of at most 64 characters/);
    expect(eventProblem('order.placed', { ...placed, correlationId: 42 })).toMatch(/^correlationId must be a text/);
  });

  it('says what is wrong with a payload that breaks it, down to the entry of a list', () => {
    const placed = eventExamples['order.placed'];
    expect(eventProblem('order.placed', envelope('order.placed', { ...placed, items: [{ productId: placed.items[0].productId, quantity: -1000 }] }))).toBe(
      'data.items 0.quantity must be a whole number from 1 to 10000',
    );
    expect(eventProblem('product.updated', envelope('product.updated', { ...eventExamples['product.updated'], priceCents: 1.5 }))).toBe(
      'data.priceCents must be a whole number from 0 to 2147483647',
    );
    expect(eventProblem('stock.rejected', envelope('stock.rejected', { ...eventExamples['stock.rejected'], reason: '' }))).toBe(
      'data.reason must be a text of at most 500 characters',
    );
    expect(eventProblem('user.created', envelope('user.updated', eventExamples['user.created']))).toBe(
      'subject "user.updated" is not the subject it came on (user.created)',
    );
    expect(eventProblem('user.created', { ...envelope('user.created', eventExamples['user.created']), occurredAt: 'yesterday' })).toBe(
      'occurredAt must be an ISO 8601 time',
    );
  });

  it('lets a stock rejection name no product when the product is no longer sold (catalog has no name for it)', () => {
    expect(payloadProblem('stock.rejected', { ...eventExamples['stock.rejected'], productName: '' })).toBeUndefined();
  });
});
