/**
 * Reads the body of POST /v2/checkout/orders and checks it as PayPal does:
 * the schema first (400 INVALID_REQUEST), then the business rules (422
 * UNPROCESSABLE_ENTITY), every problem reported with the path of its field.
 */
import { type Amount, type Money, readAmount, wire } from '../money.js';
import { Issues, isPlainObject, optionalString, withoutUndefined } from '../validation.js';
import type { OrderIntent, PurchaseUnit } from './order.js';

/** A purchase unit as requested, before the stand-in adds the payee. */
export type RequestedPurchaseUnit = Omit<PurchaseUnit, 'payee' | 'capture'>;

export interface OrderRequest {
  /** CAPTURE unless the request says AUTHORIZE. */
  intent?: OrderIntent;
  purchase_units: RequestedPurchaseUnit[];
  return_url?: string;
  cancel_url?: string;
}

const MAX_PURCHASE_UNITS = 10;
const BREAKDOWN_ADDED = ['item_total', 'shipping', 'handling', 'tax_total', 'insurance'] as const;
const BREAKDOWN_SUBTRACTED = ['shipping_discount', 'discount'] as const;
const QUANTITY_PATTERN = /^[1-9][0-9]{0,9}$/;

/** The checked order request; throws the PayPal error for a bad one. */
export function readOrderRequest(body: unknown): OrderRequest {
  const issues = new Issues();
  if (!isPlainObject(body)) {
    issues.malformed('MALFORMED_REQUEST_JSON', '/');
    issues.throwIfAny();
  }
  const request = body as Record<string, unknown>;
  const intent = readIntent(request.intent, issues);
  const units = readPurchaseUnits(request.purchase_units, issues);
  const urls = readReturnUrls(request, issues);
  issues.throwIfAny();
  return { intent, purchase_units: units, ...urls };
}

/** CAPTURE or AUTHORIZE, as PayPal takes both (an AUTHORIZE order is created and approved, never captured here). */
function readIntent(intent: unknown, issues: Issues): OrderIntent {
  if (intent === undefined || intent === null) issues.malformed('MISSING_REQUIRED_PARAMETER', '/intent');
  else if (intent !== 'CAPTURE' && intent !== 'AUTHORIZE') issues.malformed('INVALID_PARAMETER_VALUE', '/intent', intent);
  return intent === 'AUTHORIZE' ? 'AUTHORIZE' : 'CAPTURE';
}

function readPurchaseUnits(raw: unknown, issues: Issues): RequestedPurchaseUnit[] {
  if (raw === undefined || raw === null) {
    issues.malformed('MISSING_REQUIRED_PARAMETER', '/purchase_units');
    return [];
  }
  if (!Array.isArray(raw)) {
    issues.malformed('INVALID_PARAMETER_SYNTAX', '/purchase_units', raw);
    return [];
  }
  if (raw.length === 0) issues.malformed('INVALID_ARRAY_MIN_ITEMS', '/purchase_units');
  if (raw.length > MAX_PURCHASE_UNITS) issues.malformed('INVALID_ARRAY_MAX_ITEMS', '/purchase_units');
  const units = raw.flatMap((unit: unknown, index) => {
    const read = readPurchaseUnit(unit, index, issues);
    return read ? [read] : [];
  });
  if (raw.length > 1) checkReferenceIds(raw, issues);
  return units;
}

function checkReferenceIds(raw: unknown[], issues: Issues): void {
  const seen = new Set<unknown>();
  raw.forEach((unit, index) => {
    const id = isPlainObject(unit) ? unit.reference_id : undefined;
    if (id === undefined || id === null) issues.unprocessable('REFERENCE_ID_REQUIRED', `/purchase_units/${index}/reference_id`);
    else if (seen.has(id)) issues.unprocessable('DUPLICATE_REFERENCE_ID', `/purchase_units/${index}/reference_id`, id);
    seen.add(id);
  });
}

function readPurchaseUnit(raw: unknown, index: number, issues: Issues): RequestedPurchaseUnit | undefined {
  if (!isPlainObject(raw)) {
    issues.malformed('INVALID_PARAMETER_SYNTAX', `/purchase_units/${index}`, raw);
    return undefined;
  }
  const referenceId = optionalString(raw, 'reference_id', `/purchase_units/${index}/reference_id`, 256, issues) ?? 'default';
  const path = `/purchase_units/@reference_id=='${referenceId}'`;
  const amount = readAmount(raw.amount, `${path}/amount`, issues, 'positive');
  const breakdown = isPlainObject(raw.amount) ? readBreakdown(raw.amount.breakdown, amount, `${path}/amount/breakdown`, issues) : undefined;
  const items = readItems(raw.items, amount, breakdown, path, issues);
  const shipping = raw.shipping;
  if (shipping !== undefined && !isPlainObject(shipping)) issues.malformed('INVALID_PARAMETER_SYNTAX', `${path}/shipping`, shipping);
  const texts = {
    description: optionalString(raw, 'description', `${path}/description`, 127, issues),
    custom_id: optionalString(raw, 'custom_id', `${path}/custom_id`, 127, issues),
    invoice_id: optionalString(raw, 'invoice_id', `${path}/invoice_id`, 127, issues),
    soft_descriptor: optionalString(raw, 'soft_descriptor', `${path}/soft_descriptor`, 22, issues),
  };
  if (!amount) return undefined;
  return withoutUndefined({
    reference_id: referenceId,
    amount: breakdown ? { ...amount, breakdown: wireBreakdown(breakdown) } : amount,
    ...texts,
    items,
    shipping: isPlainObject(shipping) ? shipping : undefined,
  });
}

