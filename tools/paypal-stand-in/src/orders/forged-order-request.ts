/**
 * Reads the body of POST /stand-in/orders, the test helper that makes an
 * order directly in a given state (by default paid and captured), so a
 * shop's tests can present forged, underpaid or foreign-currency payments.
 */
import { readAmount } from '../money.js';
import { Issues, isPlainObject, optionalString, withoutUndefined } from '../validation.js';
import { readBuyer } from './buyer.js';
import type { CaptureStatus, OrderStatus } from './order.js';
import type { ForgedOrder } from './order-store.js';

const STATUSES: readonly OrderStatus[] = ['CREATED', 'APPROVED', 'COMPLETED'];
const CAPTURE_STATUSES: readonly CaptureStatus[] = ['COMPLETED', 'PENDING', 'DECLINED'];
const FIELDS = ['amount', 'status', 'capture_status', 'payer', 'reference_id', 'custom_id', 'invoice_id', 'description'];

export function readForgedOrder(body: unknown): ForgedOrder {
  const issues = new Issues();
  if (!isPlainObject(body)) {
    issues.malformed('MALFORMED_REQUEST_JSON', '/');
    issues.throwIfAny();
  }
  const request = body as Record<string, unknown>;
  for (const key of Object.keys(request)) if (!FIELDS.includes(key)) issues.malformed('UNKNOWN_FIELD', `/${key}`);
  const amount = readAmount(request.amount, '/amount', issues, 'positive');
  const status = oneOf(request.status ?? 'COMPLETED', STATUSES, '/status', issues);
  const captureStatus = oneOf(request.capture_status ?? 'COMPLETED', CAPTURE_STATUSES, '/capture_status', issues);
  const texts = {
    reference_id: optionalString(request, 'reference_id', '/reference_id', 256, issues) ?? 'default',
    custom_id: optionalString(request, 'custom_id', '/custom_id', 127, issues),
    invoice_id: optionalString(request, 'invoice_id', '/invoice_id', 127, issues),
    description: optionalString(request, 'description', '/description', 127, issues),
  };
  issues.throwIfAny();
  if (!amount || !status || !captureStatus) throw new Error('unreachable: a missing field was reported above');
  return { purchase_unit: { ...withoutUndefined(texts), amount }, status, capture_status: captureStatus, payer: readBuyer(request.payer) };
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string, issues: Issues): T | undefined {
  if (allowed.includes(value as T)) return value as T;
  issues.malformed('INVALID_PARAMETER_VALUE', field, value);
  return undefined;
}
