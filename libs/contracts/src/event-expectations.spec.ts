import { eventSchemas, type ObjectSchema } from './event-schemas.js';
import { expectationProblems, type ConsumerExpectations, type EventContracts } from './event-expectations.js';

/** A fabricated producer contract: product.updated without `image`, with a wider price and an optional name. */
const productContract: ObjectSchema = {
  kind: 'object',
  fields: {
    id: { kind: 'uuid' },
    name: { kind: 'text', maxLength: 200, allowEmpty: false, optional: true },
    priceCents: { kind: 'whole number', min: -100, max: 100_000_000_000 },
    countInStock: { kind: 'whole number', min: 0, max: 1_000 },
  },
};
const orderContract: ObjectSchema = {
  kind: 'object',
  fields: {
    orderId: { kind: 'uuid' },
    reason: { kind: 'text', maxLength: 1_000, allowEmpty: true },
    items: {
      kind: 'list',
      minEntries: 0,
      maxEntries: 10,
      of: { kind: 'object', fields: { productId: { kind: 'uuid' }, quantity: { kind: 'whole number', min: 0, max: 10 } } },
    },
  },
};
/**
 * Expectations as a consumer might have written them against another version of the payload types (the
 * types no longer compile them here, which is half of the protection; the check is the other half).
 */
const untyped = (expectations: Record<string, Record<string, unknown>>) => expectations as ConsumerExpectations;

const fabricated: EventContracts = { 'product.updated': productContract, 'order.placed': orderContract, 'order.cancelled': orderContract };

describe('checking consumer expectations against a producer contract', () => {
  it('passes an expectation the contract meets, whatever fields the consumer ignores', () => {
    const expectations: ConsumerExpectations = {
      'product.updated': { id: 'uuid', countInStock: { kind: 'whole number', min: 0, max: 2_147_483_647 } },
      'order.placed': { orderId: 'text', items: { kind: 'list', maxEntries: 100, of: { productId: 'uuid' } } },
    };
    expect(expectationProblems('orders/products', expectations, fabricated)).toEqual([]);
  });

  it('fails an expectation of a field the producer does not send, naming the consumer, the subject and the field', () => {
    expect(expectationProblems('orders/products', untyped({ 'product.updated': { id: 'uuid', image: 'text' } }), fabricated)).toEqual([
      'orders/products reads product.updated field image, which the producer (catalog) does not send',
    ]);
  });

  it('fails a field of another kind, a range wider than the consumer relies on, and a field that may be absent', () => {
    const expectations = untyped({
      'product.updated': { id: 'whole number', name: 'text', priceCents: { kind: 'whole number', min: 0, max: 2_147_483_647 } },
    });
    expect(expectationProblems('orders/products', expectations, fabricated)).toEqual([
      "orders/products reads product.updated field id as a whole number, but the producer's (catalog) contract says a UUID",
      "orders/products reads product.updated field name as a text, but the producer's (catalog) contract lets it be absent",
      "orders/products reads product.updated field priceCents as a whole number from 0 up to 2147483647, but the producer's (catalog) contract says a whole number from -100 to 100000000000",
    ]);
  });

  it('fails a text longer than the consumer stores, or possibly empty where it needs one', () => {
    const expectations = untyped({
      'order.cancelled': { reason: { kind: 'text', maxLength: 500 } },
      'order.placed': { reason: { kind: 'text', nonEmpty: true } },
    });
    expect(expectationProblems('catalog/orders', expectations, fabricated)).toEqual([
      "catalog/orders reads order.cancelled field reason as a text of at most 500 characters, but the producer's (orders) contract says a text of at most 1000 characters, possibly empty",
      "catalog/orders reads order.placed field reason as a non-empty text, but the producer's (orders) contract says a text of at most 1000 characters, possibly empty",
    ]);
  });

  it('checks a list and the fields of its entries', () => {
    const expectations: ConsumerExpectations = {
      'order.placed': { items: { kind: 'list', minEntries: 1, of: { productId: 'uuid', quantity: { kind: 'whole number', min: 1 } } } },
    };
    expect(expectationProblems('catalog/orders', expectations, fabricated)).toEqual([
      "catalog/orders reads order.placed field items as a list of at least 1 entries, but the producer's (orders) contract says a list of 0 to 10 entries",
    ]);
    expect(
      expectationProblems('catalog/orders', untyped({ 'order.placed': { items: { kind: 'list', of: { quantity: { kind: 'whole number', min: 1 }, price: 'whole number' } } } }), fabricated),
    ).toEqual([
      "catalog/orders reads order.placed field items[].quantity as a whole number from 1, but the producer's (orders) contract says a whole number from 0 to 10",
      'catalog/orders reads order.placed field items[].price, which the producer (orders) does not send',
    ]);
  });

  it('accepts a field that may be absent when the consumer copes with its absence', () => {
    expect(expectationProblems('orders/products', { 'product.updated': { name: { kind: 'text', optional: true } } }, fabricated)).toEqual([]);
  });

  it('fails a subject that has no contract', () => {
    expect(expectationProblems('orders/stock', { 'stock.reserved': { orderId: 'uuid' } }, fabricated)).toEqual(['orders/stock reads stock.reserved, which has no contract']);
  });

  it('checks against the shop\'s own contracts by default', () => {
    expect(expectationProblems('orders/stock', { 'stock.rejected': { orderId: 'uuid', reason: { kind: 'text', maxLength: 500 } } })).toEqual([]);
    expect(eventSchemas['stock.rejected'].fields.reason).toEqual({ kind: 'text', maxLength: 500, allowEmpty: false });
  });
});