function readBreakdown(raw: unknown, amount: Amount | undefined, field: string, issues: Issues): Record<string, Amount> | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isPlainObject(raw)) {
    issues.malformed('INVALID_PARAMETER_SYNTAX', field, raw);
    return undefined;
  }
  const breakdown: Record<string, Amount> = {};
  for (const key of [...BREAKDOWN_ADDED, ...BREAKDOWN_SUBTRACTED]) {
    if (raw[key] === undefined) continue;
    const line = readAmount(raw[key], `${field}/${key}`, issues, 'not-negative');
    if (line) breakdown[key] = line;
  }
  if (!amount || Object.keys(breakdown).length === 0) return breakdown;
  const valueField = field.replace(/\/breakdown$/, '/value');
  if (Object.values(breakdown).some((line) => line.currency_code !== amount.currency_code)) {
    issues.unprocessable('CURRENCY_MISMATCH', field.replace(/\/breakdown$/, '/currency_code'), amount.currency_code);
    return breakdown;
  }
  const sum = (keys: readonly string[]) => keys.reduce((total, key) => total + (breakdown[key]?.minor ?? 0n), 0n);
  if (sum(BREAKDOWN_ADDED) - sum(BREAKDOWN_SUBTRACTED) !== amount.minor) issues.unprocessable('AMOUNT_MISMATCH', valueField, amount.value);
  return breakdown;
}

function readItems(
  raw: unknown,
  amount: Amount | undefined,
  breakdown: Record<string, Amount> | undefined,
  path: string,
  issues: Issues,
): unknown[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw)) {
    issues.malformed('INVALID_PARAMETER_SYNTAX', `${path}/items`, raw);
    return undefined;
  }
  let itemsTotal = 0n;
  let priced = false;
  raw.forEach((item: unknown, index) => {
    const field = `${path}/items/${index}`;
    if (!isPlainObject(item)) {
      issues.malformed('INVALID_PARAMETER_SYNTAX', field, item);
      return;
    }
    if (item.name === undefined) issues.malformed('MISSING_REQUIRED_PARAMETER', `${field}/name`);
    else optionalString(item, 'name', `${field}/name`, 127, issues);
    const quantity = typeof item.quantity === 'number' ? String(item.quantity) : item.quantity;
    if (quantity === undefined) issues.malformed('MISSING_REQUIRED_PARAMETER', `${field}/quantity`);
    else if (typeof quantity !== 'string' || !QUANTITY_PATTERN.test(quantity)) issues.malformed('INVALID_PARAMETER_SYNTAX', `${field}/quantity`, item.quantity);
    const unitAmount = readAmount(item.unit_amount, `${field}/unit_amount`, issues, 'not-negative');
    if (unitAmount && typeof quantity === 'string' && QUANTITY_PATTERN.test(quantity)) {
      priced = true;
      itemsTotal += unitAmount.minor * BigInt(quantity);
    }
  });
  if (amount && priced) {
    const itemTotal = breakdown?.item_total;
    if (!itemTotal) issues.unprocessable('ITEM_TOTAL_REQUIRED', `${path}/amount/breakdown/item_total`);
    else if (itemTotal.minor !== itemsTotal) issues.unprocessable('ITEM_TOTAL_MISMATCH', `${path}/amount/breakdown/item_total/value`, itemTotal.value);
  }
  return raw;
}

function readReturnUrls(request: Record<string, unknown>, issues: Issues): { return_url?: string; cancel_url?: string } {
  const paymentSource = isPlainObject(request.payment_source) ? request.payment_source : {};
  const paypal = isPlainObject(paymentSource.paypal) ? paymentSource.paypal : {};
  const contexts: [Record<string, unknown>, string][] = [
    [isPlainObject(paypal.experience_context) ? paypal.experience_context : {}, '/payment_source/paypal/experience_context'],
    [isPlainObject(request.application_context) ? request.application_context : {}, '/application_context'],
  ];
  const urls: { return_url?: string; cancel_url?: string } = {};
  for (const key of ['return_url', 'cancel_url'] as const) {
    for (const [context, path] of contexts) {
      const url = optionalString(context, key, `${path}/${key}`, 4000, issues);
      if (url === undefined) continue;
      if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) issues.malformed('INVALID_PARAMETER_SYNTAX', `${path}/${key}`, url);
      else urls[key] ??= url;
    }
  }
  return urls;
}

const wireBreakdown = (breakdown: Record<string, Amount>): Record<string, Money> =>
  Object.fromEntries(Object.entries(breakdown).map(([key, line]) => [key, wire(line)]));
